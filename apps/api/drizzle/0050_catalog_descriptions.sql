-- A plan's and a product's description in the portal's other languages, as staff write them on the
-- console's catalog page (ADR 0055): {"zh": …, "ms": …, "ta": …}, a language left out reading the
-- English `description`. A column with a constant default is added without rewriting the table, and
-- the release before, which does not name it, keeps working (ADR 0053).
SET LOCAL lock_timeout = '5s';
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "descriptions" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "descriptions" jsonb DEFAULT '{}'::jsonb NOT NULL;
