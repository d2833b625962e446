-- Issue 13, finding 1: an online booking request never creates access to a client's record.
-- How staff decided who the booking is for: a new client made from the request, an existing
-- client they chose, or the signed-in client's own record (portal).
ALTER TABLE "self_booking_requests" ADD COLUMN "client_choice" text;
--> statement-breakpoint
ALTER TABLE "self_booking_requests" ADD CONSTRAINT "self_booking_requests_client_choice"
  CHECK ("client_choice" IS NULL OR "client_choice" IN ('new', 'existing', 'portal'));
--> statement-breakpoint
-- Requests answered before this change: the portal ones were for the client's own record;
-- the visitors' ones were matched or added by the old code, which staff never chose.
UPDATE "self_booking_requests" SET "client_choice" = 'portal'
  WHERE "booked_by_user_id" IS NOT NULL AND "client_id" IS NOT NULL;
--> statement-breakpoint
-- Visitors' requests still waiting: the old code attached a client at booking. Detach it, so
-- staff decide who the visitor is on confirmation, as for every request from now on.
DELETE FROM "calendar_event_attendees" a USING "self_booking_requests" r
  WHERE a."event_id" = r."calendar_event_id" AND r."status" = 'PENDING' AND r."booked_by_user_id" IS NULL;
--> statement-breakpoint
UPDATE "calendar_events" e SET "name" = 'Online booking request' FROM "self_booking_requests" r
  WHERE e."id" = r."calendar_event_id" AND r."status" = 'PENDING' AND r."booked_by_user_id" IS NULL
    AND e."name" = '';
--> statement-breakpoint
UPDATE "self_booking_requests" SET "client_id" = NULL
  WHERE "status" = 'PENDING' AND "booked_by_user_id" IS NULL;
