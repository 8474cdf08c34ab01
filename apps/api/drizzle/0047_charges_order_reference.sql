-- Billing sits below the modules that charge through it (ADR 0045): a charge names its order by id,
-- as it names its line, with no foreign key into orders. Dropping a constraint keeps the release
-- before this one working. The views order_billing_addresses and card_labels (migration 0045) are no
-- longer read: they stay while a release that reads them may still run, and go in a later release.
-- A lock the release before holds makes this fail within 5 s (and the start retried), rather than
-- queue every request behind it (ADR 0053).
SET LOCAL lock_timeout = '5s';
--> statement-breakpoint
ALTER TABLE "charges" DROP CONSTRAINT "charges_order_id_orders_id_fk";
--> statement-breakpoint
-- Orders own their orders; lines' part of the bill run reads a roadshow order's amounts here (ADR 0045).
CREATE VIEW "order_amounts" AS
  SELECT "id", "user_id", "order_number", "total_cents", "due_now_cents" FROM "orders";
