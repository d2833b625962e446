import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * The demo practices take cards on the local processor (issue 19 item 9): it works offline,
 * moves no money and says so; Stripe is a setting a real practice turns on. The fees shown are
 * a typical card rate, so the set-up page opens on real figures.
 */
export async function seedDemoCardProcessors(
  db: Db,
  practiceIds: { first: number; second: number },
): Promise<void> {
  await db.execute(sql`insert into card_processors
      (practice_id, kind, name, all_therapists, fee_percent_bp, fee_fixed_cents)
    values (${practiceIds.first}, 'local', 'Local test processor', true, 290, 30),
           (${practiceIds.second}, 'local', 'Local test processor', true, 290, 30)`);
}
