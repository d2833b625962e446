import { dayOf, hasRole, isoDate } from '@openpractice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, practiceScope } from '../../platform/access.ts';
import { noteAudit } from '../../platform/route-audit.ts';
import { badRequest } from '../../platform/errors.ts';
import { practiceDay } from '../clients/practice-day.ts';
import { queryId } from '../clients/profile-schemas.ts';
import { eligibilityReport, REPORT_SORTS } from './report-queries.ts';

/** The report's default period: the last 30 days, today included. */
export const DEFAULT_REPORT_DAYS = 30;
/** The longest period one report covers. */
export const MAX_REPORT_DAYS = 366;
export const REPORT_PAGE_SIZES = [10, 25, 50, 100] as const;

export const PERIOD_ORDER = 'The start of the period must be on or before its end.';
export const PERIOD_TOO_LONG = `Choose a period of at most ${MAX_REPORT_DAYS} days.`;

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date (YYYY-MM-DD)')
  .refine((v) => isoDate(dayOf(v)) === v, 'expected a real date (YYYY-MM-DD)');

export const reportQuery = z.object({
  from: isoDay.optional(),
  to: isoDay.optional(),
  therapistId: queryId.optional(),
  status: z.enum(['COMPLETE', 'FAILED', 'ERROR']).optional(),
  sort: z.enum(REPORT_SORTS).default('date'),
  direction: z.enum(['asc', 'desc']).default('desc'),
  /** 0-based. */
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce
    .number()
    .int()
    .refine(
      (n) => (REPORT_PAGE_SIZES as readonly number[]).includes(n),
      'expected 10, 25, 50 or 100',
    )
    .default(25),
});

/**
 * /reporting/eligibilityCheck: the eligibility checks run in a period, with
 * their results. Owners and managers with reporting (practiceWideReporting)
 * see the whole practice; other reporting users (therapists with reporting)
 * see the checks of the clients they treat. Every client on the page is
 * audited as read.
 */
export const eligibilityReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reporting/eligibilityCheck',
    {
      config: {
        access: 'reporting',
        audit: {
          action: 'client.eligibility_report_viewed',
          returned: (result: { data: { patientId: number }[] }) =>
            result.data.map((row) => row.patientId),
        },
      },
      schema: { querystring: reportQuery },
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
