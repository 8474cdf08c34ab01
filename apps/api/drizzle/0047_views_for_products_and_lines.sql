-- Lines own the subscriptions; other modules read a line's account, order, plan, number and state,
-- and when it was live, through this view (ADR 0045): products' joins on a line. Lines change a line,
-- through lines' records. Each view here is created or replaced, so that one made before under its
-- name, with the same columns first, is kept for its readers.
CREATE OR REPLACE VIEW "line_terms" AS
  SELECT "id", "user_id", "line_user_id", "order_id", "msisdn", "plan_code", "is_main_line", "state",
         "mvne_service_id", "activated_at", "terminated_at", "created_at"
    FROM "subscriptions";
--> statement-breakpoint
-- The catalog owns plans and products; other modules name a plan or a product, and read a plan's
-- price and allowances and the plans a product may be added to, through these views.
CREATE OR REPLACE VIEW "plan_terms" AS
  SELECT "code", "name", "monthly_cents", "data_gb", "talk_minutes", "sms" FROM "plans";
--> statement-breakpoint
CREATE OR REPLACE VIEW "product_names" AS
  SELECT "code", "name", "plan_codes" FROM "products";
--> statement-breakpoint
-- Orders own their orders; lines read where an order's SIM went through this view (ADR 0045).
CREATE VIEW "order_addresses" AS
  SELECT "id", "delivery_address", "billing_address" FROM "orders";
