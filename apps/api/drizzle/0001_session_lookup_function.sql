-- The session lookup runs on every authenticated request. As a plpgsql function its plan is cached
-- per database session after the first call, instead of being planned again for each request (the
-- join with the sub-line count takes longer to plan than to run).
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
         u.updated_at, (SELECT count(*)::int FROM users s WHERE s.main_user_id = u.id)
    FROM sessions ss JOIN users u ON u.id = ss.user_id
   WHERE ss.id = p_session_id AND ss.user_id = p_user_id AND ss.revoked_at IS NULL AND ss.expires_at > p_now;
END;
$$;
