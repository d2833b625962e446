-- Availability shows on the calendar as background events, and served calendar data is keyed
-- by the practice's calendar version: so a change to availability is a change to the calendar.
CREATE CONSTRAINT TRIGGER availability_spans_bump_calendar_version
  AFTER INSERT OR UPDATE OR DELETE ON availability_spans
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION bump_calendar_version();
--> statement-breakpoint
CREATE FUNCTION bump_calendar_version_of_availability_day() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_span integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    changed_span := OLD.span_id;
  ELSE
    changed_span := NEW.span_id;
  END IF;
  -- A day deleted with its span (cascade) finds no span row: the span's own trigger bumps.
  INSERT INTO calendar_versions AS v (practice_id, version, changed_at)
  SELECT s.practice_id, 1, now() FROM availability_spans s WHERE s.id = changed_span
  ON CONFLICT (practice_id) DO UPDATE SET version = v.version + 1, changed_at = now();
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER availability_days_bump_calendar_version
  AFTER INSERT OR UPDATE OR DELETE ON availability_days
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION bump_calendar_version_of_availability_day();
