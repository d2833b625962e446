import { z } from 'zod';
import { dataOf, idParamSchema, queryId, timestamp } from '../common.ts';
import { defineCall } from '../define.ts';
import { noteStatus } from './notes.ts';

/**
 * The Records area of the client profile (issue 17 item 8) and the lists the dashboard
 * shows (item 9). Lists are paged by the newest session first.
 */

export const recordRow = z.object({
  type: z.enum(['note', 'addendum']),
  noteId: z.number(),
  addendumId: z.number().nullable(),
  sessionAt: timestamp,
  therapistId: z.number(),
  therapistName: z.string(),
  templateName: z.string(),
  status: noteStatus,
  statusConstant: z.string().nullable(),
  statusLabel: z.string(),
  updatedAt: timestamp,
});

export const listClientRecords = defineCall('GET', '/charting/clients/:patientId/records', {
  params: z.object({ patientId: idParamSchema }),
  querystring: z.object({
    therapistId: queryId.optional(),
    type: z.enum(['note', 'addendum']).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  }),
  response: { 200: z.object({ data: z.array(recordRow), total: z.number() }) },
});

export const CHARTING_LISTS = [
  'uncharted',
  'incomplete',
  'awaitingReview',
  'returned',
  'addendaPending',
] as const;

/** A row of a dashboard charting list (spec-1 §3 Chart review and addendum data, and more). */
export const chartingListItem = z.object({
  type: z.enum(['chart', 'addendum', 'appointment']),
  noteId: z.number().nullable(),
  addendumId: z.number().nullable(),
  attendeeId: z.number().nullable(),
  patientId: z.number(),
  clientName: z.string(),
  date: timestamp,
  status: z.string().nullable(),
  therapist_name: z.string(),
  is_reviewer: z.boolean(),
  is_provider: z.boolean(),
  therapist_is_current_user: z.boolean(),
  /** Whole days since the session. */
  daysOld: z.number(),
});

export const getChartingList = defineCall('GET', '/charting/lists/:list', {
  params: z.object({ list: z.enum(CHARTING_LISTS) }),
  response: {
    200: dataOf(
      z.object({
        items: z.array(chartingListItem),
        count: z.number(),
        oldestDays: z.number().nullable(),
      }),
    ),
  },
});
