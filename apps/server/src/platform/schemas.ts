import { z } from 'zod';
import { EARLIEST_DAY, INT_LIMIT, inputRules, LATEST_DAY } from './input-guard.ts';

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
