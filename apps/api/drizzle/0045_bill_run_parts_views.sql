-- Lines own the subscriptions; other modules read a line's account, order, plan, number, state and
-- when it was live through this view (ADR 0045): the bill run's parts, usage's import and summaries.
CREATE VIEW "line_terms" AS
  SELECT "id", "user_id", "line_user_id", "order_id", "msisdn", "plan_code", "is_main_line", "state",
         "mvne_service_id", "activated_at", "terminated_at", "created_at"
    FROM "subscriptions";
--> statement-breakpoint
-- The catalog owns the plans; other modules read a plan's name, price and allowances through this view.
CREATE VIEW "plan_terms" AS
  SELECT "code", "name", "monthly_cents", "data_gb", "talk_minutes", "sms" FROM "plans";
--> statement-breakpoint
-- And a product's name, as a bill names it.
CREATE VIEW "product_names" AS
  SELECT "code", "name" FROM "products";
--> statement-breakpoint
-- Billing owns the charges ledger; usage reads what a line was charged for a month's use so far
-- through this view, and charges a late record's difference only.
CREATE VIEW "line_charges" AS
  SELECT "line_id", "period", "kind", "amount_cents" FROM "charges" WHERE "line_id" IS NOT NULL;
--> statement-breakpoint
-- Orders own the orders and the cards on file; a bill is addressed to the billing address of the
-- account's latest order, and a failed deduction names the card it was tried on, through these views.
CREATE VIEW "order_billing_addresses" AS
  SELECT "user_id", "billing_address", "created_at" FROM "orders";
--> statement-breakpoint
CREATE VIEW "card_labels" AS
  SELECT "id", "user_id", "brand", "last4" FROM "payment_methods";
