DROP INDEX "charges_order_kind_key";--> statement-breakpoint
DROP INDEX "charges_source_key";--> statement-breakpoint
DROP INDEX "charges_line_period_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "charges_order_kind_key" ON "charges" USING btree ("order_id","kind") WHERE "charges"."order_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "charges_source_key" ON "charges" USING btree ("source_key") WHERE "charges"."source_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "charges_line_period_idx" ON "charges" USING btree ("line_id","period") WHERE "charges"."line_id" IS NOT NULL;