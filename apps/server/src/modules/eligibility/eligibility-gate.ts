import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { practiceSettings } from '../../db/schema/index.ts';
import { conflict } from '../../platform/errors.ts';
import type { ClientNeed } from '../../platform/client-gate.ts';

export const ELIGIBILITY_FORBIDDEN = "You do not have access to this client's eligibility checks.";
export const ELIGIBILITY_TURNED_OFF =
  'Insurance is turned off for this practice. Turn it on in the practice settings to check eligibility.';

/**
 * Eligibility checks are part of the client's insurance (spec-2 §2, the
 * insurance tab), so they need what the insurance tab needs: demographic or
 * billing access to the client (the front desk and therapists check at
 * intake, billers before claims). gateClient answers 404 for another
 * practice's client. Declared on each route as its client need.
 */
export const eligibilityNeed: ClientNeed = {
  allows: ({ access }) => access.hasDemographicAccess || access.hasBillingAccess,
  message: ELIGIBILITY_FORBIDDEN,
};

/** Checks are run only while the practice has the insurance feature on (history stays readable). */
export async function requireInsuranceFeature(db: Db, practiceId: number): Promise<void> {
  const [row] = await db
    .select({ features: practiceSettings.features })
    .from(practiceSettings)
    .where(eq(practiceSettings.practiceId, practiceId));
  if (!(row?.features.insurance ?? false)) throw conflict(ELIGIBILITY_TURNED_OFF);
}
