import {
  X12_SERVICE_TYPES,
  type CoverageStatus,
  type Eligibility271,
  type EligibilityCheckStatus,
  type EligibilityWarning,
} from '@openpractice/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eligibilityRequests, therapists, users } from '../../db/schema/index.ts';
import { notFound } from '../../platform/errors.ts';
import type { ClientGate } from '../../platform/client-gate.ts';
import { traceNumberOf } from './check-request.ts';
import { checkWarnings } from './check-warnings.ts';

export const CHECK_NOT_FOUND = 'We could not find that eligibility check.';

/** One line of the client's history (listEligibilityRequestHistory). */
export type EligibilityHistoryItem = {
  eligibilityRequestId: number;
  patientId: number;
  createdAt: string;
  payerId: string;
  payerName: string;
  serviceCode: string;
  serviceName: string;
  therapistId: number | null;
  therapistName: string | null;
  isDependent: boolean;
  status: EligibilityCheckStatus;
  /** From the 271; null when there was no readable answer. */
  coverage: CoverageStatus | null;
  failureMessage: string | null;
  errorMessage: string | null;
};

/** The request summary (checkEligibility, findEligibilityHistoryItem): the request, its result and the X12. */
export type EligibilityRequestSummary = EligibilityHistoryItem & {
  insuranceId: number | null;
  insuranceNumber: string;
  insuredFirstName: string;
  insuredLastName: string;
  requestedBy: string | null;
  adapter: string;
  /** Sent in test mode: answered from sample files, not by the payer. */
  testMode: boolean;
  controlNumber: number;
  traceNumber: string;
  result: Eligibility271 | null;
  /** What to check before relying on the answer, as of the practice's today. */
  warnings: EligibilityWarning[];
  x12: { request: string; response: string | null };
};

function selection() {
  return {
    id: eligibilityRequests.id,
    clientId: eligibilityRequests.clientId,
    createdAt: eligibilityRequests.createdAt,
    payerId: eligibilityRequests.payerId,
    payerName: eligibilityRequests.payerName,
    serviceCode: eligibilityRequests.serviceCode,
    therapistId: eligibilityRequests.therapistId,
    therapistFirstName: therapists.firstName,
    therapistLastName: therapists.lastName,
    isDependent: eligibilityRequests.isDependent,
    status: eligibilityRequests.status,
    coverage: sql<CoverageStatus | null>`${eligibilityRequests.summary}->>'coverage'`,
    failureMessage: eligibilityRequests.failureMessage,
    errorMessage: eligibilityRequests.errorMessage,
  };
}

type Row = {
  id: number;
  clientId: number;
  createdAt: Date;
  payerId: string;
  payerName: string;
  serviceCode: string;
  therapistId: number | null;
  therapistFirstName: string | null;
  therapistLastName: string | null;
  isDependent: boolean;
  status: EligibilityCheckStatus;
  coverage: CoverageStatus | null;
  failureMessage: string | null;
  errorMessage: string | null;
};

function toItem(row: Row): EligibilityHistoryItem {
  return {
    eligibilityRequestId: row.id,
    patientId: row.clientId,
    createdAt: row.createdAt.toISOString(),
    payerId: row.payerId,
    payerName: row.payerName,
    serviceCode: row.serviceCode,
    serviceName: X12_SERVICE_TYPES[row.serviceCode] ?? row.serviceCode,
    therapistId: row.therapistId,
    therapistName:
      row.therapistFirstName === null
        ? null
        : `${row.therapistFirstName} ${row.therapistLastName ?? ''}`.trim(),
    isDependent: row.isDependent,
    status: row.status,
    coverage: row.coverage,
    failureMessage: row.failureMessage,
    errorMessage: row.errorMessage,
  };
}

/** The client's checks, newest first. */
export async function listHistory(db: Db, gate: ClientGate): Promise<EligibilityHistoryItem[]> {
  const rows = await db
    .select(selection())
    .from(eligibilityRequests)
    .leftJoin(therapists, eq(therapists.id, eligibilityRequests.therapistId))
    .where(
      and(
        eq(eligibilityRequests.practiceId, gate.practiceId),
        eq(eligibilityRequests.clientId, gate.clientId),
      ),
    )
    .orderBy(desc(eligibilityRequests.createdAt), desc(eligibilityRequests.id));
  return rows.map(toItem);
}

/** One check of this client in this practice, with its warnings on `today`; 404 for any other id. */
export async function findCheck(
  db: Db,
  gate: ClientGate,
  eligibilityRequestId: number,
  today: string,
): Promise<EligibilityRequestSummary> {
  const [row] = await db
    .select({
      ...selection(),
      insuranceId: eligibilityRequests.clientInsuranceId,
      insuranceNumber: eligibilityRequests.insuranceNumber,
      insuredFirstName: eligibilityRequests.insuredFirstName,
      insuredLastName: eligibilityRequests.insuredLastName,
      requesterFirstName: users.firstName,
      requesterLastName: users.lastName,
      adapter: eligibilityRequests.adapter,
      controlNumber: eligibilityRequests.controlNumber,
      summary: eligibilityRequests.summary,
      requestX12: eligibilityRequests.requestX12,
      responseX12: eligibilityRequests.responseX12,
    })
    .from(eligibilityRequests)
    .leftJoin(therapists, eq(therapists.id, eligibilityRequests.therapistId))
    .leftJoin(users, eq(users.id, eligibilityRequests.requestedByUserId))
    .where(
      and(
        eq(eligibilityRequests.id, eligibilityRequestId),
        eq(eligibilityRequests.practiceId, gate.practiceId),
        eq(eligibilityRequests.clientId, gate.clientId),
      ),
    );
  if (!row) throw notFound(CHECK_NOT_FOUND);
  const result = (row.summary as Eligibility271 | null) ?? null;
  return {
    ...toItem(row),
    insuranceId: row.insuranceId,
    insuranceNumber: row.insuranceNumber,
    insuredFirstName: row.insuredFirstName,
    insuredLastName: row.insuredLastName,
    requestedBy:
      row.requesterFirstName === null
        ? null
        : `${row.requesterFirstName} ${row.requesterLastName ?? ''}`.trim(),
    adapter: row.adapter,
    testMode: row.adapter === 'local',
    controlNumber: row.controlNumber,
    traceNumber: traceNumberOf(row.controlNumber),
    result,
    warnings: await checkWarnings(
      db,
      { status: row.status, result, clientInsuranceId: row.insuranceId },
      today,
    ),
    x12: { request: row.requestX12, response: row.responseX12 },
  };
}
