ALTER TABLE "line_products" ADD COLUMN "lines_sent_at" timestamp with time zone;--> statement-breakpoint
UPDATE "line_products" SET "lines_sent_at" = "updated_at" WHERE "mvne_product_id" IS NOT NULL;
