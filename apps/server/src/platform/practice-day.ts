import { zonedIsoDate } from '@openpractice/domain';
import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.ts';
import { practices } from '../db/schema/index.ts';

/** The practice's time zone and today's date there (YYYY-MM-DD), by the server's clock. */
export async function practiceDay(
  db: Db,
  practiceId: number,
  now: Date,
): Promise<{ timezone: string; today: string }> {
  const [row] = await db
    .select({ timezone: practices.timezone })
    .from(practices)
    .where(eq(practices.id, practiceId));
  const timezone = row?.timezone ?? 'America/New_York';
  return { timezone, today: zonedIsoDate(now, timezone) };
}

/** The practice's IANA time zone (America/New_York when unset). */
export async function practiceTimezone(db: Db, practiceId: number): Promise<string> {
  const [row] = await rowsOf<{ timezone: string }>(
    db,
    sql`select timezone from practices where id = ${practiceId}`,
  );
  return row?.timezone ?? 'America/New_York';
}
