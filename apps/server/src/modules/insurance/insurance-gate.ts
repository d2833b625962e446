import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { clientInsurances, clients, practiceSettings } from '../../db/schema/index.ts';
import { practiceScope } from '../../platform/access.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { ClientGate, ClientNeed } from '../../platform/client-gate.ts';

export const INSURANCE_FORBIDDEN = "You do not have access to this client's insurance.";
export const BILLING_FORBIDDEN = "Changing this client's billing settings needs billing access.";
export const POLICY_NOT_FOUND = 'We could not find that insurance policy.';
export const INSURANCE_TURNED_OFF =
  'Insurance is turned off for this practice. Turn it on in the practice settings first.';

/**
 * What the Insurance tab may do (ours: spec-2 §6 leaves per-screen rights
 * unshown). `policies` — reading the tab, and changing policies,
 * pre-authorizations, benefits confirmations and card photos — needs
 * demographic or billing access to the client: the front desk and therapists
 * record insurance at intake, billers keep it right. `billing` — private pay,
 * the usual fee and automatic claim creation, which decide what is charged —
 * needs billing access.
 */
export type InsuranceNeed = 'policies' | 'billing';

export function allowsInsurance(gate: Pick<ClientGate, 'access'>, need: InsuranceNeed): boolean {
  const { access } = gate;
  return need === 'billing'
    ? access.hasBillingAccess
    : access.hasDemographicAccess || access.hasBillingAccess;
}

/** The tab's own rule as a route's client need (the platform gates; 403 with the tab's message). */
export function insuranceNeed(need: InsuranceNeed): ClientNeed {
  return {
    allows: (gate) => allowsInsurance(gate, need),
    message: need === 'billing' ? BILLING_FORBIDDEN : INSURANCE_FORBIDDEN,
  };
}

/** Whether the practice has the insurance feature on (spec-2 §3 isInsuranceEnabled). */
export async function isInsuranceEnabled(db: Db, practiceId: number): Promise<boolean> {
  const [row] = await db
    .select({ features: practiceSettings.features })
    .from(practiceSettings)
    .where(eq(practiceSettings.practiceId, practiceId));
  return row?.features.insurance ?? false;
}

/**
 * Policies are kept while the feature is off (turning it back on brings them
 * back), but they cannot be changed: 409 says what to do.
 */
export async function requireInsuranceEnabled(db: Db, practiceId: number): Promise<void> {
  if (!(await isInsuranceEnabled(db, practiceId))) throw conflict(INSURANCE_TURNED_OFF);
}

/** A policy of this client (404 otherwise, whoever's it is). */
export async function loadPolicyOf(db: Db, clientId: number, insuranceId: number) {
  const [row] = await db
    .select()
    .from(clientInsurances)
    .where(and(eq(clientInsurances.id, insuranceId), eq(clientInsurances.clientId, clientId)));
  if (!row) throw notFound(POLICY_NOT_FOUND);
  return row;
}

/** The client of a policy of the caller's practice, for calls that name only the policy. */
export async function clientOfPolicy(
  db: Db,
  request: FastifyRequest,
  insuranceId: number,
): Promise<number> {
  const [row] = await db
    .select({ clientId: clientInsurances.clientId })
    .from(clientInsurances)
    .innerJoin(clients, eq(clients.id, clientInsurances.clientId))
    .where(
      and(eq(clientInsurances.id, insuranceId), eq(clients.practiceId, practiceScope(request))),
    );
  if (!row) throw notFound(POLICY_NOT_FOUND);
  return row.clientId;
}
