import type { Db } from '../db/client.ts';

/** Policies' details, pre-authorizations and benefits confirmations of the demo clients. */
export async function seedDemoInsurance(
  _db: Db,
  _practiceIds: { first: number; second: number },
  _now: Date,
): Promise<void> {}
