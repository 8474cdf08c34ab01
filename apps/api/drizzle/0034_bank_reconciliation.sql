CREATE TABLE "reconciliation_cursors" (
	"source" text PRIMARY KEY NOT NULL,
	"cursor" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "unmatched_credits" ADD COLUMN "reason" text DEFAULT 'unknown-reference' NOT NULL;--> statement-breakpoint
ALTER TABLE "unmatched_credits" ADD COLUMN "bill_id" uuid;--> statement-breakpoint
ALTER TABLE "unmatched_credits" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "unmatched_credits" ADD COLUMN "resolved_by" uuid;--> statement-breakpoint
CREATE INDEX "unmatched_credits_open_idx" ON "unmatched_credits" USING btree ("settled_at") WHERE "unmatched_credits"."resolved_at" IS NULL;