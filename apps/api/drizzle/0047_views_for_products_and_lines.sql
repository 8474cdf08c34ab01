-- The catalog owns plans and products; other modules name a plan or a product, and read a plan's
-- price and a product's plans, through these views (ADR 0045).
CREATE VIEW "plan_names" AS
  SELECT "code", "name", "monthly_cents" FROM "plans";
--> statement-breakpoint
CREATE VIEW "product_names" AS
  SELECT "code", "name", "plan_codes" FROM "products";
--> statement-breakpoint
-- Lines own the subscriptions; other modules join a line's account, number, plan, state and service
-- at the MVNE through this view (ADR 0045). Lines change a line, through lines' records.
CREATE VIEW "line_summaries" AS
  SELECT "id", "user_id", "msisdn", "plan_code", "is_main_line", "state", "mvne_service_id", "created_at"
    FROM "subscriptions";
--> statement-breakpoint
-- Orders own their orders; lines read where an order's SIM went through this view (ADR 0045).
CREATE VIEW "order_addresses" AS
  SELECT "id", "delivery_address", "billing_address" FROM "orders";
