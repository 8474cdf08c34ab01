-- Auth owns the users table; other modules read who to write to about an account, and its status,
-- through this view (ADR 0045), so auth may change its table behind it.
CREATE VIEW "customer_contacts" AS
  SELECT "id", "email", "phone_number", "first_name", "last_name", "status" FROM "users";
--> statement-breakpoint
-- Staff own their table; other modules name who did what through this view (ADR 0045).
CREATE VIEW "staff_names" AS
  SELECT "id", "name", "role" FROM "staff_users";
--> statement-breakpoint
-- Lines own the subscriptions; other modules name a line by its number through this view (ADR 0045).
CREATE VIEW "line_numbers" AS
  SELECT "id", "user_id", "msisdn" FROM "subscriptions";
