ALTER TABLE "line_products" ADD COLUMN "card" text;--> statement-breakpoint
ALTER TABLE "line_products" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "line_products_unserved_idx" ON "line_products" USING btree ("updated_at") WHERE "line_products"."payment_state" = 'paid' AND "line_products"."mvne_product_id" IS NULL;