CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "orders_full_name_trgm_idx" ON "orders" USING gin (("profile"->>'fullName') gin_trgm_ops);