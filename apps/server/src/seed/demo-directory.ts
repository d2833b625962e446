import type { Db } from '../db/client.ts';

/** The public directory: therapist bios, specialties, photos, accepted payers, online booking. */
export async function seedDemoDirectory(
  _db: Db,
  _practiceIds: { first: number; second: number },
  _now: Date,
): Promise<void> {}
