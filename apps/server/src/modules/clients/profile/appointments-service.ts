import type { listClientAppointments } from '@openpractice/contracts/clients/profile/appointments';
import type { ResponseOf } from '@openpractice/contracts';
import {
  calendarReach,
  clientAppointmentAttendance,
  CLIENT_UPCOMING_SHOWN,
  fullName,
} from '@openpractice/domain';
import type { Db } from '../../../db/client.ts';
import { badRequest } from '../../../platform/errors.ts';
import type { ClientGate } from '../../../platform/client-gate.ts';
import { practiceTimezone } from '../../../platform/practice-day.ts';
import {
  clientAppointmentsBefore,
  clientAppointmentsFrom,
  nextClientAppointment,
  type AppointmentKeyset,
  type ClientAppointmentRow,
  type ClientAppointmentScope,
} from '../../calendar/index.ts';

type Answer = ResponseOf<typeof listClientAppointments>;
type Appointment = Answer['past'][number];

const INT_LIMIT = 2_147_483_647;
const BAD_CURSOR = 'Use the nextCursor of the previous page.';

/** '<start µs>.<event id>': where the page after `row` starts. */
const cursorOf = (row: ClientAppointmentRow) => `${row.startMicros}.${row.eventId}`;

function keysetOf(cursor: string): AppointmentKeyset {
  const [startMicros = '', id = ''] = cursor.split('.');
  const eventId = Number(id);
  if (!Number.isSafeInteger(eventId) || eventId < 1 || eventId > INT_LIMIT) {
    throw badRequest(BAD_CURSOR, 'cursor');
  }
  return { startMicros, eventId };
}

/**
 * Whose appointments the caller sees on the chart: the calendar's rule (spec-1 §4), so a
 * therapist-only caller sees their own appointments with the client, as on the calendar.
 * A caller with no calendar of their own (a custodian holding the record) sees them all.
 */
function therapistScope(authorities: readonly string[], ownTherapistId: number | null) {
  return calendarReach(authorities) === 'own' ? (ownTherapistId ?? 0) : null;
}

function toAppointment(row: ClientAppointmentRow): Appointment {
  const cancelled = row.cancelledAt !== null;
  const group =
    row.groupClientId === null
      ? null
      : row.eventName.trim() ||
        fullName({
          firstName: row.groupFirstName,
          nickName: row.groupNickName,
          lastName: row.groupLastName,
        });
  return {
    eventId: row.eventId,
    attendeeId: row.attendeeId,
    start: row.startAt,
    end: row.endAt,
    allDay: row.allDay,
    durationMinutes: Math.round((Date.parse(row.endAt) - Date.parse(row.startAt)) / 60_000),
    therapistId: row.therapistId,
    therapistName: row.therapistName,
    service: row.serviceName,
    serviceCode: row.serviceCode,
    location: row.locationName,
    isTelehealth: row.isTelehealth,
    groupName: group,
    attendance: clientAppointmentAttendance(
      row.attendeeId === null ? null : { attended: row.attended, noShow: row.noShow },
      cancelled,
    ),
    awaitingConfirmation: row.awaitingConfirmation,
    cancelledAt: row.cancelledAt,
    cancelledBy: row.cancelledByName,
    cancelReason: row.cancelReason,
  };
}

const takesPlace = (row: ClientAppointmentRow) =>
  row.cancelledAt === null && !row.awaitingConfirmation;

export type AppointmentsContext = {
  db: Db;
  now: Date;
  authorities: readonly string[];
  ownTherapistId: number | null;
};

/**
 * A page of the client's appointments (newest first, by (start, event id)); the first page
 * also says what is to come. Reads the calendar only through its door.
 */
export async function clientAppointmentsPage(
  ctx: AppointmentsContext,
  gate: ClientGate,
  query: { cursor?: string | undefined; limit: number },
): Promise<Answer> {
  const scope: ClientAppointmentScope = {
    practiceId: gate.practiceId,
    clientId: gate.clientId,
    therapistId: therapistScope(ctx.authorities, ctx.ownTherapistId),
  };
  const after = query.cursor === undefined ? null : keysetOf(query.cursor);
  const timezone = await practiceTimezone(ctx.db, gate.practiceId);
  // One more than a page says whether another page follows.
  const rows = await clientAppointmentsBefore(ctx.db, scope, {
    now: ctx.now,
    limit: query.limit + 1,
    after,
  });
  const past = rows.slice(0, query.limit);
  const last = past.at(-1);
  const nextCursor = rows.length > query.limit && last ? cursorOf(last) : null;
  if (after !== null) {
    return {
      timezone,
      next: null,
      upcoming: [],
      upcomingTotal: 0,
      past: past.map(toAppointment),
      nextCursor,
    };
  }
  const upcoming = await clientAppointmentsFrom(ctx.db, scope, {
    now: ctx.now,
    limit: CLIENT_UPCOMING_SHOWN,
  });
  // Usually among those shown; else (all of them cancelled) look further.
  const next =
    upcoming.rows.find(takesPlace) ??
    (upcoming.total > upcoming.rows.length
      ? await nextClientAppointment(ctx.db, scope, ctx.now)
      : undefined);
  return {
    timezone,
    next: next ? toAppointment(next) : null,
    upcoming: upcoming.rows.map(toAppointment),
    upcomingTotal: upcoming.total,
    past: past.map(toAppointment),
    nextCursor,
  };
}
