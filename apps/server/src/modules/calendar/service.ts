import { defaultMeetingEventName } from '@openpractice/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { rowsOf, type Db } from '../../db/client.ts';
import { calendarEvents, locations } from '../../db/schema/index.ts';
import { authOf } from '../../platform/access.ts';
import { auditContext, recordAudit } from '../../platform/audit.ts';
import { badRequest } from '../../platform/errors.ts';
import { allowedTherapists, assertMayUse } from '../../platform/calendar-reach.ts';
import { therapistOfPractice } from './queries.ts';
import { instantSql, isoOf } from '../../platform/sql.ts';
import { practiceTimezone } from '../../platform/practice-day.ts';
import { booking } from './booking-rules.ts';
import type { CreateMeetingInput } from './schemas.ts';

// Booking an appointment has its own file; the rules and words it shares with moves live in booking-rules.ts.
export { createAppointment } from './create-appointment.ts';
export {
  ATTENDED_CANNOT_MOVE,
  booking,
  CANCELLED_CANNOT_MOVE,
  EVENT_NOT_FOUND,
  isOverlapViolation,
  SLOT_TAKEN,
} from './booking-rules.ts';

export async function assertLocation(
  db: Db,
  practiceId: number,
  locationId: number,
): Promise<void> {
  const [location] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(
      and(
        eq(locations.id, locationId),
        eq(locations.practiceId, practiceId),
        eq(locations.active, true),
      ),
    );
  if (!location) throw badRequest('Choose a location of this practice.', 'practiceLocationId');
}

async function bookableTherapist(
  db: Db,
  request: FastifyRequest,
  therapistId: number,
): Promise<number> {
  const scope = allowedTherapists(request);
  const therapist = await therapistOfPractice(db, scope.practiceId, therapistId);
  if (!therapist || !therapist.active) {
    throw badRequest('Choose an active therapist of this practice.', 'therapistId');
  }
  assertMayUse(scope, [therapistId]);
  return scope.practiceId;
}

/** A meeting or out-of-office block on a therapist's calendar. */
export async function createMeeting(
  db: Db,
  request: FastifyRequest,
  input: CreateMeetingInput,
): Promise<{ eventId: number }> {
  const practiceId = await bookableTherapist(db, request, input.therapistId);
  const timezone = await practiceTimezone(db, practiceId);
  const start = instantSql(input.startDateTime, timezone);
  // All day: from midnight of the start's day in the practice's zone to the next midnight.
  const [window] = await rowsOf<{ startAt: string; endAt: string }>(
    db,
    input.allDay
      ? sql`select ${isoOf(sql`d::timestamp at time zone ${timezone}`)} as "startAt",
              ${isoOf(sql`(d + 1)::timestamp at time zone ${timezone}`)} as "endAt"
            from (select (${start} at time zone ${timezone})::date as d) x`
      : sql`select ${isoOf(start)} as "startAt",
              ${isoOf(sql`${start} + make_interval(mins => ${input.duration}::int)`)} as "endAt"`,
  );
  if (!window) throw badRequest('The start is not valid.', 'startDateTime');
  const requestType = input.type === 'out_of_office' ? 'Out of Office' : 'Meeting';
  const name = input.eventName || defaultMeetingEventName(requestType);
  const [event] = await booking(() =>
    db
      .insert(calendarEvents)
      .values({
        practiceId,
        therapistId: input.therapistId,
        type: input.type,
        name,
        startAt: new Date(window.startAt),
        endAt: new Date(window.endAt),
        allDay: input.allDay,
        allowDoubleBooking: input.allowDoubleBooking,
        createdByUserId: authOf(request).user.id,
      })
      .returning({ id: calendarEvents.id }),
  );
  if (!event) throw new Error('meeting insert failed');
  await recordAudit(db, {
    ...auditContext(request),
    action: `calendar.${input.type}_created`,
    detail: { eventId: event.id, therapistId: input.therapistId },
  });
  return { eventId: event.id };
}
