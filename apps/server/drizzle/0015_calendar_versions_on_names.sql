-- Calendar events show their client's name, alert and record status and their location's
-- colour, and served calendar windows are cached under the practice's calendar version:
-- so a change to those fields is a change to the calendar too (bumped at commit).
CREATE CONSTRAINT TRIGGER clients_bump_calendar_version
  AFTER UPDATE OF first_name, last_name, alert, record_status_id, is_group ON clients
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION bump_calendar_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER locations_bump_calendar_version
  AFTER UPDATE OF color ON locations
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION bump_calendar_version();
