-- The views order_billing_addresses and card_labels (migration 0045) have been read by nothing since
-- migration 0047, whose release is long before the one this runs beside (ADR 0045, 0053): they go.
SET LOCAL lock_timeout = '5s';
--> statement-breakpoint
DROP VIEW IF EXISTS "order_billing_addresses";
--> statement-breakpoint
DROP VIEW IF EXISTS "card_labels";
