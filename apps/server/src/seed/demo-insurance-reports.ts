import type { Db } from '../db/client.ts';

/** Cases each insurance report lists: expiring policies and precerts, unconfirmed and unverified policies, visit limits. */
export async function seedDemoInsuranceReports(
  _db: Db,
  _practiceIds: { first: number; second: number },
  _now: Date,
): Promise<void> {}
