-- The language a customer chose for the portal and for what is sent to them (ADR 0055); null until
-- they choose. A nullable column with no default is added without rewriting the table, and the
-- release before, which does not name it, keeps working (ADR 0053).
SET LOCAL lock_timeout = '5s';
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text;
--> statement-breakpoint
-- Other modules write to a customer in their language: the view auth keeps for them (migration 0044)
-- gains the column, at its end, as CREATE OR REPLACE VIEW allows.
CREATE OR REPLACE VIEW "customer_contacts" AS
  SELECT "id", "email", "phone_number", "first_name", "last_name", "status", "language" FROM "users";
--> statement-breakpoint
-- The session lookup every signed-in request makes (migrations 0001, 0011) answers the language too,
-- so the portal speaks the customer's choice as soon as they sign in. A function's columns cannot be
-- changed in place; it is replaced in this transaction, and a release before, which reads its
-- columns by name, reads the same ones it did.
DROP FUNCTION active_session_user(uuid, uuid, timestamptz);
--> statement-breakpoint
CREATE FUNCTION active_session_user(p_session_id uuid, p_user_id uuid, p_now timestamptz)
RETURNS TABLE (
  id uuid, email text, phone_number text, first_name text, last_name text, status smallint,
  activated boolean, email_verified_at timestamptz, is_main_line boolean, main_user_id uuid,
  type smallint, enable boolean, is_mnp boolean, cis_types text[], roadshow boolean,
  created_at timestamptz, updated_at timestamptz, subline integer, language text
)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT u.id, u.email, u.phone_number, u.first_name, u.last_name, u.status, u.activated, u.email_verified_at,
         u.is_main_line, u.main_user_id, u.type, u.enable, u.is_mnp, u.cis_types, u.roadshow, u.created_at,
         u.updated_at, sub_line_count(u.id), u.language
    FROM sessions ss JOIN users u ON u.id = ss.user_id
   WHERE ss.id = p_session_id AND ss.user_id = p_user_id AND ss.revoked_at IS NULL AND ss.expires_at > p_now;
END;
$$;
