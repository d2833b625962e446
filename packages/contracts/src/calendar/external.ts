import {
  EXTERNAL_CALENDAR_COLOUR_VALUES,
  EXTERNAL_CALENDAR_NAME_MAX,
  EXTERNAL_CALENDAR_URL_MAX,
  THERAPIST_SELECTION_LIMIT,
} from '@openpractice/domain';
import { z } from 'zod';
import { dataOf, dayOrInstant, INT_LIMIT } from '../common.ts';
import { defineCall } from '../define.ts';
import { calendarEvent } from './events.ts';
import { flag, idListOrNone, therapistIdListOrNone } from './wire.ts';

/** External (ICS) calendars: connect, sync and read their busy time (spec-1 §4; docs/calendar-api.md). */

/** An id in a body; legacy callers send numbers or numeric strings. */
const looseId = z.coerce.number().int().positive().max(INT_LIMIT);

const therapistIds = therapistIdListOrNone(THERAPIST_SELECTION_LIMIT);

/** A connected calendar, as its therapist sees it. */
export const externalCalendar = z.object({
  id: z.number(),
  therapistId: z.number(),
  /** The owner's user id (what `sync` names as user_id). */
  userId: z.number(),
  name: z.string(),
  url: z.string(),
  color: z.string(),
  calendarKey: z.string(),
  lastSyncedAt: z.string().nullable(),
  lastSyncStatus: z.enum(['never', 'success', 'failure']),
  lastSyncError: z.string().nullable(),
  /** A holiday or contacts calendar: connected, but its events are not read. */
  skipped: z.boolean(),
  eventCount: z.number(),
});

/** The current therapist's calendars (none for someone who is not a therapist). */
export const getTherapistExternalCalendars = defineCall(
  'GET',
  '/calendar/getTherapistExternalCalendars',
  { response: { 200: dataOf(z.array(externalCalendar)) } },
);

export const addExternalCalendar = defineCall('POST', '/calendar/externalCalendar/add', {
  body: z.object({
    name: z
      .string()
      .trim()
      .min(1, 'Enter a name for the calendar.')
      .max(EXTERNAL_CALENDAR_NAME_MAX, `Use at most ${EXTERNAL_CALENDAR_NAME_MAX} characters.`),
    url: z.string().max(EXTERNAL_CALENDAR_URL_MAX + 100),
    color: z.enum(EXTERNAL_CALENDAR_COLOUR_VALUES, { message: 'Choose one of the colours.' }),
  }),
  response: {
    201: z.object({ status: z.literal('success'), message: z.string(), data: externalCalendar }),
  },
});

export const removeExternalCalendar = defineCall('POST', '/calendar/externalCalendar/remove', {
  body: z.object({ calendar_id: looseId }),
  response: { 200: z.object({ status: z.literal('success') }) },
});

/** How a sync ended: a failed read says why, and changes no event. */
export const syncResult = z.object({
  status: z.enum(['success', 'failure']),
  message: z.string().optional(),
});

/** The legacy call names the user whose calendar it syncs: only the caller's own. */
export const syncExternalCalendar = defineCall('POST', '/calendar/externalCalendar/sync', {
  body: z.object({ calendar_id: looseId, user_id: looseId }),
  response: { 200: z.object({ status: z.enum(['success', 'failure']), data: syncResult }) },
});

/** Busy time of an outside calendar; titles only for their owner (issue 5 item 12). */
export const externalEvent = z.object({
  id: z.number(),
  title: z.string(),
  /** An instant, or for an all-day event its first day (YYYY-MM-DD) in the practice's zone. */
  start: z.string(),
  /** An instant, or for an all-day event the day after its last (exclusive). */
  end: z.string(),
  allDay: z.boolean(),
  calendarId: z.number(),
  color: z.string(),
  therapistId: z.number(),
});

export const getExternalEvents = defineCall('GET', '/calendar/externalCalendar/events', {
  querystring: z.object({ therapistIds, start: dayOrInstant, end: dayOrInstant }),
  response: { 200: dataOf(z.array(externalEvent)) },
});

/** The window's events and, when the caller is among the therapists shown, their outside busy time. */
export const getMyCalendarAndSharedCalendars = defineCall(
  'POST',
  '/calendar/getMyCalendarAndSharedCalendars',
  {
    body: z.object({
      therapistIds,
      start: dayOrInstant,
      end: dayOrInstant,
      includeCancelledEvents: flag.default(false),
      /** Only these outside calendars; absent means every connected one. */
      externalCalendarIds: idListOrNone(100, 'external calendars').nullable().optional(),
      locationIds: idListOrNone(100, 'locations').nullable().optional(),
    }),
    response: {
      200: dataOf(
        z.object({ events: z.array(calendarEvent), externalEvents: z.array(externalEvent) }),
      ),
    },
  },
);
