-- A locked billing note turns its event grey on the calendar (spec-1 §4 'chart locked'), and
-- served calendar windows are keyed by the practice's calendar version: so locking or
-- unlocking a note is a change to the calendar. Only those moves bump it: a draft autosaves
-- every few seconds while the therapist types, and must not make every open calendar refetch.
CREATE CONSTRAINT TRIGGER chart_notes_lock_bumps_calendar_version
  AFTER UPDATE OF status ON chart_notes
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN ((OLD.status = 'locked') IS DISTINCT FROM (NEW.status = 'locked') AND NEW.event_id IS NOT NULL)
  EXECUTE FUNCTION bump_calendar_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER chart_notes_locked_insert_bumps_calendar_version
  AFTER INSERT ON chart_notes
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (NEW.status = 'locked' AND NEW.event_id IS NOT NULL)
  EXECUTE FUNCTION bump_calendar_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER chart_notes_locked_delete_bumps_calendar_version
  AFTER DELETE ON chart_notes
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (OLD.status = 'locked' AND OLD.event_id IS NOT NULL)
  EXECUTE FUNCTION bump_calendar_version();
