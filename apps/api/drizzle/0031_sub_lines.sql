ALTER TABLE "order_lines" ADD COLUMN "assignee" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "kind" text DEFAULT 'order' NOT NULL;--> statement-breakpoint
CREATE INDEX "order_lines_assignee_id_idx" ON "order_lines" USING btree (("assignee"->>'idNumber')) WHERE "order_lines"."assignee" is not null;