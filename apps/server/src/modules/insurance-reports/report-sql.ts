import {
  DELETED_RECORD_STATUS_ID,
  INACTIVE_STATUS,
  type InsuranceReport,
  type ReportSortKey,
  type SortDirection,
} from '@openpractice/domain';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';

/** What every report query needs to know about the request. */
export type ReportContext = {
  practiceId: number;
  /** Today in the practice's time zone, ISO. */
  today: string;
  timezone: string;
  now: Date;
};

export type ReportPaging = {
  sort: string;
  direction: SortDirection;
  page: number;
  pageSize: number;
};

/**
 * The clients a report may list: of this practice, a person (not a group),
 * not merged away or deleted, and not archived (inactive with every
 * therapist): nobody follows up the insurance of a client who is not seen.
 */
export function reportableClient(practiceId: number): SQL {
  return sql`c.practice_id = ${practiceId} and not c.is_group and c.merged_into_id is null
    and c.record_status_id <> ${DELETED_RECORD_STATUS_ID}
    and coalesce((select bool_and(ct.status = ${INACTIVE_STATUS}) from client_therapists ct
                  where ct.client_id = c.id), false) = false`;
}

/** The client and payer columns every report row starts with. */
export const CLIENT_AND_PAYER_COLUMNS = sql`c.id as "patientId", c.first_name as "firstName",
  c.last_name as "lastName", c.nick_name as "nickName", c.account_number as "accountNumber",
  pi.label as "payerName", pi.payer_id as "payerId"`;

/** The payer of policy `ci`, only when it is this practice's. */
export const PAYER_JOIN = sql`left join practice_insurances pi
  on pi.id = ci.practice_insurance_id and pi.practice_id = c.practice_id`;

/**
 * The ORDER BY expressions of each sortable column, over the base query's
 * column aliases. Constant text only: the sort key is whitelisted by the
 * route's schema and mapped here, never written into SQL as received.
 */
const CLIENT_ORDER = ['lower("lastName")', 'lower("firstName")'];
const SORT_EXPRESSIONS: { [R in InsuranceReport]: Record<ReportSortKey<R>, string[]> } = {
  expiringPolicies: {
    client: CLIENT_ORDER,
    payer: ['lower("payerName")'],
    insuranceType: ['"insuranceType"'],
    insuranceNumber: ['lower("insuranceNumber")'],
    endDate: ['"endDate"'],
    daysLeft: ['"daysLeft"'],
  },
  expiringPrecerts: {
    client: CLIENT_ORDER,
    payer: ['lower("payerName")'],
    authNumber: ['lower("authNumber")'],
    endDate: ['"endDate"'],
    daysLeft: ['"daysLeft"'],
    visitsAuthorized: ['"visitsAuthorized"'],
    visitsUsed: ['"visitsUsed"'],
    visitsRemaining: ['"visitsRemaining"'],
  },
  unconfirmedPolicies: {
    client: CLIENT_ORDER,
    payer: ['lower("payerName")'],
    insuranceType: ['"insuranceType"'],
    insuranceNumber: ['lower("insuranceNumber")'],
    startDate: ['"startDate"'],
    lastConfirmed: ['"lastConfirmed"'],
  },
  unverifiedPolicies: {
    client: CLIENT_ORDER,
    insuranceType: ['"insuranceType"'],
    insuranceNumber: ['lower("insuranceNumber")'],
    startDate: ['"startDate"'],
  },
  visitLimits: {
    client: CLIENT_ORDER,
    payer: ['lower("payerName")'],
    authNumber: ['lower("authNumber")'],
    endDate: ['"endDate"'],
    visitsAuthorized: ['"visitsAuthorized"'],
    visitsUsed: ['"visitsUsed"'],
    visitsScheduled: ['"visitsScheduled"'],
    visitsRemaining: ['"visitsRemaining"'],
  },
};

/**
 * The chosen column in the chosen direction (empty values last either way),
 * then by client name and the row's id so pages never overlap.
 */
export function orderBy(report: InsuranceReport, paging: ReportPaging, rowId: string): SQL {
  const expressions = (SORT_EXPRESSIONS[report] as Record<string, string[] | undefined>)[
    paging.sort
  ];
  if (!expressions) throw new Error(`unknown sort ${paging.sort} for ${report}`);
  const direction = paging.direction === 'desc' ? 'desc' : 'asc';
  const terms = [
    ...expressions.map((e) => `${e} ${direction} nulls last`),
    ...CLIENT_ORDER.map((e) => `${e} asc`),
    '"patientId" asc',
    `"${rowId}" asc`,
  ];
  return sql.raw(terms.join(', '));
}

/**
 * One statement for a page and the total: the base query once, counted, and
 * the requested page of it in order. An empty page still answers the total.
 */
// T names the base query's row shape, as rowsOf's does; SQL text cannot carry it.
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
export async function pageOf<T extends object>(
  db: Db,
  base: SQL,
  order: SQL,
  paging: ReportPaging,
): Promise<{ rows: T[]; total: number }> {
  type Paged = { total: number; ord: string | number | null; row: T };
  const result = await rowsOf<Paged>(
    db,
    sql`with base as (${base}),
      paged as (
        select to_jsonb(base) as row, row_number() over (order by ${order}) as ord
        from base order by ${order}
        limit ${paging.pageSize} offset ${paging.page * paging.pageSize})
      select t.total, paged.ord, paged.row from (select count(*)::int as total from base) t
      left join paged on true
      order by paged.ord`,
  );
  return {
    rows: result.filter((r) => r.ord !== null).map((r) => r.row),
    total: result[0]?.total ?? 0,
  };
}
