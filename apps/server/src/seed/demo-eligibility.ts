import type { Db } from '../db/client.ts';

/** A history of eligibility checks for some demo clients. */
export async function seedDemoEligibility(
  _db: Db,
  _practiceIds: { first: number; second: number },
  _now: Date,
): Promise<void> {}
