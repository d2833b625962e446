-- A client's appointments on their chart (issue 15 item 3): newest first, a page at a time by
-- (start, event). The start lives on the event and the client on the attendee row, and no index
-- spans two tables, so each attendee row keeps a copy of its event's start, set and kept true by
-- the triggers below (no writer sets it). One index then walks a client's appointments in date
-- order, however many they have: a page costs the same for 5 appointments or 5,000.
ALTER TABLE "calendar_event_attendees" ADD COLUMN "event_start_at" timestamp with time zone DEFAULT '-infinity' NOT NULL;
--> statement-breakpoint
UPDATE "calendar_event_attendees" a SET "event_start_at" = e."start_at"
  FROM "calendar_events" e WHERE e."id" = a."event_id";
--> statement-breakpoint
-- A new attendee (or one moved to another event) takes its event's start.
CREATE FUNCTION copy_event_start_to_attendee() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT e.start_at INTO STRICT NEW.event_start_at FROM calendar_events e WHERE e.id = NEW.event_id;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER calendar_event_attendees_event_start
  BEFORE INSERT OR UPDATE OF event_id ON calendar_event_attendees
  FOR EACH ROW EXECUTE FUNCTION copy_event_start_to_attendee();
--> statement-breakpoint
-- A moved event moves its attendees' copies with it.
CREATE FUNCTION move_attendee_event_start() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE calendar_event_attendees SET event_start_at = NEW.start_at WHERE event_id = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER calendar_events_move_attendee_start
  AFTER UPDATE OF start_at ON calendar_events
  FOR EACH ROW WHEN (OLD.start_at IS DISTINCT FROM NEW.start_at)
  EXECUTE FUNCTION move_attendee_event_start();
--> statement-breakpoint
-- A client's appointments by date, both ways (upcoming ascending, history descending).
CREATE INDEX "calendar_event_attendees_client_start_idx" ON "calendar_event_attendees" USING btree ("client_id", "event_start_at", "event_id");
--> statement-breakpoint
-- A group's own sessions by date (a group is booked on the event, its members as attendees).
CREATE INDEX "calendar_events_group_start_idx" ON "calendar_events" USING btree ("group_client_id", "start_at", "id") WHERE "group_client_id" IS NOT NULL;
