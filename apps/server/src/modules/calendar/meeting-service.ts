import type { updateMeeting as updateMeetingCall } from '@openpractice/contracts/calendar/details';
import { defaultMeetingEventName } from '@openpractice/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { calendarEvents } from '../../db/schema/index.ts';
import { auditContext, recordAudit } from '../../platform/audit.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { instantSql } from '../../platform/sql.ts';
import { meetingWindow } from './details-queries.ts';
import { mayChange, reachableEvent } from './details-service.ts';
import { booking, SLOT_TAKEN } from './booking-rules.ts';
import { assertBookableTherapist, placeEvents } from './place-events.ts';

type UpdateMeetingInput = z.output<typeof updateMeetingCall.schema.body>;

export const MEETING_NOT_FOUND = 'We could not find that meeting.';
export const CANCELLED_MEETING = 'A cancelled meeting cannot be changed.';
export const HOLIDAY_READ_ONLY = 'Holidays cannot be changed here.';

/** Meeting, out-of-office or holiday details (spec-1 §3 Meeting details). */
export async function meetingDetails(db: Db, request: FastifyRequest, id: number) {
  const { event } = await reachableEvent(
    db,
    request,
    id,
    ['meeting', 'out_of_office', 'holiday'],
    MEETING_NOT_FOUND,
  );
  return {
    calendar_event_id: event.id,
    therapistId: event.therapistId,
    therapistName: event.therapistName,
    type: event.kind,
    name: event.name,
    description: event.name,
    start: event.startAt,
    end: event.endAt,
    allDay: event.allDay,
    timezone: event.timezone,
    cancelled: event.cancelledAt !== null,
    editable: event.kind !== 'holiday' && event.cancelledAt === null && mayChange(request),
  };
}

async function changeableMeeting(db: Db, request: FastifyRequest, id: number) {
  const found = await reachableEvent(
    db,
    request,
    id,
    ['meeting', 'out_of_office', 'holiday'],
    MEETING_NOT_FOUND,
  );
  if (found.event.kind === 'holiday') throw badRequest(HOLIDAY_READ_ONLY, 'calendar_event_id');
  return found;
}

/**
 * Renames or moves a meeting or out-of-office block, to another time, length or therapist,
 * by the one rule of every move (`placeEvents`): a taken slot answers 409 as booking does,
 * unless double booking is allowed; nothing is written then.
 */
export async function updateMeeting(db: Db, request: FastifyRequest, input: UpdateMeetingInput) {
  const { practiceId, event } = await changeableMeeting(db, request, input.calendar_event_id);
  if (event.cancelledAt !== null) throw conflict(CANCELLED_MEETING);
  const therapistId = input.therapistId ?? event.therapistId;
  if (therapistId !== event.therapistId) {
    await assertBookableTherapist(db, request, therapistId);
  }
  const window = await meetingWindow(db, {
    start: instantSql(input.startDateTime, event.timezone),
    allDay: input.allDay,
    duration: input.duration,
    timezone: event.timezone,
  });
  if (!window) throw badRequest('The start is not valid.', 'startDateTime');
  const name =
    input.eventName ||
    defaultMeetingEventName(event.kind === 'out_of_office' ? 'Out of Office' : 'Meeting');
  // Only a new place asks about double booking: a rename keeps what the block was booked with.
  const moves =
    window.startAt !== event.startAt ||
    window.endAt !== event.endAt ||
    input.allDay !== event.allDay ||
    therapistId !== event.therapistId;
  await booking(() =>
    db.transaction(async (tx) => {
      if (moves) {
        await placeEvents(tx, {
          practiceId,
          anchor: event,
          ids: [event.id],
          placement: {
            window,
            minutes: null,
            therapistId,
            allowDoubleBooking: input.allowDoubleBooking,
            allDay: input.allDay,
          },
          timezone: event.timezone,
          taken: () => SLOT_TAKEN,
        });
      }
      await tx
        .update(calendarEvents)
        .set({ name, updatedAt: new Date() })
        .where(and(eq(calendarEvents.id, event.id), eq(calendarEvents.practiceId, practiceId)));
    }),
  );
  await recordAudit(db, {
    ...auditContext(request),
    action: `calendar.${event.kind}_updated`,
    detail: {
      eventId: event.id,
      from: event.startAt,
      to: window.startAt,
      ...(therapistId === event.therapistId ? {} : { therapistId }),
      ...(moves && input.allowDoubleBooking ? { allowDoubleBooking: true } : {}),
    },
  });
  return meetingDetails(db, request, event.id);
}

/** Removes a meeting or out-of-office block (they hold no client data, so nothing is kept). */
export async function deleteMeeting(db: Db, request: FastifyRequest, id: number): Promise<void> {
  const { practiceId, event } = await changeableMeeting(db, request, id);
  await db
    .delete(calendarEvents)
    .where(
      and(
        eq(calendarEvents.id, event.id),
        eq(calendarEvents.practiceId, practiceId),
        inArray(calendarEvents.type, ['meeting', 'out_of_office']),
      ),
    );
  await recordAudit(db, {
    ...auditContext(request),
    action: `calendar.${event.kind}_deleted`,
    detail: { eventId: event.id, therapistId: event.therapistId, start: event.startAt },
  });
}
