import * as contract from '@openpractice/contracts/insurance-reports';
import {
  clientAccess,
  formatClientNumber,
  fullName,
  isNearVisitLimit,
  payerLabel,
  type InsuranceReport,
} from '@openpractice/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, practiceScope } from '../../platform/access.ts';
import { noteAudit, type ClientDataRoute } from '../../platform/route-audit.ts';
import { forbidden } from '../../platform/errors.ts';
import { practiceDay } from '../../platform/practice-day.ts';
import {
  expiringPolicies,
  unconfirmedPolicies,
  unverifiedPolicies,
  type PolicyReportRow,
} from './policy-report-queries.ts';
import { expiringPrecerts, visitLimits, type PrecertReportRow } from './precert-report-queries.ts';
import type { ReportContext, ReportPaging } from './report-sql.ts';

type ClientAndPayer = Pick<
  PolicyReportRow,
  'patientId' | 'firstName' | 'lastName' | 'nickName' | 'accountNumber' | 'payerName' | 'payerId'
>;

/** The client's display name and number, and the payer as 'Label (payerId)'. */
function withNames<T extends ClientAndPayer>(row: T) {
  return {
    ...row,
    clientName: fullName(row),
    accountNumber: formatClientNumber(row.accountNumber),
    payerLabel:
      row.payerName === null ? null : payerLabel({ label: row.payerName, payerId: row.payerId }),
  };
}

const precertRow = (row: PrecertReportRow) => ({
  ...withNames(row),
  nearLimit: isNearVisitLimit(row.visitsRemaining),
});

/**
 * The insurance reports (spec-1 §2 /insurance/reports/...), for the billing
 * role (owner, manager, biller): a practice-wide work list of client
 * insurance. Each read writes one audit row naming the clients it showed.
 */
/** Every report lists clients: one audit row naming each client on the page. */
const reportRoute = {
  access: 'billing',
  audit: {
    action: 'client.insurance_report_read',
    returned: (result: { data: { patientId: number }[] }) => result.data.map((r) => r.patientId),
  },
} as const satisfies { access: 'billing'; audit: ClientDataRoute };

export const insuranceReportRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * The practice and its day. The billing role reaches every client of the
   * practice with billing access (domain clientAccess), which is what lets a
   * report list clients without a per-client gate; checked here so a change
   * to either rule cannot open the report to someone without it.
   */
  const contextOf = async (request: FastifyRequest): Promise<ReportContext> => {
    const everyClient = clientAccess(authOf(request).user.authorities, {
      isTherapist: false,
      isSupervisor: false,
      isCustodian: false,
    });
    if (!everyClient.hasBillingAccess) throw forbidden();
    const practiceId = practiceScope(request);
    const { today, timezone } = await practiceDay(app.db, practiceId, app.now());
    return { practiceId, today, timezone, now: app.now() };
  };

  const answer = <R extends InsuranceReport, S extends string, T extends { patientId: number }>(
    request: FastifyRequest,
    report: R,
    ctx: ReportContext,
    paging: ReportPaging & { sort: S },
    result: { rows: T[]; total: number },
    days: number | null,
  ) => {
    noteAudit(request, { detail: { report, page: paging.page, total: result.total } });
    return {
      report,
      data: result.rows,
      total: result.total,
      page: paging.page,
      pageSize: paging.pageSize,
      sort: paging.sort,
      direction: paging.direction,
      days,
      today: ctx.today,
    };
  };

  app.get(
    contract.expiringPolicies.path,
    { config: reportRoute, schema: contract.expiringPolicies.schema },
    async (request) => {
      const ctx = await contextOf(request);
      const q = request.query;
      const page = await expiringPolicies(app.db, ctx, q, q.days);
      const rows = page.rows.map(withNames);
      return answer(request, 'expiringPolicies', ctx, q, { ...page, rows }, q.days);
    },
  );

  app.get(
    contract.expiringPrecerts.path,
    { config: reportRoute, schema: contract.expiringPrecerts.schema },
    async (request) => {
      const ctx = await contextOf(request);
      const q = request.query;
      const page = await expiringPrecerts(app.db, ctx, q, q.days);
      const rows = page.rows.map(precertRow);
      return answer(request, 'expiringPrecerts', ctx, q, { ...page, rows }, q.days);
    },
  );

  app.get(
    contract.unconfirmedPolicies.path,
    { config: reportRoute, schema: contract.unconfirmedPolicies.schema },
    async (request) => {
      const ctx = await contextOf(request);
      const page = await unconfirmedPolicies(app.db, ctx, request.query);
      const rows = page.rows.map(withNames);
      return answer(request, 'unconfirmedPolicies', ctx, request.query, { ...page, rows }, null);
    },
  );

  app.get(
    contract.unverifiedPolicies.path,
    { config: reportRoute, schema: contract.unverifiedPolicies.schema },
    async (request) => {
      const ctx = await contextOf(request);
      const page = await unverifiedPolicies(app.db, ctx, request.query);
      const rows = page.rows.map(withNames);
      return answer(request, 'unverifiedPolicies', ctx, request.query, { ...page, rows }, null);
    },
  );

  app.get(
    contract.visitLimits.path,
    { config: reportRoute, schema: contract.visitLimits.schema },
    async (request) => {
      const ctx = await contextOf(request);
      const page = await visitLimits(app.db, ctx, request.query);
      const rows = page.rows.map(precertRow);
      return answer(request, 'visitLimits', ctx, request.query, { ...page, rows }, null);
    },
  );
};
