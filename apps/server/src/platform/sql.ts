import { sql, type SQL } from 'drizzle-orm';

/** SQL pieces every area uses: id arrays and instants, the same text on PGlite and PostgreSQL. */

/** An int[] literal built from parameters (one per id). */
export const idArray = (ids: readonly number[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  )}]::int[]`;

/** A timestamptz column as an ISO instant in UTC ('…Z'), the same text on both drivers. */
export const isoOf = (column: SQL) =>
  sql`to_char((${column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A day (midnight in the practice's zone) or an instant, as a timestamptz expression. */
export const instantSql = (value: string, timezone: string) =>
  value.length === 10
    ? sql`(${value}::date::timestamp at time zone ${timezone})`
    : sql`${value}::timestamptz`;

/** A text[] literal built from parameters (one per value); an empty list is '{}'. */
export const textArray = (values: readonly string[]) =>
  values.length === 0
    ? sql`'{}'::text[]`
    : sql`array[${sql.join(
        values.map((value) => sql`${value}::text`),
        sql`, `,
      )}]::text[]`;
