import {
  EXTERNAL_CALENDAR_COLOUR_VALUES,
  EXTERNAL_CALENDAR_NAME_MAX,
  EXTERNAL_CALENDAR_URL_MAX,
  THERAPIST_SELECTION_LIMIT,
} from '@openpractice/domain';
import { z } from 'zod';
import { dayOrInstant } from './schemas.ts';

const MAX_ID = 2_147_483_647;
/** An id in a body; legacy callers send numbers or numeric strings. */
const looseId = z.coerce.number().int().positive().max(MAX_ID);

/** Ids as a list, repeated query keys or one comma-separated value. */
const idList = (max: number, what: string) =>
  z.preprocess(
    (v) =>
      v === undefined || v === null
        ? v
        : (Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [v])
            .map((s) => String(s).trim())
            .filter((s) => s !== '')
            .map(Number),
    z.array(z.number().int().positive().max(MAX_ID)).max(max, `Choose at most ${max} ${what}.`),
  );

const therapistIds = idList(THERAPIST_SELECTION_LIMIT, 'therapists').refine(
  (ids) => ids.length > 0,
  { message: 'Choose at least one therapist.' },
);

export const addExternalCalendarBody = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Enter a name for the calendar.')
    .max(EXTERNAL_CALENDAR_NAME_MAX, `Use at most ${EXTERNAL_CALENDAR_NAME_MAX} characters.`),
  url: z.string().max(EXTERNAL_CALENDAR_URL_MAX + 100),
  color: z.enum(EXTERNAL_CALENDAR_COLOUR_VALUES, { message: 'Choose one of the colours.' }),
});

export const removeExternalCalendarBody = z.object({ calendar_id: looseId });

export const syncExternalCalendarBody = z.object({ calendar_id: looseId, user_id: looseId });

export const externalEventsQuery = z.object({
  therapistIds,
  start: dayOrInstant,
  end: dayOrInstant,
});

const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

export const myAndSharedCalendarsBody = z.object({
  therapistIds,
  start: dayOrInstant,
  end: dayOrInstant,
  includeCancelledEvents: flag.default(false),
  /** Only these outside calendars; absent means every connected one. */
  externalCalendarIds: idList(100, 'external calendars').nullable().optional(),
  locationIds: idList(100, 'locations').nullable().optional(),
});
