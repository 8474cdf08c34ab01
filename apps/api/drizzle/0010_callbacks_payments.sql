DROP INDEX "refunds_order_key";--> statement-breakpoint
ALTER TABLE "myinfo_requests" ADD COLUMN "browser_hash" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "reason" text DEFAULT 'order-ended' NOT NULL;--> statement-breakpoint
-- Orders paid for before this had every checkout's attempt left pending: all but the newest are void.
UPDATE "payment_attempts" SET "status" = 'void' WHERE "status" = 'pending' AND "id" NOT IN (SELECT DISTINCT ON ("order_id") "id" FROM "payment_attempts" WHERE "status" = 'pending' ORDER BY "order_id", "created_at" DESC);--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_live_key" ON "payment_attempts" USING btree ("order_id") WHERE "payment_attempts"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_attempt_key" ON "refunds" USING btree ("attempt_id");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");