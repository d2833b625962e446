import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eligibilityRequests } from '../../db/schema/index.ts';
import type { CheckResult } from './check-answer.ts';
import type { ControlNumber } from './check-request.ts';

/** Serialises control number allocation (one sequence for the installation). */
const CONTROL_NUMBER_LOCK_KEY = 727101;
/** ISA13 is 9 digits; the sequence starts again at 1 after the last. */
const MAX_CONTROL_NUMBER = 999_999_999;

/** Stored until the answer is in; a check that never finishes keeps it. */
export const UNFINISHED_CHECK = 'The eligibility check did not finish. Please run it again.';

export type NewCheck = Omit<
  typeof eligibilityRequests.$inferInsert,
  'id' | 'controlNumber' | 'requestX12' | 'status' | 'errorMessage' | 'failureMessage' | 'summary'
>;

/**
 * Takes the next control number and records the check with the 270 built for
 * it, before anything is sent: every check is on record, also one whose
 * answer never comes. All practices share the sequence because they share the
 * submitter id (ISA06), and ISA13 must be unique per submitter. Rows are only
 * written here, under the lock, so the newest row holds the highest number.
 */
export async function reserveCheck(
  db: Db,
  check: NewCheck,
  build: (controlNumber: ControlNumber) => string,
): Promise<{ id: number; controlNumber: ControlNumber; requestX12: string }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CONTROL_NUMBER_LOCK_KEY})`);
    const [last] = await tx
      .select({ controlNumber: eligibilityRequests.controlNumber })
      .from(eligibilityRequests)
      .orderBy(desc(eligibilityRequests.id))
      .limit(1);
    const controlNumber = ((last?.controlNumber ?? 0) % MAX_CONTROL_NUMBER) + 1;
    const requestX12 = build(controlNumber);
    const [row] = await tx
      .insert(eligibilityRequests)
      .values({
        ...check,
        controlNumber,
        requestX12,
        status: 'ERROR',
        errorMessage: UNFINISHED_CHECK,
      })
      .returning({ id: eligibilityRequests.id });
    if (!row) throw new Error('eligibility check insert returned no row');
    return { id: row.id, controlNumber, requestX12 };
  });
}

/** Records the answer (or why there is none). */
export async function finishCheck(
  db: Db,
  id: number,
  result: CheckResult,
  responseX12: string | null,
): Promise<void> {
  await db
    .update(eligibilityRequests)
    .set({
      responseX12,
      status: result.status,
      failureMessage: result.failureMessage,
      errorMessage: result.errorMessage,
      summary: result.summary,
    })
    .where(eq(eligibilityRequests.id, id));
}
