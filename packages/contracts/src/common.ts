import { z } from 'zod';

/*
 * Wire building blocks shared by every contract. Requests take their ids, text
 * and dates from here, so bad input is refused by the schema with a 400 naming
 * the field. The server's input guard (apps/server/src/platform/input-guard.ts)
 * still checks every route against the platform limits below; a schema that
 * needs wider limits says so in `inputRules`.
 */

/** The largest value of an `integer` column. */
export const INT_LIMIT = 2_147_483_647;
export const EARLIEST_DAY = '1900-01-01';
export const LATEST_DAY = '2200-12-31';

/** What a schema may say about its field to widen the input guard's defaults. */
export type InputRule = {
  /** The field may hold integers beyond the 32-bit range (a `bigint` column). */
  bigInteger?: true;
  /** The field's dates may lie in this range instead of 1900-01-01 … 2200-12-31. */
  dates?: { from: string; to: string };
};

/** Marks on schemas; the input guard reads them while walking a parsed value beside its schema. */
export const inputRules = z.registry<InputRule>();

/**
 * Zod building blocks for request schemas. New routes take their ids, text and
 * dates from here rather than writing `Number(...)`, `parseInt` or
 * `new Date(...)` by hand, so bad input is refused by the schema with a 400
 * naming the field. The platform input guard (input-guard.ts) still checks
 * every route; these say the rest (ids start at 1, single-line text has no
 * line breaks, a date field's own range).
 */

const ID_MESSAGE = `expected an id from 1 to ${INT_LIMIT}`;

/** An id in a JSON body: a whole number from 1 to 2,147,483,647 (an `integer` column). */
export const idSchema = z
  .number({ error: ID_MESSAGE })
  .int(ID_MESSAGE)
  .min(1, ID_MESSAGE)
  .max(INT_LIMIT, ID_MESSAGE);

/** An id in a query string or path: the same range, from its digits. */
export const idParamSchema = z.coerce
  .number({ error: ID_MESSAGE })
  .int(ID_MESSAGE)
  .min(1, ID_MESSAGE)
  .max(INT_LIMIT, ID_MESSAGE);

/** A count, offset or amount in cents: a whole number from `min` to 2,147,483,647. */
export const wholeNumberSchema = (min = 0, max = INT_LIMIT) =>
  z.number().int(`expected a whole number from ${min} to ${max}`).min(min).max(max);

// eslint-disable-next-line no-control-regex -- refusing these is the point
const SINGLE_LINE_BAD = /[\u0000-\u001F\u007F-\u009F]/;
// eslint-disable-next-line no-control-regex -- refusing these is the point
const MULTI_LINE_BAD = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/**
 * Text of at most `max` characters with no control character; `multiline`
 * lets tab, CR and LF through (notes, memos), single-line text refuses them.
 */
export const textSchema = (max: number, options: { multiline?: boolean; min?: number } = {}) =>
  z
    .string()
    .min(options.min ?? 0)
    .max(max)
    .refine(
      (text) => !(options.multiline ? MULTI_LINE_BAD : SINGLE_LINE_BAD).test(text),
      options.multiline
        ? 'must not contain control characters'
        : 'must be one line without control characters',
    );

type DateRange = { from?: string; to?: string };

function withRange<S extends z.ZodType<string>>(
  schema: S,
  range: DateRange,
  dayOf: (v: string) => string,
): S {
  const from = range.from ?? EARLIEST_DAY;
  const to = range.to ?? LATEST_DAY;
  const checked = schema.refine((value) => {
    const day = dayOf(value);
    return day >= from && day <= to;
  }, `must be a date from ${from} to ${to}`);
  // A range wider than the platform default must tell the guard, or the guard refuses it.
  if (from < EARLIEST_DAY || to > LATEST_DAY) inputRules.add(checked, { dates: { from, to } });
  return checked;
}

/** A calendar date 'YYYY-MM-DD', by default from 1900-01-01 to 2200-12-31. */
export const dateSchema = (range: DateRange = {}) => withRange(z.iso.date(), range, (day) => day);

/** An instant with its offset ('2026-03-02T15:00:00Z'), its date within the same default range. */
export const instantSchema = (range: DateRange = {}) =>
  withRange(z.iso.datetime({ offset: true }), range, (instant) => instant.slice(0, 10));

/** A whole number that may exceed the 32-bit range (a `bigint` column such as an audit row id). */
export const bigIntegerSchema = () => {
  const schema = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
  inputRules.add(schema, { bigInteger: true });
  return schema;
};

/** An id in a JSON body (plain range check; `idSchema` names the range in its message). */
export const bodyId = z.number().int().positive().max(INT_LIMIT);
/** An id in a query string or path. */
export const queryId = z.coerce.number().int().positive().max(INT_LIMIT);
export const patientQuery = z.object({ patientId: queryId });
export const patientBody = z.object({ patientId: bodyId });

/** Optional free text: absent leaves the value alone, null or blank clears it. */
export const optionalText = (max: number) => z.string().max(max).nullable().optional();
export const requiredText = (max: number) => z.string().max(max);

/** An instant with its offset, e.g. 2026-03-02T14:00:00.000Z or 2026-03-02T09:00:00-05:00. */
export const instant = z.iso.datetime({ offset: true });
/** A calendar day or an instant; a day means midnight in the practice's time zone. */
export const dayOrInstant = z.union([z.iso.date(), instant]);

/**
 * A moment in an answer: the server hands a Date (or an ISO string it already has),
 * the wire carries the ISO string. The only codec allowed in answers, because
 * `JSON.stringify` does the same (answers skip re-encoding in production).
 */
export const timestamp = z.codec(z.string(), z.union([z.date(), z.string()]), {
  decode: (text) => text,
  encode: (value) => (value instanceof Date ? value.toISOString() : value),
});

/** Mutations answer this when the stored row already matched (spec-2 §4: skipped when unchanged). */
export const unchangedAnswer = z.object({ status: z.literal('unchanged') });

/** `{ data: … }`, the envelope most answers use. */
export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

/** A made PDF: the bytes as they are (never through the serializer). */
export const pdfFile = z.codec(
  z.string(),
  z.custom<Uint8Array>((value) => value instanceof Uint8Array),
  {
    decode: (text) => new TextEncoder().encode(text),
    encode: (bytes) => new TextDecoder().decode(bytes),
  },
);
