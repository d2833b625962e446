/**
 * `node --import tsx bench/explain-window.ts`: the calendar window's statement (budget 3) with
 * its plan and timings, on the bench's busy calendar (a kept folder: /tmp/op-bench-window).
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '../apps/server/src/db/client.ts';
import { windowQuery } from '../apps/server/src/modules/calendar/window-events.ts';
import {
  benchWindow,
  busyTherapistIds,
  prepareBusyCalendar,
  PRACTICE_ID,
} from './calendar-data.ts';
import { benchDatabase } from './support.ts';

const opened = await benchDatabase(
  prepareBusyCalendar,
  process.env.BENCH_DIR ?? '/tmp/op-bench-window',
);
try {
  const window = benchWindow();
  const query = windowQuery({
    practiceId: PRACTICE_ID,
    therapistIds: await busyTherapistIds(opened.database),
    locationIds: undefined,
    start: window.start,
    end: window.end,
    includeCancelled: false,
    timezone: 'America/New_York',
  });
  for (let i = 0; i < 5; i++) await opened.database.db.execute(query);
  const plan = await rowsOf<{ 'QUERY PLAN': string }>(
    opened.database.db,
    sql`explain (analyze, buffers, costs off) ${query}`,
  );
  for (const line of plan) console.log(line['QUERY PLAN']);
} finally {
  await opened.close();
}
