import { confirmationYearStart, windowEnd } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  CLIENT_AND_PAYER_COLUMNS,
  orderBy,
  pageOf,
  PAYER_JOIN,
  reportableClient,
  type ReportContext,
  type ReportPaging,
} from './report-sql.ts';

/** A client's policy as the policy reports list it. */
export type PolicyReportRow = {
  patientId: number;
  firstName: string;
  lastName: string;
  nickName: string | null;
  accountNumber: number;
  payerName: string | null;
  payerId: string | null;
  insuranceId: number;
  insuranceType: 'PRIMARY' | 'SECONDARY';
  insuranceNumber: string | null;
  startDate: string | null;
  endDate: string | null;
};

const POLICY_COLUMNS = sql`${CLIENT_AND_PAYER_COLUMNS}, ci.id as "insuranceId",
  ci.insurance_type as "insuranceType", ci.insurance_number as "insuranceNumber",
  ci.start_date::text as "startDate", ci.end_date::text as "endDate"`;

const POLICIES = sql`from clients c
  join client_insurances ci on ci.client_id = c.id
  ${PAYER_JOIN}`;

/** Active as spec-2 §4 words it: no end date, or one on or after today. */
const activePolicy = (today: string) =>
  sql`ci.is_current and (ci.end_date is null or ci.end_date >= ${today}::date)`;

/** Domain `isExpiringPolicy`: current, ending from today to today + days. */
export function expiringPolicies(db: Db, ctx: ReportContext, paging: ReportPaging, days: number) {
  const base = sql`select ${POLICY_COLUMNS}, (ci.end_date - ${ctx.today}::date) as "daysLeft"
    ${POLICIES}
    where ${reportableClient(ctx.practiceId)} and ci.is_current
      and ci.end_date between ${ctx.today}::date and ${windowEnd(ctx.today, days)}::date`;
  return pageOf<PolicyReportRow & { daysLeft: number }>(
    db,
    base,
    orderBy('expiringPolicies', paging, 'insuranceId'),
    paging,
  );
}

/** Domain `isUnconfirmedPolicy`: active, with no benefits confirmation this calendar year. */
export function unconfirmedPolicies(db: Db, ctx: ReportContext, paging: ReportPaging) {
  const base = sql`select ${POLICY_COLUMNS}, conf.last::text as "lastConfirmed"
    ${POLICIES}
    left join lateral (
      select max(ic.auth_date) as last from insurance_confirmations ic
      where ic.client_insurance_id = ci.id) conf on true
    where ${reportableClient(ctx.practiceId)} and ${activePolicy(ctx.today)}
      and (conf.last is null or conf.last < ${confirmationYearStart(ctx.today)}::date)`;
  return pageOf<PolicyReportRow & { lastConfirmed: string | null }>(
    db,
    base,
    orderBy('unconfirmedPolicies', paging, 'insuranceId'),
    paging,
  );
}

/** Domain `isUnverifiedPolicy`: active, with no payer (companyId). */
export function unverifiedPolicies(db: Db, ctx: ReportContext, paging: ReportPaging) {
  const base = sql`select ${POLICY_COLUMNS}
    ${POLICIES}
    where ${reportableClient(ctx.practiceId)} and ${activePolicy(ctx.today)}
      and ci.practice_insurance_id is null`;
  return pageOf<PolicyReportRow>(
    db,
    base,
    orderBy('unverifiedPolicies', paging, 'insuranceId'),
    paging,
  );
}
