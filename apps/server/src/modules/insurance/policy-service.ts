import type { saveInsurance } from '@openpractice/contracts/insurance/policies';
import {
  conversionChanges,
  isPracticeInsuranceActive,
  policiesReplacedBy,
  policyProblems,
  type TypeChange,
} from '@openpractice/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { clientInsurances, clients, practiceInsurances } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { Tx } from '../../db/client.ts';
import {
  ANY_DATE_BOUNDS,
  changedFields,
  cleanText,
  isoDateField,
  pastDateBounds,
} from '../../platform/validation.ts';
import { POLICY_NOT_FOUND } from './insurance-gate.ts';
import { refuseProblems } from './problems.ts';

type SaveInsuranceBody = z.infer<typeof saveInsurance.schema.body>;

export const PAYER_NOT_OFFERED =
  "Choose an insurance from the practice's list of active insurance companies.";

/**
 * Policies: save (create or update), delete and convert. Each runs in one
 * transaction that first locks the client's row, so two saves at once cannot
 * leave two current primaries.
 */

type Scope = { clientId: number; practiceId: number; today: string; now: Date };

async function lockClient(tx: Tx, clientId: number): Promise<void> {
  await tx.execute(sql`select id from ${clients} where ${clients.id} = ${clientId} for update`);
}

/**
 * The payer must be the practice's. A new payer on the policy (a new policy,
 * or another payer chosen) must also be active now; a policy keeps its payer
 * when that payer later ends or becomes therapist-specific.
 */
async function checkPayer(
  tx: Tx,
  practiceId: number,
  companyId: number | null,
  keptCompanyId: number | null,
  today: string,
): Promise<void> {
  if (companyId === null) return;
  const [payer] = await tx
    .select({ endDate: practiceInsurances.endDate, specific: practiceInsurances.therapistSpecific })
    .from(practiceInsurances)
    .where(
      and(eq(practiceInsurances.id, companyId), eq(practiceInsurances.practiceId, practiceId)),
    );
  if (!payer) throw badRequest(PAYER_NOT_OFFERED, 'companyId');
  const active = isPracticeInsuranceActive(
    { endDate: payer.endDate, therapist_specific: payer.specific },
    today,
  );
  if (!active && companyId !== keptCompanyId) throw badRequest(PAYER_NOT_OFFERED, 'companyId');
}

/** The stored form of a save: trimmed, ISO dates, insured details only for a dependent. */
function policyValues(body: SaveInsuranceBody, now: Date) {
  const relationship = body.insuredRelationship ?? 'self';
  const self = relationship === 'self';
  return {
    insuranceType: body.insuranceType,
    isCurrent: body.isCurrent,
    startDate: isoDateField(body.startDate ?? null, 'startDate', ...ANY_DATE_BOUNDS) ?? null,
    endDate: isoDateField(body.endDate ?? null, 'endDate', ...ANY_DATE_BOUNDS) ?? null,
    insuranceNumber: cleanText(body.insuranceNumber) ?? null,
    groupNumber: cleanText(body.groupNumber ?? null) ?? null,
    practiceInsuranceId: body.companyId,
    insuredRelationship: relationship,
    insuredFirstName: self ? null : (cleanText(body.insuredFirstName ?? null) ?? null),
    insuredLastName: self ? null : (cleanText(body.insuredLastName ?? null) ?? null),
    insuredDob: self
      ? null
      : (isoDateField(body.insuredDob ?? null, 'insuredDob', ...pastDateBounds(now)) ?? null),
  };
}

export type SavePolicyResult =
  | { status: 'unchanged' }
  | { status: 'saved'; insuranceId: number; isNew: boolean; fields: string[]; replaced: number[] };

export async function savePolicy(
  db: Db,
  scope: Scope,
  body: SaveInsuranceBody,
): Promise<SavePolicyResult> {
  const values = policyValues(body, scope.now);
  refuseProblems(
    policyProblems(
      {
        insuranceNumber: values.insuranceNumber,
        startDate: values.startDate,
        endDate: values.endDate,
        insuredRelationship: values.insuredRelationship,
        insuredFirstName: values.insuredFirstName,
        insuredLastName: values.insuredLastName,
        insuredDob: values.insuredDob,
      },
      scope.today,
    ),
  );
  return db.transaction(async (tx) => {
    await lockClient(tx, scope.clientId);
    const policies = await tx
      .select()
      .from(clientInsurances)
      .where(eq(clientInsurances.clientId, scope.clientId));
    const existing =
      body.insuranceId === undefined ? null : policies.find((p) => p.id === body.insuranceId);
    if (existing === undefined) throw notFound(POLICY_NOT_FOUND);
    await checkPayer(
      tx,
      scope.practiceId,
      values.practiceInsuranceId,
      existing?.practiceInsuranceId ?? null,
      scope.today,
    );
    const replaced = policiesReplacedBy(
      policies.map((p) => ({
        insuranceId: p.id,
        insuranceType: p.insuranceType,
        isCurrent: p.isCurrent,
      })),
      {
        insuranceId: existing?.id ?? null,
        insuranceType: values.insuranceType,
        isCurrent: values.isCurrent,
      },
    ).map(Number);

    let insuranceId: number;
    let fields: string[];
    if (existing) {
      fields = changedFields(existing, values);
      if (fields.length === 0 && replaced.length === 0) return { status: 'unchanged' as const };
      insuranceId = existing.id;
      if (fields.length > 0) {
        await tx.update(clientInsurances).set(values).where(eq(clientInsurances.id, existing.id));
      }
    } else {
      const [row] = await tx
        .insert(clientInsurances)
        .values({ ...values, clientId: scope.clientId })
        .returning({ id: clientInsurances.id });
      if (!row) throw new Error('Policy insert returned nothing');
      insuranceId = row.id;
      fields = Object.keys(values);
    }
    if (replaced.length > 0) {
      await tx
        .update(clientInsurances)
        .set({ isCurrent: false })
        .where(inArray(clientInsurances.id, replaced));
    }
    return { status: 'saved' as const, insuranceId, isNew: !existing, fields, replaced };
  });
}

/** Deletes a policy with its pre-authorizations and confirmations; answers its card's key. */
export async function deletePolicy(
  db: Db,
  clientId: number,
  insuranceId: number,
): Promise<{ cardPhotoKey: string | null }> {
  const [row] = await db
    .delete(clientInsurances)
    .where(and(eq(clientInsurances.id, insuranceId), eq(clientInsurances.clientId, clientId)))
    .returning({ cardPhotoKey: clientInsurances.cardPhotoKey });
  if (!row) throw notFound(POLICY_NOT_FOUND);
  return row;
}

/**
 * Converts a policy (spec-2 §4: swaps PRIMARY and SECONDARY); a current
 * policy trades places with the client's current policy of the other type.
 */
export async function convertPolicy(
  db: Db,
  clientId: number,
  insuranceId: number,
): Promise<TypeChange[]> {
  return db.transaction(async (tx) => {
    await lockClient(tx, clientId);
    const policies = await tx
      .select({
        insuranceId: clientInsurances.id,
        insuranceType: clientInsurances.insuranceType,
        isCurrent: clientInsurances.isCurrent,
      })
      .from(clientInsurances)
      .where(eq(clientInsurances.clientId, clientId));
    const changes = conversionChanges(policies, insuranceId);
    if (changes.length === 0) throw notFound(POLICY_NOT_FOUND);
    for (const change of changes) {
      await tx
        .update(clientInsurances)
        .set({ insuranceType: change.insuranceType })
        .where(eq(clientInsurances.id, Number(change.insuranceId)));
    }
    return changes;
  });
}
