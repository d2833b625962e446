import { THERAPIST_SELECTION_LIMIT } from '@openpractice/domain';
import { z } from 'zod';
import { dataOf, dayOrInstant } from '../common.ts';
import { defineCall } from '../define.ts';
import { availabilityBlock } from './events.ts';
import { idList, therapistIdList } from './wire.ts';

/**
 * Which calendars a user sees, the availability behind them and the
 * live-change version (spec-1 §7 Calendar; docs/calendar-api.md).
 */

export const visibleTherapist = z.object({
  id: z.number(),
  userId: z.number(),
  active: z.boolean(),
  practitionerFirstName: z.string(),
  practitionerLastName: z.string(),
  isCurrentUser: z.boolean(),
});

export const getVisibleCalendars = defineCall('GET', '/calendar/getVisibleCalendars', {
  response: {
    200: dataOf(
      z.object({
        therapists: z.array(visibleTherapist),
        /** 'own': a therapist-only user, who sees and books only their own calendar. */
        reach: z.enum(['practice', 'own']),
        currentTherapistId: z.number().nullable(),
        maxSelectable: z.number(),
        maySchedule: z.boolean(),
        /** The practice's time zone: the calendar shows its wall-clock times. */
        timezone: z.string(),
        /** Whose choices the browser remembers, and the user's screen-reader setting. */
        userId: z.number(),
        screenReader: z.boolean(),
      }),
    ),
  },
});

export const myCalendar = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('practice'), therapistId: z.number(), name: z.string() }),
  z.object({
    kind: z.literal('external'),
    id: z.number(),
    name: z.string(),
    color: z.string(),
    lastSyncedAt: z.string().nullable(),
    lastSyncStatus: z.string(),
  }),
]);

/** The caller's own calendars; outside calendars never carry their addresses (they can hold secrets). */
export const getMyCalendars = defineCall('GET', '/calendar/getMyCalendars', {
  response: { 200: dataOf(z.object({ calendars: z.array(myCalendar) })) },
});

export const getTherapistAvailability = defineCall('GET', '/calendar/getTherapistAvailability', {
  querystring: z.object({
    therapistIds: therapistIdList(THERAPIST_SELECTION_LIMIT),
    locationIds: idList(100, 'locations').optional(),
    start: dayOrInstant,
    end: dayOrInstant,
  }),
  response: { 200: dataOf(z.array(availabilityBlock)) },
});

export const availabilitySpan = z.object({
  id: z.number(),
  span_from: z.string().nullable(),
  span_to: z.string().nullable(),
});

/** Spans by therapist id (as a string key), each therapist asked for present. */
export const getAvailabilitySpansForTherapists = defineCall(
  'GET',
  '/availability/getAvailabilitySpansForTherapists',
  {
    querystring: z.object({ therapistIds: therapistIdList(THERAPIST_SELECTION_LIMIT) }),
    response: { 200: dataOf(z.record(z.string(), z.array(availabilitySpan))) },
  },
);

/** A counter only: it says that something changed, never what or whose. */
export const calendarChanges = defineCall('GET', '/calendar/changes', {
  response: { 200: dataOf(z.object({ version: z.number() })) },
});
