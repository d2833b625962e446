import {
  defaultInsurance,
  fullName,
  isPolicyActive,
  type DependentRelationship,
} from '@openpractice/domain';
import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  clientInsurances,
  clients,
  clientTherapists,
  practiceInsurances,
  therapists,
} from '../../db/schema/index.ts';
import { notFound } from '../../platform/errors.ts';
import type { ClientGate } from '../../platform/client-gate.ts';

/** What the Create Report step starts from: the client, their therapists and the default policy. */
export type EligibilityDefaults = {
  patientId: number;
  clientName: string;
  therapists: { therapistId: number; name: string; isPrimary: boolean; hasNpi: boolean }[];
  /** From the client's default current policy (domain defaultInsurance); null without one. */
  policy: {
    insuranceId: number;
    payerId: string | null;
    payerName: string | null;
    insuranceNumber: string | null;
    isDependent: boolean;
    insuredFirstName: string | null;
    insuredLastName: string | null;
    insuredRelationship: DependentRelationship | null;
  } | null;
};

export async function loadDefaults(
  db: Db,
  gate: ClientGate,
  today: string,
): Promise<EligibilityDefaults> {
  const [client] = await db
    .select({
      firstName: clients.firstName,
      nickName: clients.nickName,
      lastName: clients.lastName,
    })
    .from(clients)
    .where(eq(clients.id, gate.clientId));
  if (!client) throw notFound();

  const therapistRows = await db
    .select({
      therapistId: therapists.id,
      firstName: therapists.firstName,
      lastName: therapists.lastName,
      isPrimary: clientTherapists.isPrimary,
      npi: therapists.npi,
    })
    .from(clientTherapists)
    .innerJoin(therapists, eq(therapists.id, clientTherapists.therapistId))
    .where(eq(clientTherapists.clientId, gate.clientId))
    .orderBy(desc(clientTherapists.isPrimary), asc(therapists.lastName), asc(therapists.id));

  const policies = await db
    .select({
      insuranceId: clientInsurances.id,
      insuranceType: clientInsurances.insuranceType,
      isCurrent: clientInsurances.isCurrent,
      startDate: clientInsurances.startDate,
      endDate: clientInsurances.endDate,
      insuranceNumber: clientInsurances.insuranceNumber,
      insuredRelationship: clientInsurances.insuredRelationship,
      insuredFirstName: clientInsurances.insuredFirstName,
      insuredLastName: clientInsurances.insuredLastName,
      payerId: practiceInsurances.payerId,
      payerName: practiceInsurances.label,
    })
    .from(clientInsurances)
    .leftJoin(practiceInsurances, eq(practiceInsurances.id, clientInsurances.practiceInsuranceId))
    .where(eq(clientInsurances.clientId, gate.clientId))
    .orderBy(asc(clientInsurances.id));
  const chosen = defaultInsurance(policies.filter((p) => p.isCurrent && isPolicyActive(p, today)));

  return {
    patientId: gate.clientId,
    clientName: fullName(client),
    therapists: therapistRows.map((t) => ({
      therapistId: t.therapistId,
      name: `${t.firstName} ${t.lastName}`,
      isPrimary: t.isPrimary,
      hasNpi: (t.npi ?? '').trim() !== '',
    })),
    policy: chosen && {
      insuranceId: chosen.insuranceId,
      payerId: chosen.payerId,
      payerName: chosen.payerName,
      insuranceNumber: chosen.insuranceNumber,
      isDependent: chosen.insuredRelationship !== 'self',
      insuredFirstName: chosen.insuredFirstName,
      insuredLastName: chosen.insuredLastName,
      insuredRelationship:
        chosen.insuredRelationship === 'self' ? null : chosen.insuredRelationship,
    },
  };
}
