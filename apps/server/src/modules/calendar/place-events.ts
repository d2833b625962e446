import { formatSeriesDay } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { rowsOf, type Db } from '../../db/client.ts';
import { allowedTherapists, assertMayUse } from '../../platform/calendar-reach.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { idArray, isoOf } from '../../platform/sql.ts';
import { seriesMoveBackwards } from './booking-rules.ts';
import { assertEventsAtOpenLocations } from './closed-locations.ts';
import { firstOverlap, therapistOfPractice } from './queries.ts';

/** An event's start and end, as ISO instants. */
export type Window = { startAt: string; endAt: string };

/** Where a move puts the events it changes. */
export type Placement = {
  /** The anchor event's new start and end. */
  window: Window;
  /** Every moved event's new length in minutes; null: each end moves as the anchor's end does. */
  minutes: number | null;
  /** The therapist whose calendar they go on. */
  therapistId: number;
  /**
   * Double booking allowed: the events leave the no-overlap rule (as a booking made with
   * it does). Not allowed: they must fit, whatever they were booked with, because the old
   * permission was for the old time.
   */
  allowDoubleBooking: boolean;
  /** All day for a lone event; null leaves it as it is (a series keeps its time of day). */
  allDay: boolean | null;
};

/**
 * Inside a change's transaction, the one rule of every move (the drag, the appointment and
 * meeting edit dialogs): shifts the events `ids` by the anchor's wall-clock change in the
 * practice's zone (each keeps its own time of day across clock changes), sets their length
 * and therapist, and without double booking refuses a place another booking holds, with
 * `taken`'s words naming the first such day; nothing is written then. The rows leave the
 * no-overlap constraint while they move (so a shift of a week or more does not meet their
 * own old places) and, without double booking, re-enter it at the end, where the constraint
 * still has the last word between concurrent changes (see `booking`).
 */
export async function placeEvents(
  tx: Db,
  move: {
    practiceId: number;
    anchor: Window;
    ids: readonly number[];
    placement: Placement;
    timezone: string;
    taken: (day: string) => string;
  },
): Promise<void> {
  const { practiceId, anchor, ids, placement, timezone } = move;
  if (ids.length === 0) return;
  const { window, minutes } = placement;
  const shifted = await rowsOf<{ id: number; startAt: string; endAt: string }>(
    tx,
    sql`select e.id, ${isoOf(sql`s`)} as "startAt",
          ${isoOf(minutes === null ? sql`f` : sql`s + make_interval(mins => ${minutes}::int)`)} as "endAt"
        from calendar_events e,
          lateral (select ((e.start_at at time zone ${timezone}) + d.ds) at time zone ${timezone} as s,
                          ((e.end_at at time zone ${timezone}) + d.de) at time zone ${timezone} as f
                   from (select (${window.startAt}::timestamptz at time zone ${timezone})
                                  - (${anchor.startAt}::timestamptz at time zone ${timezone}) as ds,
                                (${window.endAt}::timestamptz at time zone ${timezone})
                                  - (${anchor.endAt}::timestamptz at time zone ${timezone}) as de) d) n
        where e.id = any(${idArray(ids)})
        order by s, e.id`,
  );
  const backwards = shifted.find((r) => r.endAt <= r.startAt);
  if (backwards) {
    throw badRequest(seriesMoveBackwards(formatSeriesDay(backwards.startAt, timezone)));
  }
  if (!placement.allowDoubleBooking) {
    const taken = await firstOverlap(tx, {
      practiceId,
      therapistId: placement.therapistId,
      ranges: shifted,
      exceptIds: ids,
    });
    if (taken) throw conflict(move.taken(formatSeriesDay(taken.startAt, timezone)));
  }
  const all = idArray(ids);
  await tx.execute(
    sql`update calendar_events set allow_double_booking = true where id = any(${all})`,
  );
  const instants = (values: string[]) =>
    sql`array[${sql.join(
      values.map((v) => sql`${v}::timestamptz`),
      sql`, `,
    )}]`;
  await tx.execute(
    sql`update calendar_events e set start_at = n.s, end_at = n.f,
          therapist_id = ${placement.therapistId}::int,
          all_day = ${placement.allDay === null ? sql`e.all_day` : sql`${placement.allDay}::boolean`},
          updated_at = now()
        from unnest(${idArray(shifted.map((r) => r.id))}, ${instants(shifted.map((r) => r.startAt))},
                    ${instants(shifted.map((r) => r.endAt))}) as n(id, s, f)
        where e.id = n.id`,
  );
  await assertEventsAtOpenLocations(tx, { eventIds: ids, timezone });
  if (!placement.allowDoubleBooking) {
    await tx.execute(
      sql`update calendar_events set allow_double_booking = false where id = any(${all})`,
    );
  }
}

/** The anchor's window moved to `start` (ISO instant), `minutes` long or as long as it was. */
export function windowFrom(anchor: Window, start: string, minutes: number | null): Window {
  const from = Date.parse(start);
  const length =
    minutes === null ? Date.parse(anchor.endAt) - Date.parse(anchor.startAt) : minutes * 60_000;
  return { startAt: new Date(from).toISOString(), endAt: new Date(from + length).toISOString() };
}

export const THERAPIST_NOT_BOOKABLE = 'Choose an active therapist of this practice.';

/** A move to another calendar: an active therapist of the practice the caller may book for. */
export async function assertBookableTherapist(
  db: Db,
  request: FastifyRequest,
  therapistId: number,
): Promise<void> {
  const scope = allowedTherapists(request);
  const therapist = await therapistOfPractice(db, scope.practiceId, therapistId);
  if (!therapist?.active) throw badRequest(THERAPIST_NOT_BOOKABLE, 'therapistId');
  assertMayUse(scope, [therapistId]);
}
