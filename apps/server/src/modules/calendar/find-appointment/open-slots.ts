import { sql } from 'drizzle-orm';
import {
  openSlots,
  zonedIsoDate,
  type BusyInterval,
  type OpenSlotBlock,
} from '@openpractice/domain';
import { rowsOf, type Db } from '../../../db/client.ts';
import { availabilityInWindow } from '../index.ts';
import { idArray, isoOf } from '../../../platform/sql.ts';
import { practiceTimezone } from '../../../platform/practice-day.ts';
import { closingDays } from '../closed-locations.ts';

/**
 * CONTRACT (issue 6, implemented by the find-an-appointment work; used by the
 * public directory and self-booking too). Open slots of therapists in a window:
 * their availability days (in the span in force on each date, minus date
 * exceptions), stepped by each day's scheduleEvery, for a duration, minus live
 * calendar events (appointments, meetings, out of office, not cancelled) and
 * busy time from external calendars, never in the past.
 */
export type SlotMode = 'any' | 'inPerson' | 'telehealth';

export type OpenSlotQuery = {
  practiceId: number;
  therapistIds: readonly number[];
  /** Only days at these locations; empty or undefined means any location. */
  locationIds?: readonly number[];
  mode: SlotMode;
  durationMinutes: number;
  /** Window [from, to); callers keep it within 7 days (spec-1 §9). */
  from: Date;
  to: Date;
  /** Public booking: only days with onlineScheduling on. */
  onlineOnly: boolean;
  now: Date;
};

export type OpenSlot = {
  therapistId: number;
  /** ISO instants (UTC). */
  start: string;
  end: string;
  locationId: number | null;
  inPerson: boolean;
  telehealth: boolean;
};

const DAY_MS = 86_400_000;

export async function findOpenSlots(db: Db, query: OpenSlotQuery): Promise<OpenSlot[]> {
  const { from, to } = query;
  if (query.therapistIds.length === 0 || !(to.getTime() > from.getTime())) return [];
  if (to.getTime() <= query.now.getTime()) return [];
  const timezone = await practiceTimezone(db, query.practiceId);
  // The practice-zone dates the window touches (the last one holds its final instant).
  const rows = await availabilityInWindow(db, {
    practiceId: query.practiceId,
    therapistIds: query.therapistIds,
    locationIds: query.locationIds,
    from: zonedIsoDate(from, timezone),
    to: zonedIsoDate(new Date(to.getTime() - 1), timezone),
  });
  // In-person time at a location closed by that day is not offered (telehealth still is).
  const closing = await closingDays(db, query.practiceId);
  const closedOn = (locationId: number | null, day: string) => {
    const closesOn = locationId === null ? undefined : closing.get(locationId);
    return closesOn !== undefined && day >= closesOn;
  };
  const blocks: OpenSlotBlock[] = rows.map((r) => ({
    therapistId: r.user_id_therapist,
    start: r.start_date_time,
    end: r.end_date_time,
    scheduleEvery: r.schedule_every,
    locationId: r.practice_location_id,
    inPersonEnabled: r.in_person_enabled && !closedOn(r.practice_location_id, r.date),
    teletherapyEnabled: r.teletherapy_enabled,
    onlineScheduling: r.online_scheduling,
  }));
  if (blocks.length === 0) return [];
  const busy = await busyIntervals(db, {
    practiceId: query.practiceId,
    therapistIds: [...new Set(blocks.map((b) => b.therapistId))],
    // Busy time only matters where a block lies; a day either side is plenty.
    start: new Date(Math.min(...blocks.map((b) => Date.parse(b.start))) - DAY_MS),
    end: new Date(Math.max(...blocks.map((b) => Date.parse(b.end))) + DAY_MS),
  });
  return openSlots(blocks, busy, {
    durationMinutes: query.durationMinutes,
    mode: query.mode,
    onlineOnly: query.onlineOnly,
    now: query.now,
    window: { from, to },
  });
}

/**
 * The therapists' taken time touching [start, end), in one query: live
 * appointments, meetings and out-of-office blocks (the set the no-overlap
 * constraint guards; one booked with double booking allowed still takes the
 * slot) and every event read from their outside calendars. The range test
 * matches the GiST window index of calendar_events.
 */
async function busyIntervals(
  db: Db,
  input: { practiceId: number; therapistIds: readonly number[]; start: Date; end: Date },
): Promise<BusyInterval[]> {
  const start = input.start.toISOString();
  const end = input.end.toISOString();
  const therapists = idArray(input.therapistIds);
  return rowsOf<BusyInterval>(
    db,
    sql`select e.therapist_id as "therapistId", ${isoOf(sql`e.start_at`)} as start, ${isoOf(sql`e.end_at`)} as "end"
        from calendar_events e
        where e.practice_id = ${input.practiceId} and e.therapist_id = any(${therapists})
          and tstzrange(e.start_at, e.end_at) && tstzrange(${start}::timestamptz, ${end}::timestamptz)
          and e.cancelled_at is null and e.type in ('appointment', 'meeting', 'out_of_office')
        union all
        select x.therapist_id, ${isoOf(sql`x.start_at`)}, ${isoOf(sql`x.end_at`)}
        from external_calendar_events x
        where x.practice_id = ${input.practiceId} and x.therapist_id = any(${therapists})
          and x.start_at < ${end}::timestamptz and x.end_at > ${start}::timestamptz`,
  );
}
