import type { remainingBlock } from '@openpractice/contracts/availability/lookups';
import { isAvailabilityLookupRangeAllowed, remainingRanges } from '@openpractice/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { availabilityInWindow } from '../calendar/index.ts';
import { busyRanges } from './queries.ts';

const DAY_MS = 86_400_000;

/**
 * The therapist's availability still free between spanFrom and spanTo (exclusive): the
 * calendar's availability blocks less booked appointments and time already past. The route
 * (lookup-routes.ts) only decides whose availability the caller may ask about.
 */
export async function remainingAvailability(
  db: Db,
  input: { practiceId: number; therapistId: number; spanFrom: string; spanTo: string; now: Date },
): Promise<z.infer<typeof remainingBlock>[]> {
  const { practiceId, therapistId, spanFrom, spanTo } = input;
  // spec-1 §5, §9: a lookup over more than 7 days returns nothing.
  if (!isAvailabilityLookupRangeAllowed(spanFrom, spanTo)) return [];
  const last =
    spanTo > spanFrom ? new Date(Date.parse(spanTo) - DAY_MS).toISOString().slice(0, 10) : spanFrom;
  const blocks = await availabilityInWindow(db, {
    practiceId,
    therapistIds: [therapistId],
    locationIds: undefined,
    from: spanFrom,
    to: last,
  });
  if (blocks.length === 0) return [];
  const starts = blocks.map((b) => b.start_date_time).sort();
  const ends = blocks.map((b) => b.end_date_time).sort();
  const busy = await busyRanges(db, {
    practiceId,
    therapistId,
    from: starts[0] ?? '',
    to: ends.at(-1) ?? '',
  });
  // Time already past is not available any more.
  const past = { start: new Date(0).toISOString(), end: input.now.toISOString() };
  return blocks.flatMap((block) =>
    remainingRanges({ start: block.start_date_time, end: block.end_date_time }, [
      past,
      ...busy,
    ]).map((free) => ({
      therapistId,
      date: block.date,
      availability_day_id: block.availability_day_id,
      practice_location_id: block.practice_location_id,
      start_date_time: free.start,
      end_date_time: free.end,
      online_scheduling: block.online_scheduling,
      schedule_every: block.schedule_every,
      in_person_enabled: block.in_person_enabled,
      teletherapy_enabled: block.teletherapy_enabled,
    })),
  );
}
