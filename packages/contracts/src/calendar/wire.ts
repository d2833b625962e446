import { z } from 'zod';
import { INT_LIMIT } from '../common.ts';

/*
 * Wire pieces shared by the calendar's calls: the legacy 1/0 flags, id lists
 * in query strings, lengths in minutes. Kept as the calendar's requests have
 * always read them, so every old caller still gets the same answer.
 */

/** Legacy booleans arrive as 1/0, '1'/'0', 'true'/'false' or booleans. */
export const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

const splitIds = (v: unknown) =>
  (Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [v])
    .map((s) => String(s).trim())
    .filter((s) => s !== '')
    .map(Number);

const idArray = (max: number, what: string) =>
  z.array(z.number().int().positive().max(INT_LIMIT)).max(max, `Choose at most ${max} ${what}.`);

/** A list of ids in a query string: repeated keys or one comma-separated value. */
export const idList = (max: number, what: string) => z.preprocess(splitIds, idArray(max, what));

/** As `idList`, but a missing or null list stays missing (the body of the shared-calendars call). */
export const idListOrNone = (max: number, what: string) =>
  z.preprocess((v) => (v === undefined || v === null ? v : splitIds(v)), idArray(max, what));

const atLeastOne = { message: 'Choose at least one therapist.' };

/** The therapists a window shows: at least one, at most the selection limit. */
export const therapistIdList = (max: number) =>
  idList(max, 'therapists').refine((ids) => ids.length > 0, atLeastOne);
export const therapistIdListOrNone = (max: number) =>
  idListOrNone(max, 'therapists').refine((ids) => ids.length > 0, atLeastOne);

export const MAX_DURATION_MINUTES = 24 * 60;

/** A length in minutes in a body: from 1 minute to a day. */
export const durationMinutes = z.number().int().positive().max(MAX_DURATION_MINUTES);

/** `{ status: 'success', message, data }`, the answer of the calendar's changes. */
export const successOf = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal('success'), message: z.string(), data });

/** The events a change touched. */
export const changedEvents = successOf(z.object({ calendar_event_ids: z.array(z.number()) }));

export const eventKind = z.enum(['appointment', 'meeting', 'out_of_office', 'holiday']);
