CREATE TABLE "products" (
	"code" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"price_cents" integer NOT NULL,
	"recurrence" text NOT NULL,
	"validity_days" integer,
	"shareable" boolean DEFAULT false NOT NULL,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"plan_codes" text[],
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "products_price_check" CHECK ("products"."price_cents" >= 0),
	CONSTRAINT "products_kind_check" CHECK ("products"."kind" IN ('addon', 'booster', 'top-up', 'roaming-pack', 'idd')),
	CONSTRAINT "products_validity_check" CHECK (("products"."recurrence" = 'once') = ("products"."validity_days" IS NOT NULL AND "products"."validity_days" > 0))
);
--> statement-breakpoint
CREATE TABLE "line_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"line_id" uuid NOT NULL,
	"line_ids" uuid[] NOT NULL,
	"product_code" text NOT NULL,
	"kind" text NOT NULL,
	"recurrence" text NOT NULL,
	"price_cents" integer NOT NULL,
	"source" text NOT NULL,
	"state" text NOT NULL,
	"request_key" text,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"billed_from" date,
	"mvne_product_id" text,
	"removal_sent_at" timestamp with time zone,
	"changed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "line_products_state_check" CHECK ("line_products"."state" IN ('pending', 'active', 'ending', 'ended', 'failed')),
	CONSTRAINT "line_products_lines_check" CHECK ("line_products"."line_id" = ANY("line_products"."line_ids"))
);
--> statement-breakpoint
ALTER TABLE "line_products" ADD CONSTRAINT "line_products_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_products" ADD CONSTRAINT "line_products_line_id_subscriptions_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_products" ADD CONSTRAINT "line_products_product_code_products_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."products"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "line_products_user_idx" ON "line_products" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "line_products_line_idx" ON "line_products" USING btree ("line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "line_products_request_key" ON "line_products" USING btree ("user_id","request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "line_products_live_key" ON "line_products" USING btree ("line_id","product_code") WHERE "line_products"."state" IN ('pending', 'active', 'ending') AND "line_products"."recurrence" = 'monthly';--> statement-breakpoint
INSERT INTO "products" ("code", "kind", "name", "description", "price_cents", "recurrence", "sort", "active", "created_at", "updated_at")
SELECT "code", 'addon', "name", "description", "monthly_cents", 'monthly', "sort", "active", "created_at", "updated_at" FROM "addons"
ON CONFLICT ("code") DO NOTHING;
