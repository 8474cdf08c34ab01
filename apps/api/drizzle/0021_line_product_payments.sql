ALTER TABLE "line_products" ADD COLUMN "payment_state" text;--> statement-breakpoint
ALTER TABLE "line_products" ADD COLUMN "charge_id" text;--> statement-breakpoint
ALTER TABLE "line_products" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "line_products_charging_idx" ON "line_products" USING btree ("created_at") WHERE "line_products"."payment_state" = 'charging';