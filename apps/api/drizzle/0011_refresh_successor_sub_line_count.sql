ALTER TABLE "refresh_tokens" ADD COLUMN "replaced_by_hash" text;--> statement-breakpoint
ALTER TABLE "staff_refresh_tokens" ADD COLUMN "replaced_by_hash" text;--> statement-breakpoint
-- How many sub lines a customer holds: the one definition the session lookup, the login and refresh
-- answers and /myAccount's list agree on. A plain SQL function, so the planner inlines it.
CREATE OR REPLACE FUNCTION sub_line_count(p_user_id uuid) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT count(*)::int FROM users WHERE main_user_id = p_user_id
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION active_session_user(p_session_id uuid, p_user_id uuid, p_now timestamptz)
RETURNS TABLE (
  id uuid, email text, phone_number text, first_name text, last_name text, status smallint,
  activated boolean, email_verified_at timestamptz, is_main_line boolean, main_user_id uuid,
  type smallint, enable boolean, is_mnp boolean, cis_types text[], roadshow boolean,
  created_at timestamptz, updated_at timestamptz, subline integer
)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT u.id, u.email, u.phone_number, u.first_name, u.last_name, u.status, u.activated, u.email_verified_at,
         u.is_main_line, u.main_user_id, u.type, u.enable, u.is_mnp, u.cis_types, u.roadshow, u.created_at,
         u.updated_at, sub_line_count(u.id)
    FROM sessions ss JOIN users u ON u.id = ss.user_id
   WHERE ss.id = p_session_id AND ss.user_id = p_user_id AND ss.revoked_at IS NULL AND ss.expires_at > p_now;
END;
$$;
