import { windowEnd } from '@openpractice/domain';
import { sql, type SQL } from 'drizzle-orm';
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

/** A pre-authorization (precert) as the precert reports list it. */
export type PrecertReportRow = {
  patientId: number;
  firstName: string;
  lastName: string;
  nickName: string | null;
  accountNumber: number;
  payerName: string | null;
  payerId: string | null;
  preAuthId: number;
  insuranceId: number;
  authNumber: string;
  authDate: string;
  startDate: string | null;
  endDate: string | null;
  daysLeft: number | null;
  visitsAuthorized: number | null;
  visitsUsed: number;
  visitsScheduled: number;
  visitsRemaining: number | null;
};

/**
 * The precert's visits, as domain `countPreAuthVisits` counts them: the
 * client's appointments of this practice in the precert's period (from its
 * start date, or auth date, to its end date, as practice days), used when
 * attended, scheduled when booked ahead. Cancelled ones count for nothing.
 */
function visitCounts(ctx: ReportContext): SQL {
  const from = sql`(coalesce(pa.start_date, pa.auth_date)::timestamp at time zone ${ctx.timezone})`;
  const until = sql`((pa.end_date + 1)::timestamp at time zone ${ctx.timezone})`;
  return sql`cross join lateral (
    select count(*) filter (where a.attended is true)::int as used,
           count(*) filter (where a.attended is null and e.start_at >= ${ctx.now.toISOString()}::timestamptz)::int as scheduled
    from calendar_event_attendees a
    join calendar_events e on e.id = a.event_id
    where a.client_id = c.id and e.practice_id = c.practice_id and e.type = 'appointment'
      and e.cancelled_at is null and e.start_at >= ${from}
      and (pa.end_date is null or e.start_at < ${until})) v`;
}

function precertBase(ctx: ReportContext, condition: SQL): SQL {
  return sql`select ${CLIENT_AND_PAYER_COLUMNS}, pa.id as "preAuthId", ci.id as "insuranceId",
      pa.auth_number as "authNumber", pa.auth_date::text as "authDate",
      pa.start_date::text as "startDate", pa.end_date::text as "endDate",
      (pa.end_date - ${ctx.today}::date) as "daysLeft",
      pa.visits_authorized as "visitsAuthorized", v.used as "visitsUsed",
      v.scheduled as "visitsScheduled", pa.visits_authorized - v.used as "visitsRemaining"
    from clients c
    join client_insurances ci on ci.client_id = c.id
    join insurance_pre_auths pa on pa.client_insurance_id = ci.id
    ${PAYER_JOIN}
    ${visitCounts(ctx)}
    where ${reportableClient(ctx.practiceId)} and ci.is_current and ${condition}`;
}

/** Domain `isExpiringPrecert`: ending from today to today + days. */
export function expiringPrecerts(db: Db, ctx: ReportContext, paging: ReportPaging, days: number) {
  const base = precertBase(
    ctx,
    sql`pa.end_date between ${ctx.today}::date and ${windowEnd(ctx.today, days)}::date`,
  );
  return pageOf<PrecertReportRow>(
    db,
    base,
    orderBy('expiringPrecerts', paging, 'preAuthId'),
    paging,
  );
}

/** Domain `isVisitLimitPrecert`: with a visit limit, and in effect today. */
export function visitLimits(db: Db, ctx: ReportContext, paging: ReportPaging) {
  const base = precertBase(
    ctx,
    sql`pa.visits_authorized is not null
      and coalesce(pa.start_date, pa.auth_date) <= ${ctx.today}::date
      and (pa.end_date is null or pa.end_date >= ${ctx.today}::date)`,
  );
  return pageOf<PrecertReportRow>(db, base, orderBy('visitLimits', paging, 'preAuthId'), paging);
}
