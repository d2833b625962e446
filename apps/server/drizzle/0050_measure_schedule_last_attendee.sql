-- Measures sent on check-in (issue 18 item 6): a schedule remembers the appointment attendee it
-- last counted, so a check-in taken back and given again counts that appointment once.
ALTER TABLE "measure_schedules" ADD COLUMN "last_attendee_id" integer REFERENCES "calendar_event_attendees"("id") ON DELETE SET NULL;
