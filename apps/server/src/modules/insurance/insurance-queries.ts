import {
  currentPolicyOfType,
  defaultInsurance,
  isPolicyActive,
  isPolicyVerified,
  payerLabel,
  sortByAuthDateNewestFirst,
  sortPolicies,
} from '@openpractice/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  clientInsurances,
  clients,
  clientTherapists,
  insuranceConfirmations,
  insurancePreAuths,
  practiceInsurances,
  therapists,
} from '../../db/schema/index.ts';
import { notFound } from '../../platform/errors.ts';
import { CLIENT_NOT_FOUND } from '../../platform/client-gate.ts';

/** Pre-authorizations store their CPT codes comma-joined. */
export function cptCodesOf(stored: string | null): string[] {
  return stored ? stored.split(',').filter((code) => code !== '') : [];
}

/** The client's policies with their payer, unsorted (the domain sorts). */
export async function loadPolicyRows(db: Db, clientId: number) {
  return db
    .select({
      insuranceId: clientInsurances.id,
      insuranceType: clientInsurances.insuranceType,
      isCurrent: clientInsurances.isCurrent,
      startDate: clientInsurances.startDate,
      endDate: clientInsurances.endDate,
      insuranceNumber: clientInsurances.insuranceNumber,
      groupNumber: clientInsurances.groupNumber,
      companyId: clientInsurances.practiceInsuranceId,
      payerName: practiceInsurances.label,
      payerId: practiceInsurances.payerId,
      insuredRelationship: clientInsurances.insuredRelationship,
      insuredFirstName: clientInsurances.insuredFirstName,
      insuredLastName: clientInsurances.insuredLastName,
      insuredDob: clientInsurances.insuredDob,
      cardPhotoKey: clientInsurances.cardPhotoKey,
    })
    .from(clientInsurances)
    .leftJoin(practiceInsurances, eq(practiceInsurances.id, clientInsurances.practiceInsuranceId))
    .where(eq(clientInsurances.clientId, clientId))
    .orderBy(asc(clientInsurances.id));
}

async function loadPreAuths(db: Db, policyIds: number[]) {
  if (policyIds.length === 0) return [];
  const rows = await db
    .select()
    .from(insurancePreAuths)
    .where(inArray(insurancePreAuths.clientInsuranceId, policyIds))
    .orderBy(asc(insurancePreAuths.id));
  return rows.map((r) => ({
    authId: r.id,
    userInsuranceId: r.clientInsuranceId,
    authDate: r.authDate,
    authNumber: r.authNumber,
    startDate: r.startDate,
    endDate: r.endDate,
    visitsAuthorized: r.visitsAuthorized,
    cptCodes: cptCodesOf(r.cptCodes),
    notes: r.notes,
  }));
}

async function loadConfirmations(db: Db, policyIds: number[]) {
  if (policyIds.length === 0) return [];
  const rows = await db
    .select()
    .from(insuranceConfirmations)
    .where(inArray(insuranceConfirmations.clientInsuranceId, policyIds))
    .orderBy(asc(insuranceConfirmations.id));
  return rows.map((r) => ({
    confirmationId: r.id,
    userInsuranceId: r.clientInsuranceId,
    authDate: r.authDate,
    referenceNumber: r.referenceNumber,
    representative: r.representative,
    copayCents: r.copayCents,
    coinsurancePercent: r.coinsurancePercent,
    deductibleCents: r.deductibleCents,
    deductibleRemainingCents: r.deductibleRemainingCents,
    visitsPerYear: r.visitsPerYear,
    notes: r.notes,
  }));
}

/** Automatic claim creation with each of the client's therapists. */
export async function loadAutoGenClaims(db: Db, clientId: number) {
  const rows = await db
    .select({
      therapistId: therapists.id,
      firstName: therapists.firstName,
      lastName: therapists.lastName,
      autogen: clientTherapists.autoGenerateClaims,
      reason: clientTherapists.autoClaimReason,
      changedOn: clientTherapists.autoClaimChangedOn,
    })
    .from(clientTherapists)
    .innerJoin(therapists, eq(therapists.id, clientTherapists.therapistId))
    .where(eq(clientTherapists.clientId, clientId))
    .orderBy(asc(therapists.lastName), asc(therapists.firstName));
  return rows.map(({ firstName, lastName, ...r }) => ({
    ...r,
    therapistName: `${firstName} ${lastName}`,
  }));
}

export type InsuranceContext = {
  clientId: number;
  /** The practice's today (ISO), for the active rule. */
  today: string;
  isInsuranceEnabled: boolean;
  access: { canEditPolicies: boolean; canEditBilling: boolean };
  /** A signed read address of a stored card photo. */
  cardUrl: (key: string) => string;
};

/**
 * The Insurance tab's answer (spec-2 §3 client insurance response): private
 * pay, the policies in the domain's order with their pre-authorizations and
 * benefits confirmations newest first, the current primary and secondary,
 * the default insurance and automatic claim creation per therapist.
 */
export async function loadClientInsurance(db: Db, ctx: InsuranceContext) {
  const [client] = await db
    .select({
      isPrivatePay: clients.isPrivatePay,
      privatePayChangedOn: clients.privatePayChangedOn,
      usualFeeCents: clients.usualFeeCents,
    })
    .from(clients)
    .where(eq(clients.id, ctx.clientId));
  if (!client) throw notFound(CLIENT_NOT_FOUND);
  const rows = await loadPolicyRows(db, ctx.clientId);
  const ids = rows.map((r) => r.insuranceId);
  const [preAuths, confirmations, autoGenClaims] = await Promise.all([
    loadPreAuths(db, ids),
    loadConfirmations(db, ids),
    loadAutoGenClaims(db, ctx.clientId),
  ]);
  const policies = sortPolicies(
    rows.map(({ cardPhotoKey, payerName, payerId, ...r }) => ({
      ...r,
      payerName,
      payerId,
      payerLabel: payerName === null ? null : payerLabel({ label: payerName, payerId }),
      isActive: isPolicyActive(r, ctx.today),
      isVerified: isPolicyVerified(r),
      insuranceCardPhotoUrl: cardPhotoKey ? ctx.cardUrl(cardPhotoKey) : null,
      preAuths: sortByAuthDateNewestFirst(
        preAuths.filter((a) => a.userInsuranceId === r.insuranceId),
      ),
      confirmations: sortByAuthDateNewestFirst(
        confirmations.filter((c) => c.userInsuranceId === r.insuranceId),
      ),
    })),
  );
  const current = policies.filter((p) => p.isCurrent);
  return {
    patientId: ctx.clientId,
    isInsuranceEnabled: ctx.isInsuranceEnabled,
    isPrivatePay: client.isPrivatePay,
    privatePayChangedOn: client.privatePayChangedOn,
    /** Cents. */
    usualFee: client.usualFeeCents,
    policies,
    currentPrimaryPolicy: currentPolicyOfType(policies, 'PRIMARY'),
    currentSecondaryPolicy: currentPolicyOfType(policies, 'SECONDARY'),
    // A past policy is never the one to preselect: the default comes from the current ones.
    defaultInsuranceId: defaultInsurance(current)?.insuranceId ?? null,
    autoGenClaims,
    access: ctx.access,
  };
}
