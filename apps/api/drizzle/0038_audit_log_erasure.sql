-- The staff audit log stays append-only, with one exception: erasing an account (ADR 0030) may blank
-- what in an entry named the erased customer. Who did what, on which order and when never changes.
CREATE OR REPLACE FUNCTION staff_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('selfcare.erasing', true) = 'on'
     AND NEW.id = OLD.id AND NEW.at = OLD.at AND NEW.staff_id = OLD.staff_id
     AND NEW.action = OLD.action AND NEW.order_id IS NOT DISTINCT FROM OLD.order_id THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'staff_audit_log is append-only';
END;
$$;
--> statement-breakpoint
-- Every occurrence of each of `terms` in `value`, replaced by '[erased]'.
CREATE OR REPLACE FUNCTION erase_terms(value text, terms text[]) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  term text;
BEGIN
  IF value IS NULL THEN
    RETURN NULL;
  END IF;
  FOREACH term IN ARRAY terms LOOP
    IF term <> '' THEN
      value := replace(value, term, '[erased]');
    END IF;
  END LOOP;
  RETURN value;
END;
$$;
