import {
  eligibilityWarnings,
  type ConfirmedBenefits,
  type Eligibility271,
  type EligibilityCheckStatus,
  type EligibilityWarning,
} from '@openpractice/domain';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { insuranceConfirmations } from '../../db/schema/index.ts';

/** The policy's newest benefits confirmation (spec-2 §6: newest authDate first); null without one. */
async function newestConfirmation(
  db: Db,
  clientInsuranceId: number,
): Promise<ConfirmedBenefits | null> {
  const [row] = await db
    .select({
      authDate: insuranceConfirmations.authDate,
      copayCents: insuranceConfirmations.copayCents,
      coinsurancePercent: insuranceConfirmations.coinsurancePercent,
      deductibleCents: insuranceConfirmations.deductibleCents,
    })
    .from(insuranceConfirmations)
    .where(eq(insuranceConfirmations.clientInsuranceId, clientInsuranceId))
    .orderBy(desc(insuranceConfirmations.authDate), desc(insuranceConfirmations.id))
    .limit(1);
  return row ?? null;
}

/**
 * What a stored check warns of on `today` (the practice's day): only a
 * complete answer has plan dates and a cost share to doubt; the confirmation
 * compared is the newest of the policy the check was about, as saved now.
 */
export async function checkWarnings(
  db: Db,
  check: {
    status: EligibilityCheckStatus;
    result: Eligibility271 | null;
    clientInsuranceId: number | null;
  },
  today: string,
): Promise<EligibilityWarning[]> {
  if (check.status !== 'COMPLETE' || check.result === null) return [];
  const confirmation =
    check.clientInsuranceId === null ? null : await newestConfirmation(db, check.clientInsuranceId);
  return eligibilityWarnings(check.result, confirmation, today);
}
