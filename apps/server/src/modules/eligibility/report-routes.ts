import * as contract from '@openpractice/contracts/eligibility/report';
import { dayOf, hasRole, isoDate } from '@openpractice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, practiceScope } from '../../platform/access.ts';
import { noteAudit } from '../../platform/route-audit.ts';
import { badRequest } from '../../platform/errors.ts';
import { practiceDay } from '../../platform/practice-day.ts';
import { eligibilityReport } from './report-queries.ts';

/** The report's default period: the last 30 days, today included. */
export const DEFAULT_REPORT_DAYS = 30;
/** The longest period one report covers. */
export const MAX_REPORT_DAYS = 366;
export const PERIOD_ORDER = 'The start of the period must be on or before its end.';
export const PERIOD_TOO_LONG = `Choose a period of at most ${MAX_REPORT_DAYS} days.`;

/**
 * /reporting/eligibilityCheck: the eligibility checks run in a period, with
 * their results. Owners and managers with reporting (practiceWideReporting)
 * see the whole practice; other reporting users (therapists with reporting)
 * see the checks of the clients they treat. Every client on the page is
 * audited as read.
 */
export const eligibilityReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.eligibilityReport.path,
    {
      config: {
        access: 'reporting',
        audit: {
          action: 'client.eligibility_report_viewed',
          returned: (result: { data: { patientId: number }[] }) =>
            result.data.map((row) => row.patientId),
        },
      },
      schema: contract.eligibilityReport.schema,
    },
    async (request) => {
      const q = request.query;
      const practiceId = practiceScope(request);
      const auth = authOf(request);
      const { today, timezone } = await practiceDay(app.db, practiceId, app.now());
      const to = q.to ?? today;
      const from = q.from ?? isoDate(dayOf(to).subtract(DEFAULT_REPORT_DAYS - 1, 'day'));
      if (dayOf(from).isAfter(dayOf(to))) throw badRequest(PERIOD_ORDER, 'from');
      if (dayOf(to).diff(dayOf(from), 'day') + 1 > MAX_REPORT_DAYS)
        throw badRequest(PERIOD_TOO_LONG, 'from');
      const practiceWide = hasRole(auth.user.authorities, 'practiceWideReporting');

      const { rows, total } = await eligibilityReport(app.db, {
        practiceId,
        timezone,
        from,
        to,
        therapistId: q.therapistId,
        status: q.status,
        ownClientsOfUserId: practiceWide ? null : auth.user.id,
        sort: q.sort,
        direction: q.direction,
        page: q.page,
        pageSize: q.pageSize,
      });

      noteAudit(request, {
        detail: { eligibilityRequestIds: rows.map((row) => row.eligibilityRequestId), from, to },
      });

      return {
        data: rows,
        total,
        page: q.page,
        pageSize: q.pageSize,
        from,
        to,
        timezone,
        scope: practiceWide ? ('practice' as const) : ('ownClients' as const),
      };
    },
  );
};
