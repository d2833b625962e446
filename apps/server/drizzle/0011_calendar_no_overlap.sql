-- Two live bookings of one therapist may not overlap (spec-1 §5; style: bookings decide
-- inside one transaction backed by a constraint). Back-to-back slots are fine: tstzrange is [).
-- Cancelled events, events booked with allowDoubleBooking and holidays do not take part.
ALTER TABLE calendar_events ADD CONSTRAINT calendar_events_no_overlap EXCLUDE USING gist (
  therapist_id WITH =,
  tstzrange(start_at, end_at) WITH &&
) WHERE (cancelled_at IS NULL AND NOT allow_double_booking AND type IN ('appointment', 'meeting', 'out_of_office'));
