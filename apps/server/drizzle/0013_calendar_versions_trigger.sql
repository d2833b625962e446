-- Live calendars (issue 5): every change to a practice's calendar bumps its row in
-- calendar_versions, so an open calendar polls one row to learn it must refetch.
-- A deferred constraint trigger runs at commit, after all of the transaction's
-- statements, so the counter row is locked last and briefly: writers that touch
-- several events never wait on each other in opposite orders (no deadlocks).
CREATE FUNCTION bump_calendar_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_practice integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    changed_practice := OLD.practice_id;
  ELSE
    changed_practice := NEW.practice_id;
  END IF;
  INSERT INTO calendar_versions AS v (practice_id, version, changed_at)
  VALUES (changed_practice, 1, now())
  ON CONFLICT (practice_id) DO UPDATE SET version = v.version + 1, changed_at = now();
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER calendar_events_bump_version
  AFTER INSERT OR UPDATE OR DELETE ON calendar_events
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION bump_calendar_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER external_calendar_events_bump_version
  AFTER INSERT OR UPDATE OR DELETE ON external_calendar_events
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION bump_calendar_version();
--> statement-breakpoint
-- Attendance and check-in live on attendee rows; they show on the calendar too.
CREATE FUNCTION bump_calendar_version_of_attendee() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_event integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    changed_event := OLD.event_id;
  ELSE
    changed_event := NEW.event_id;
  END IF;
  INSERT INTO calendar_versions AS v (practice_id, version, changed_at)
  SELECT e.practice_id, 1, now() FROM calendar_events e WHERE e.id = changed_event
  ON CONFLICT (practice_id) DO UPDATE SET version = v.version + 1, changed_at = now();
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER calendar_event_attendees_bump_version
  AFTER INSERT OR UPDATE OR DELETE ON calendar_event_attendees
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION bump_calendar_version_of_attendee();
--> statement-breakpoint
-- Keep updated_at true for moves, cancels and attendance changes without each writer remembering it.
CREATE FUNCTION touch_calendar_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER calendar_events_touch BEFORE UPDATE ON calendar_events
  FOR EACH ROW EXECUTE FUNCTION touch_calendar_event();
