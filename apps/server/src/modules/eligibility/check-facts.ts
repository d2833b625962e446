import type { checkEligibility } from '@openpractice/contracts/eligibility/checks';
import {
  defaultInsurance,
  isEligibilityServiceType,
  isPracticeInsuranceActive,
  type DependentRelationship,
} from '@openpractice/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  clientInsurances,
  clients,
  practiceInsurances,
  therapists,
} from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { ClientGate } from '../../platform/client-gate.ts';
import type { EligibilityFacts } from './check-request.ts';
import type { z } from 'zod';

type CheckBody = z.infer<typeof checkEligibility.schema.body>;

export const CHOOSE_SERVICE_TYPE = 'Choose a service type from the list.';
export const CHOOSE_PAYER = "Choose one of the practice's payers.";
export const THERAPIST_NOT_FOUND = 'We could not find that therapist.';
export const POLICY_NOT_FOUND = 'We could not find that insurance policy for this client.';
export const therapistWithoutNpi = (name: string) =>
  `${name} has no NPI. Add the therapist's NPI before checking eligibility: payers identify the provider by it.`;

/** The policy a check is about: the one named, else the client's default policy with that payer. */
export type CheckedPolicy = {
  id: number;
  insuredDob: string | null;
  insuredRelationship: 'self' | 'spouse' | 'child' | 'other';
};

export type LoadedFacts = {
  facts: EligibilityFacts;
  policy: CheckedPolicy | null;
  therapistId: number;
};

async function loadPolicy(
  db: Db,
  gate: ClientGate,
  body: CheckBody,
): Promise<CheckedPolicy | null> {
  const rows = await db
    .select({
      id: clientInsurances.id,
      insuranceType: clientInsurances.insuranceType,
      startDate: clientInsurances.startDate,
      insuredDob: clientInsurances.insuredDob,
      insuredRelationship: clientInsurances.insuredRelationship,
      payerId: practiceInsurances.payerId,
    })
    .from(clientInsurances)
    .leftJoin(practiceInsurances, eq(practiceInsurances.id, clientInsurances.practiceInsuranceId))
    .where(eq(clientInsurances.clientId, gate.clientId))
    .orderBy(asc(clientInsurances.id));
  if (body.insuranceId !== undefined && body.insuranceId !== null) {
    const named = rows.find((r) => r.id === body.insuranceId);
    if (!named) throw notFound(POLICY_NOT_FOUND);
    return named;
  }
  const withPayer = rows
    .filter((r) => r.payerId === body.payerId)
    .map((r) => ({ ...r, insuranceId: r.id }));
  return defaultInsurance(withPayer);
}

/**
 * Loads the client, the payer (one of the practice's active payers), the
 * therapist (of the practice, with an NPI) and the policy; 400 or 404 with a
 * message a person can act on when one is missing.
 */
export async function loadCheckFacts(
  db: Db,
  gate: ClientGate,
  body: CheckBody,
  today: string,
): Promise<LoadedFacts> {
  if (!isEligibilityServiceType(body.serviceCode))
    throw badRequest(CHOOSE_SERVICE_TYPE, 'serviceCode');

  const payers = await db
    .select({
      label: practiceInsurances.label,
      endDate: practiceInsurances.endDate,
      therapistSpecific: practiceInsurances.therapistSpecific,
    })
    .from(practiceInsurances)
    .where(
      and(
        eq(practiceInsurances.practiceId, gate.practiceId),
        eq(practiceInsurances.payerId, body.payerId),
      ),
    )
    .orderBy(asc(practiceInsurances.label));
  const payer = payers.find((p) =>
    isPracticeInsuranceActive(
      { endDate: p.endDate, therapist_specific: p.therapistSpecific },
      today,
    ),
  );
  if (!payer) throw badRequest(CHOOSE_PAYER, 'payerId');

  const [therapist] = await db
    .select({
      id: therapists.id,
      firstName: therapists.firstName,
      lastName: therapists.lastName,
      npi: therapists.npi,
    })
    .from(therapists)
    .where(and(eq(therapists.id, body.therapistId), eq(therapists.practiceId, gate.practiceId)));
  if (!therapist) throw notFound(THERAPIST_NOT_FOUND);
  const npi = therapist.npi?.trim() ?? '';
  if (npi === '') {
    throw badRequest(
      therapistWithoutNpi(`${therapist.firstName} ${therapist.lastName}`),
      'therapistId',
    );
  }

  const [client] = await db
    .select({
      firstName: clients.firstName,
      lastName: clients.lastName,
      dob: clients.dob,
      gender: clients.gender,
      claimGender: clients.claimGender,
    })
    .from(clients)
    .where(eq(clients.id, gate.clientId));
  if (!client) throw notFound();

  const policy = await loadPolicy(db, gate, body);
  const policyRelationship =
    policy && policy.insuredRelationship !== 'self' ? policy.insuredRelationship : null;
  const relationship: DependentRelationship =
    body.insuredRelationship ?? policyRelationship ?? 'child';

  return {
    therapistId: therapist.id,
    policy,
    facts: {
      client: {
        firstName: client.firstName,
        lastName: client.lastName,
        dob: client.dob,
        gender: client.claimGender ?? client.gender,
      },
      payer: { name: payer.label, payerId: body.payerId },
      therapist: { firstName: therapist.firstName, lastName: therapist.lastName, npi },
      insuranceNumber: body.insuranceNumber.trim(),
      serviceCode: body.serviceCode,
      isDependent: body.isDependent,
      insuredFirstName: body.isDependent ? (body.insuredFirstName ?? '').trim() : client.firstName,
      insuredLastName: body.isDependent ? (body.insuredLastName ?? '').trim() : client.lastName,
      insuredDob: body.isDependent ? (policy?.insuredDob ?? null) : client.dob,
      relationship,
    },
  };
}
