import type { ELIGIBILITY_REPORT_SORTS } from '@openpractice/contracts/eligibility/report';
import {
  formatClientNumber,
  fullName,
  X12_SERVICE_TYPES,
  type CoverageStatus,
  type EligibilityCheckStatus,
} from '@openpractice/domain';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clients, eligibilityRequests, therapists } from '../../db/schema/index.ts';

export type ReportSort = (typeof ELIGIBILITY_REPORT_SORTS)[number];

export type ReportFilter = {
  practiceId: number;
  timezone: string;
  /** Inclusive days on the practice's calendar, YYYY-MM-DD. */
  from: string;
  to: string;
  therapistId?: number | undefined;
  status?: EligibilityCheckStatus | undefined;
  /** Only checks of clients this user treats (null: the whole practice). */
  ownClientsOfUserId: number | null;
  sort: ReportSort;
  direction: 'asc' | 'desc';
  page: number;
  pageSize: number;
};

export type EligibilityReportRow = {
  eligibilityRequestId: number;
  createdAt: string;
  patientId: number;
  clientName: string;
  accountNumber: string;
  payerId: string;
  payerName: string;
  serviceCode: string;
  serviceName: string;
  therapistId: number | null;
  therapistName: string | null;
  status: EligibilityCheckStatus;
  coverage: CoverageStatus | null;
  copayCents: number | null;
  deductibleRemainingCents: number | null;
  /** failureMessage or errorMessage. */
  message: string | null;
};

const summaryNumber = (key: string) =>
  sql<number | null>`(${eligibilityRequests.summary}->'summary'->>${sql.raw(`'${key}'`)})::integer`;

function orderOf(sort: ReportSort, direction: 'asc' | 'desc'): SQL[] {
  const by = direction === 'asc' ? asc : desc;
  const columns: Record<ReportSort, SQL[]> = {
    date: [by(eligibilityRequests.createdAt)],
    client: [by(sql`lower(${clients.lastName})`), by(sql`lower(${clients.firstName})`)],
    payer: [by(sql`lower(${eligibilityRequests.payerName})`)],
    service: [by(eligibilityRequests.serviceCode)],
    therapist: [by(sql`lower(${therapists.lastName})`), by(sql`lower(${therapists.firstName})`)],
    status: [by(eligibilityRequests.status)],
  };
  // Ties newest first, then by id, so paging is stable.
  return [...columns[sort], desc(eligibilityRequests.createdAt), desc(eligibilityRequests.id)];
}

/** One page of the checks run in the period, with the total count. */
export async function eligibilityReport(
  db: Db,
  filter: ReportFilter,
): Promise<{ rows: EligibilityReportRow[]; total: number }> {
  const { timezone } = filter;
  const conditions: SQL[] = [
    eq(eligibilityRequests.practiceId, filter.practiceId),
    sql`${eligibilityRequests.createdAt} >= (${filter.from}::date)::timestamp at time zone ${timezone}`,
    sql`${eligibilityRequests.createdAt} < ((${filter.to}::date + 1)::timestamp at time zone ${timezone})`,
  ];
  if (filter.therapistId !== undefined)
    conditions.push(eq(eligibilityRequests.therapistId, filter.therapistId));
  if (filter.status !== undefined) conditions.push(eq(eligibilityRequests.status, filter.status));
  if (filter.ownClientsOfUserId !== null) {
    conditions.push(
      sql`exists (select 1 from client_therapists ct join therapists t on t.id = ct.therapist_id where ct.client_id = ${eligibilityRequests.clientId} and t.user_id = ${filter.ownClientsOfUserId})`,
    );
  }
  const rows = await db
    .select({
      id: eligibilityRequests.id,
      createdAt: eligibilityRequests.createdAt,
      clientId: clients.id,
      firstName: clients.firstName,
      nickName: clients.nickName,
      lastName: clients.lastName,
      accountNumber: clients.accountNumber,
      payerId: eligibilityRequests.payerId,
      payerName: eligibilityRequests.payerName,
      serviceCode: eligibilityRequests.serviceCode,
      therapistId: eligibilityRequests.therapistId,
      therapistFirstName: therapists.firstName,
      therapistLastName: therapists.lastName,
      status: eligibilityRequests.status,
      coverage: sql<CoverageStatus | null>`${eligibilityRequests.summary}->>'coverage'`,
      copayCents: summaryNumber('copayCents'),
      deductibleRemainingCents: summaryNumber('deductibleRemainingCents'),
      failureMessage: eligibilityRequests.failureMessage,
      errorMessage: eligibilityRequests.errorMessage,
      total: sql<number>`(count(*) over ())::integer`,
    })
    .from(eligibilityRequests)
    .innerJoin(clients, eq(clients.id, eligibilityRequests.clientId))
    .leftJoin(therapists, eq(therapists.id, eligibilityRequests.therapistId))
    .where(and(...conditions))
    .orderBy(...orderOf(filter.sort, filter.direction))
    .limit(filter.pageSize)
    .offset(filter.page * filter.pageSize);

  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && filter.page > 0) {
    // Past the last page: count without paging so the pager can recover.
    const [counted] = await db
      .select({ n: sql<number>`count(*)::integer` })
      .from(eligibilityRequests)
      .innerJoin(clients, eq(clients.id, eligibilityRequests.clientId))
      .where(and(...conditions));
    total = counted?.n ?? 0;
  }
  return {
    total,
    rows: rows.map((r) => ({
      eligibilityRequestId: r.id,
      createdAt: r.createdAt.toISOString(),
      patientId: r.clientId,
      clientName: fullName(r),
      accountNumber: formatClientNumber(r.accountNumber),
      payerId: r.payerId,
      payerName: r.payerName,
      serviceCode: r.serviceCode,
      serviceName: X12_SERVICE_TYPES[r.serviceCode] ?? r.serviceCode,
      therapistId: r.therapistId,
      therapistName:
        r.therapistFirstName === null
          ? null
          : `${r.therapistFirstName} ${r.therapistLastName ?? ''}`.trim(),
      status: r.status,
      coverage: r.coverage,
      copayCents: r.copayCents,
      deductibleRemainingCents: r.deductibleRemainingCents,
      message: r.failureMessage ?? r.errorMessage,
    })),
  };
}
