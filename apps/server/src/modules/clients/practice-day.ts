import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { practices } from '../../db/schema/index.ts';

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
  return { timezone, today: now.toLocaleDateString('en-CA', { timeZone: timezone }) };
}
