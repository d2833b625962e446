import { SERIES_SCOPES, TELEHEALTH_POS_CODES } from '@openpractice/domain';
import { z } from 'zod';
import { bodyId, dataOf, instant, INT_LIMIT } from '../common.ts';
import { defineCall } from '../define.ts';
import { changedEvents, durationMinutes } from './wire.ts';

/**
 * Weekly series: changing one occurrence, this and the following ones, or all
 * of it, and reading a series (docs/calendar-api.md). Moving and cancelling
 * take a `scope` in events.ts.
 */

export const updateAppointment = defineCall('POST', '/calendar/updateAppointment', {
  body: z.object({
    calendar_event_id: bodyId,
    scope: z.enum(SERIES_SCOPES).default('this'),
    /** null: no location. */
    practiceLocationId: bodyId.nullable().optional(),
    isTeletherapy: z.boolean().optional(),
    teletherapyPos: z.enum(TELEHEALTH_POS_CODES).nullable().optional(),
    productId: bodyId.optional(),
    /** Minutes: the new length of each appointment changed. */
    duration: durationMinutes.optional(),
    /**
     * This appointment's new start; the others of the scope move by the same wall-clock
     * change (as a drag moves them). Absent: the start stays.
     */
    start: instant.optional(),
    /** The therapist whose calendar the appointments move to. */
    therapistId: bodyId.optional(),
    /**
     * For a new time, length or therapist: without it they must fit (409 naming the
     * problem, nothing changed); with it they leave the no-overlap rule, as when booking.
     */
    allowDoubleBooking: z.boolean().default(false),
  }),
  response: { 200: changedEvents },
});

export const seriesOccurrence = z.object({
  calendar_event_id: z.number(),
  start_date_time: z.string(),
  end_date_time: z.string(),
  cancelled: z.boolean(),
  attended: z.boolean(),
});

/** The series an event belongs to, every occurrence by start; an event outside a series is listed alone. */
export const getSeries = defineCall('GET', '/calendar/series/:eventId', {
  params: z.object({ eventId: z.coerce.number().int().positive().max(INT_LIMIT) }),
  response: {
    200: dataOf(
      z.object({
        /** null: the event is not part of a series. */
        seriesId: z.number().nullable(),
        intervalWeeks: z.number().nullable(),
        untilDate: z.string().nullable(),
        /** The practice's time zone, in which the series keeps its wall-clock time. */
        timezone: z.string(),
        occurrences: z.array(seriesOccurrence),
      }),
    ),
  },
});
