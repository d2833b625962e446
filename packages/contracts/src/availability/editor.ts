import { z } from 'zod';
import { bodyId, dataOf, queryId } from '../common.ts';
import { defineCall } from '../define.ts';

/**
 * The availability editor's spans and weekly days (spec-2 §7 Availability;
 * docs/availability-api.md). The rules themselves (times, weekdays, spacing,
 * modes, dates) are the domain's, so a refused value carries the same message
 * on both sides; these schemas only say what may be sent at all.
 */

/** A clock time 'HH:MM' (or 'HH:MM:SS'); read and checked by the domain. */
export const clock = z.string().max(16);
/** A span bound: an ISO day, or null (or empty) for an open bound; checked by the domain. */
const spanBound = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z.string().max(10).nullable(),
);

/** The fields of an availability day (spec-2 §3) without its ids. */
export const dayFields = z.object({
  dayOfWeek: z.number().int(),
  practiceLocationId: bodyId.nullable().default(null),
  startTime: clock,
  endTime: clock,
  onlineScheduling: z.boolean().default(false),
  scheduleEvery: z.number().default(60),
  inPersonEnabled: z.boolean().default(true),
  teletherapyEnabled: z.boolean().default(false),
});
export type DayFields = z.infer<typeof dayFields>;

/** Whose availability a lookup reads; absent: the caller's own. */
export const therapistQuery = z.object({ therapistId: queryId.optional() });

/** An availability span as spec-2 §3 names its fields (open bounds are null). */
export const span = z.object({
  span_id: z.number(),
  span_from: z.string().nullable(),
  span_to: z.string().nullable(),
  therapistId: z.number(),
});

/** An availability day as stored; times are 'HH:MM'. */
export const day = z.object({
  day_id: z.number(),
  dayOfWeek: z.number(),
  practiceLocationId: z.number().nullable(),
  startTime: z.string(),
  endTime: z.string(),
  onlineScheduling: z.boolean(),
  scheduleEvery: z.number(),
  inPersonEnabled: z.boolean(),
  teletherapyEnabled: z.boolean(),
  availabilitySpanId: z.number(),
});

export const spanWithDays = span.extend({ days: z.array(day) });

const editorTherapist = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  active: z.boolean(),
});

/** Whose availability the caller may edit: the practice's (managers) or their own. */
export const editorContext = defineCall('GET', '/availability/editorContext', {
  response: {
    200: dataOf(
      z.object({
        therapists: z.array(editorTherapist),
        reach: z.enum(['practice', 'own']),
        currentTherapistId: z.number().nullable(),
        timezone: z.string(),
        /** Today on the practice's calendar, 'YYYY-MM-DD'. */
        today: z.string(),
      }),
    ),
  },
});

/** The span containing today, with its days. */
export const currentSpan = defineCall('GET', '/availability/span', {
  querystring: therapistQuery,
  response: {
    200: dataOf(
      z.object({ therapistId: z.number(), today: z.string(), span: spanWithDays.nullable() }),
    ),
  },
});

/** Every span of the therapist, oldest first, with how many days each has. */
export const spanning = defineCall('GET', '/availability/spanning', {
  querystring: therapistQuery,
  response: {
    200: dataOf(
      z.object({
        therapistId: z.number(),
        today: z.string(),
        currentSpanId: z.number().nullable(),
        spans: z.array(span.extend({ dayCount: z.number() })),
      }),
    ),
  },
});

export const getSpanById = defineCall('GET', '/availability/getSpanById', {
  querystring: z.object({ span_id: queryId }),
  response: { 200: dataOf(spanWithDays) },
});

export const addSpan = defineCall('POST', '/availability/addSpan', {
  body: z.object({
    therapistId: bodyId.optional(),
    span_from: spanBound,
    span_to: spanBound,
  }),
  response: { 201: dataOf(spanWithDays) },
});

export const updateSpan = defineCall('POST', '/availability/updateSpan', {
  body: z.object({
    span_id: bodyId,
    span_from: spanBound,
    span_to: spanBound,
  }),
  response: { 200: dataOf(spanWithDays) },
});

/** Removes the span and its days; answers the span the editor loads next (spec-2 §4). */
export const removeSpan = defineCall('POST', '/availability/removeSpan', {
  body: z.object({ span_id: bodyId }),
  response: {
    200: dataOf(z.object({ removedSpanId: z.number(), replacement: span.nullable() })),
  },
});

/** Clears every span, day and date exception of the therapist; start over names them explicitly. */
export const startOver = defineCall('DELETE', '/availability/startOver', {
  querystring: z.object({ therapistId: queryId }),
  response: {
    200: dataOf(z.object({ removedSpans: z.number(), removedExceptions: z.number() })),
  },
});

/** Adds a day; with no span named and none existing, an open-ended span is created first. */
export const createDay = defineCall('POST', '/availability/createDay', {
  body: dayFields.extend({
    therapistId: bodyId.optional(),
    /** The span the day joins; absent or null when the therapist has no span yet. */
    availabilitySpanId: bodyId.nullable().optional(),
  }),
  response: {
    201: dataOf(z.object({ day, span: spanWithDays, createdSpan: z.boolean() })),
  },
});

/**
 * Saving anyway after the warning: a change that leaves booked appointments
 * outside the therapist's hours is refused (409, field `confirmCollisions`)
 * unless this is true (issue 15 item 7).
 */
export const confirmCollisions = z.boolean().optional();

export const updateDay = defineCall('PUT', '/availability/updateDay', {
  body: dayFields.extend({ day_id: bodyId, confirmCollisions }),
  response: { 200: dataOf(day) },
});

export const deleteDay = defineCall('DELETE', '/availability/deleteDay', {
  querystring: z.object({
    day_id: queryId,
    /** 'true' deletes the hours though booked appointments fall in them (see confirmCollisions). */
    confirmCollisions: z.enum(['true', 'false']).optional(),
  }),
  response: {
    200: dataOf(z.object({ removedDayId: z.number(), availabilitySpanId: z.number() })),
  },
});

/** Fills a span that has no days with a set of days, all or none. */
export const updateEmptySpanWithDays = defineCall('PUT', '/availability/updateEmptySpanWithDays', {
  body: z.object({
    span_id: bodyId,
    days: z.array(dayFields).min(1, 'Add at least one day.').max(70),
  }),
  response: { 200: dataOf(spanWithDays) },
});
