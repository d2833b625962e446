import {
  CALENDAR_EVENT_TYPES,
  CALENDAR_WINDOW_MAX_DAYS,
  calendarItemColour,
  isAvailabilityLookupRangeAllowed,
} from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rowsOf } from '../../db/client.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { gateOf, noteAudit } from '../../platform/route-audit.ts';
import { allowedTherapists, assertMayUse } from './access.ts';
import { bodyField, clientsOfEvent } from './event-clients.ts';
import {
  availabilityInWindow,
  eventsInWindow,
  instantSql,
  practiceTimezone,
  therapistOfPractice,
  type CalendarEventSourceRow,
} from './queries.ts';
import {
  appointmentsQuery,
  availabilityQuery,
  cancelBody,
  createAppointmentBody,
  createMeetingBody,
  rescheduleBody,
  usesAvailabilityQuery,
} from './schemas.ts';
import { calendarVersionOf } from './calendars-queries.ts';
import { WindowCache } from './window-cache.ts';
import { cancelEvent, rescheduleEvent } from './series-service.ts';
import { createAppointment, createMeeting } from './service.ts';

const DAY_MS = 86_400_000;
/** About a dozen busy month views, per server process. */
const WINDOW_CACHE_BYTES = 32 * 1024 * 1024;

const TYPE_CONSTANT: Record<CalendarEventSourceRow['kind'], string> = {
  appointment: CALENDAR_EVENT_TYPES.appointment,
  meeting: CALENDAR_EVENT_TYPES.meeting,
  out_of_office: CALENDAR_EVENT_TYPES.meeting,
  holiday: CALENDAR_EVENT_TYPES.holiday,
};

/** A row as the calendar receives it (spec-1 §3), with its colour worked out by the domain rule. */
export function toCalendarEvent(row: CalendarEventSourceRow) {
  // Field by field rather than a rest spread: a month is thousands of rows, and V8 builds a
  // literal of known shape several times faster. The type makes a forgotten field an error.
  const event: Omit<CalendarEventSourceRow, 'kind'> & CalendarEventExtras = {
    calendar_event_id: row.calendar_event_id,
    calendar_event_name: row.calendar_event_name,
    user_id_therapist: row.user_id_therapist,
    user_id_patient: row.user_id_patient,
    calendar_event_attendee_id: row.calendar_event_attendee_id,
    patient_first_name: row.patient_first_name,
    patient_last_name: row.patient_last_name,
    start_date_time: row.start_date_time,
    end_date_time: row.end_date_time,
    calendar_event_allday: row.calendar_event_allday,
    practice_location_id: row.practice_location_id,
    practice_location_color: row.practice_location_color,
    isTeletherapy: row.isTeletherapy,
    telehealth_pos: row.telehealth_pos,
    hasAlert: row.hasAlert,
    patient_record_status: row.patient_record_status,
    isGroup: row.isGroup,
    checkedintime: row.checkedintime,
    day_of_week: row.day_of_week,
    start_time: row.start_time,
    end_time: row.end_time,
    calendar_event_canceldate: row.calendar_event_canceldate,
    cancel_reason: row.cancel_reason,
    series_id: row.series_id,
    attended_attendee_count: row.attended_attendee_count,
    awaitingConfirmation: row.awaitingConfirmation,
    calendar_event_type_constant: TYPE_CONSTANT[row.kind],
    calendar_event_kind: row.kind,
    calendar_type_constant: 'calendar.type.practice',
    patient_chart_locked_count: 0,
    claim_count: 0,
    account_payment_exists: false,
    calendar_color: null,
  };
  event.calendar_color = calendarItemColour(event);
  return event;
}

/** The distinct clients a window names (one per event: the attendee, or the group). */
export function clientsShown(rows: readonly CalendarEventSourceRow[]): number[] {
  const clients = new Set<number>();
  for (const row of rows) if (row.user_id_patient !== null) clients.add(row.user_id_patient);
  return [...clients];
}

/** What the calendar adds to a stored event: its type constants, colour, and the counts of later areas. */
interface CalendarEventExtras {
  calendar_event_type_constant: string;
  calendar_event_kind: CalendarEventSourceRow['kind'];
  calendar_type_constant: string;
  patient_chart_locked_count: number;
  claim_count: number;
  account_payment_exists: boolean;
  calendar_color: string | null;
}

/**
 * The calendar (spec-1 §7 Calendar, Scheduling and details): booking,
 * meetings, moving and cancelling events, and reading a window of them.
 */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const windows = new WindowCache(WINDOW_CACHE_BYTES);

  app.post(
    '/calendar/createAppointment',
    {
      config: {
        access: 'scheduling',
        audit: {
          action: 'client.appointment_created',
          client: { body: 'patientId', need: 'hasSchedulingAccess' },
        },
      },
      schema: { body: createAppointmentBody },
    },
    async (request, reply) => {
      const created = await createAppointment(app.db, request, gateOf(request), request.body);
      noteAudit(request, { patientIds: created.attendeeIds, detail: created.detail });
      // Returned, not sent: the answer leaves only once the booking and its audit row commit.
      reply.status(201);
      return {
        status: 'success',
        message: 'Calendar item created.',
        data: { calendar_event_ids: created.eventIds, series_id: created.seriesId },
      };
    },
  );

  app.post(
    '/calendar/createMeeting',
    // A meeting holds no client data; it has its own platform row (calendar.meeting_created).
    { config: { access: 'scheduling', audit: 'none' }, schema: { body: createMeetingBody } },
    async (request, reply) => {
      const created = await createMeeting(app.db, request, request.body);
      return reply.status(201).send({
        status: 'success',
        message: 'Meeting created.',
        data: { calendar_event_id: created.eventId },
      });
    },
  );

  app.post(
    '/calendar/rescheduleEvent',
    {
      config: {
        access: 'scheduling',
        audit: {
          action: 'client.appointment_rescheduled',
          client: {
            resolve: clientsOfEvent(bodyField('calendar_event_id')),
            need: 'hasSchedulingAccess',
          },
        },
      },
      schema: { body: rescheduleBody },
    },
    async (request) => {
      const result = await rescheduleEvent(app.db, request, request.body);
      noteAudit(request, {
        ...(result.action ? { action: result.action } : {}),
        patientIds: result.clientIds,
        detail: result.detail,
      });
      return {
        status: 'success',
        message: 'Event successfully rescheduled.',
        data: { calendar_event_ids: result.eventIds },
      };
    },
  );

  app.post(
    '/calendar/cancelEvent',
    {
      config: {
        access: 'scheduling',
        audit: {
          action: 'client.appointment_cancelled',
          client: { resolve: clientsOfEvent(bodyField('id')), need: 'hasSchedulingAccess' },
        },
      },
      schema: { body: cancelBody },
    },
    async (request) => {
      const result = await cancelEvent(app.db, request, request.body, app.now());
      noteAudit(request, {
        ...(result.action ? { action: result.action } : {}),
        patientIds: result.clientIds,
        detail: result.detail,
      });
      return {
        status: 'success',
        message: 'Calendar item cancelled.',
        data: { calendar_event_ids: result.eventIds },
      };
    },
  );

  app.get(
    '/calendar/getTherapistAppointments',
    {
      config: {
        access: 'calendar',
        // One row per read naming every client whose appointment it showed (issue 13 finding 3).
        audit: {
          action: 'client.calendar_read',
          kind: 'list',
          detail: (request) => {
            const q = request.query as { therapistIds: number[]; start: string; end: string };
            return { therapistIds: q.therapistIds, start: q.start, end: q.end };
          },
        },
      },
      schema: { querystring: appointmentsQuery },
    },
    async (request, reply) => {
      const q = request.query;
      const span = Date.parse(q.end) - Date.parse(q.start);
      if (!(span > 0)) throw badRequest('The end must be after the start.', 'end');
      if (span > CALENDAR_WINDOW_MAX_DAYS * DAY_MS + 2 * 3_600_000) {
        throw badRequest(`Load at most ${CALENDAR_WINDOW_MAX_DAYS} days at a time.`, 'end');
      }
      const scope = allowedTherapists(request);
      assertMayUse(scope, q.therapistIds);
      const [version, timezone] = await Promise.all([
        calendarVersionOf(app.db, scope.practiceId),
        practiceTimezone(app.db, scope.practiceId),
      ]);
      // The answer depends only on these (access was checked above), so users share entries.
      const key = [
        scope.practiceId,
        version,
        q.therapistIds.join(','),
        q.locationIds?.join(',') ?? '',
        q.start,
        q.end,
        q.includeCancelledEvents,
      ].join('|');
      let window = windows.get(key);
      if (window === undefined) {
        const rows = await eventsInWindow(app.db, {
          practiceId: scope.practiceId,
          therapistIds: q.therapistIds,
          locationIds: q.locationIds,
          start: instantSql(q.start, timezone),
          end: instantSql(q.end, timezone),
          includeCancelled: q.includeCancelledEvents,
        });
        window = {
          json: JSON.stringify({ data: rows.map(toCalendarEvent) }),
          clientIds: clientsShown(rows),
          events: rows.length,
        };
        windows.set(key, window);
      }
      // A cached answer is still a read: its clients go on this caller's audit row.
      noteAudit(request, { patientIds: window.clientIds, detail: { events: window.events } });
      // Returned rather than sent, so it leaves after the audit row commits.
      reply.type('application/json; charset=utf-8');
      return window.json;
    },
  );

  app.get(
    '/availability/getAvailability',
    { config: { access: 'calendar', audit: 'none' }, schema: { querystring: availabilityQuery } },
    async (request) => {
      const q = request.query;
      const from = q.spanFrom.slice(0, 10);
      const to = q.spanTo.slice(0, 10);
      // spec-1 §5: a lookup over more than 7 days returns nothing.
      if (!isAvailabilityLookupRangeAllowed(from, to)) return { data: [] };
      const scope = allowedTherapists(request);
      assertMayUse(scope, q.therapistIds);
      // spanTo is exclusive (the calendar's end), unless it is the start's own day.
      const last = to > from ? new Date(Date.parse(to) - DAY_MS).toISOString().slice(0, 10) : from;
      const rows = await availabilityInWindow(app.db, {
        practiceId: scope.practiceId,
        therapistIds: q.therapistIds,
        locationIds: q.locationIds,
        from,
        to: last,
      });
      return {
        data: rows.map((r) => ({
          ...r,
          calendar_event_type_constant: CALENDAR_EVENT_TYPES.availability,
        })),
      };
    },
  );

  app.get(
    '/calendar/settings/usesAvailability',
    {
      config: { access: 'calendar', audit: 'none' },
      schema: { querystring: usesAvailabilityQuery },
    },
    async (request) => {
      const scope = allowedTherapists(request);
      const therapistId = request.query.user_id_therapist;
      const therapist = await therapistOfPractice(app.db, scope.practiceId, therapistId);
      if (!therapist) throw notFound('We could not find that therapist.');
      const [row] = await rowsOf<{ uses: boolean }>(
        app.db,
        sql`select exists (select 1 from availability_spans s join availability_days d on d.span_id = s.id
              where s.practice_id = ${scope.practiceId} and s.therapist_id = ${therapistId}) as uses`,
      );
      return { data: { usesAvailability: row?.uses ?? false } };
    },
  );
};
