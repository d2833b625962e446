import { locationClosedMessage } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { badRequest } from '../../platform/errors.ts';
import { idArray } from '../../platform/sql.ts';

/**
 * A closed location takes no appointment from its closing day on (issue 16 item 2). Every
 * path that books or moves an appointment asks here: booking before it writes, moves and
 * edits after (in their transaction, so a refusal writes nothing).
 */

type Closed = { name: string; closesOn: string };

/** Refuses when a location was found closed (a booking's facts read it with the gate). */
export const refuseClosed = (closed: Closed | null | undefined) => {
  if (closed) throw badRequest(locationClosedMessage(closed), 'practiceLocationId');
};

/** Refuses a booking at the location when any of the starts falls on or after its closing day. */
export async function assertOpenForStarts(
  db: Db,
  input: { practiceId: number; locationId: number | null; starts: string[]; timezone: string },
): Promise<void> {
  if (input.locationId === null || input.starts.length === 0) return;
  const [closed] = await rowsOf<Closed>(
    db,
    sql`select l.name, l.closes_on::text as "closesOn" from locations l
        where l.id = ${input.locationId} and l.practice_id = ${input.practiceId}
          and l.closes_on is not null
          and exists (select 1 from unnest(array[${sql.join(
            input.starts.map((s) => sql`${s}::timestamptz`),
            sql`, `,
          )}]) s where (s at time zone ${input.timezone})::date >= l.closes_on)`,
  );
  refuseClosed(closed);
}

/** Refuses when an appointment among the events now starts at a location closed by its day. */
export async function assertEventsAtOpenLocations(
  tx: Db,
  input: { eventIds: readonly number[]; timezone: string },
): Promise<void> {
  if (input.eventIds.length === 0) return;
  const [closed] = await rowsOf<Closed>(
    tx,
    sql`select l.name, l.closes_on::text as "closesOn" from calendar_events e
        join locations l on l.id = e.location_id
        where e.id = any(${idArray(input.eventIds)}) and e.type = 'appointment'
          and l.closes_on is not null
          and (e.start_at at time zone ${input.timezone})::date >= l.closes_on
        order by e.start_at limit 1`,
  );
  refuseClosed(closed);
}

/** The practice's locations with a closing date: id → first closed day. */
export async function closingDays(db: Db, practiceId: number): Promise<Map<number, string>> {
  const rows = await rowsOf<{ id: number; closesOn: string }>(
    db,
    sql`select id, closes_on::text as "closesOn" from locations
        where practice_id = ${practiceId} and closes_on is not null`,
  );
  return new Map(rows.map((r) => [r.id, r.closesOn]));
}
