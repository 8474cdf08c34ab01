-- The catalog owns the products; other modules also read the plans a product may be added to
-- (ADR 0045): products' joins on a line's plan. The view keeps its columns first, so it is replaced.
CREATE OR REPLACE VIEW "product_names" AS
  SELECT "code", "name", "plan_codes" FROM "products";
--> statement-breakpoint
-- Orders own their orders; lines read where an order's SIM went through this view (ADR 0045).
CREATE VIEW "order_addresses" AS
  SELECT "id", "delivery_address", "billing_address" FROM "orders";
