import {
  eligibilityServiceTypes,
  isPracticeInsuranceActive,
  payerLabel,
  DEFAULT_ELIGIBILITY_SERVICE_TYPE,
} from '@openpractice/domain';
import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ClientLocator } from '../../platform/route-audit.ts';
import { practiceInsurances } from '../../db/schema/index.ts';
import { authOf, practiceScope } from '../../platform/access.ts';
import { gateOf, noteAudit, type ClientDataRoute } from '../../platform/route-audit.ts';
import type { FastifyRequest } from 'fastify';
import { practiceDay } from '../clients/practice-day.ts';
import { runEligibilityCheck } from './check-service.ts';
import { loadDefaults } from './defaults.ts';
import { eligibilityNeed, requireInsuranceFeature } from './eligibility-gate.ts';
import { findCheck, listHistory } from './history.ts';
import { checkBody, historyBody, historyItemBody, historyQuery } from './schemas.ts';

/**
 * Eligibility checks of a client (spec-2 §7 Insurance: checkEligibility,
 * listEligibilityRequestHistory, findEligibilityHistoryItem,
 * listX12ServiceCodes, listEligibilityPayers), and the Create Report step's
 * starting values. See docs/eligibility-api.md.
 */
/** An eligibility call about one client: the insurance tab's need, one audit row. */
function eligibilityRoute(
  action: `client.${string}`,
  client: ClientLocator,
  kind: 'view' | 'change' = 'view',
) {
  return {
    access: 'practiceStaff',
    audit: { action, kind, client: { ...client, need: eligibilityNeed } },
  } as const satisfies { access: 'practiceStaff'; audit: ClientDataRoute };
}

export const eligibilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/patientInsurance';

  app.get(
    `${base}/listX12ServiceCodes`,
    { config: { access: 'practiceStaff', audit: 'none' } },
    () => ({
      data: eligibilityServiceTypes(),
      defaultCode: DEFAULT_ELIGIBILITY_SERVICE_TYPE,
    }),
  );

  app.get(
    `${base}/listEligibilityPayers`,
    { config: { access: 'practiceStaff', audit: 'none' } },
    async (request) => {
      const practiceId = practiceScope(request);
      const { today } = await practiceDay(app.db, practiceId, app.now());
      const rows = await app.db
        .select({
          id: practiceInsurances.id,
          label: practiceInsurances.label,
          payerId: practiceInsurances.payerId,
          endDate: practiceInsurances.endDate,
          therapistSpecific: practiceInsurances.therapistSpecific,
        })
        .from(practiceInsurances)
        .where(eq(practiceInsurances.practiceId, practiceId))
        .orderBy(asc(practiceInsurances.label), asc(practiceInsurances.id));
      // One entry per payer id (the 270 names the payer by its id), the first by label.
      const byPayerId = new Map<string, (typeof rows)[number]>();
      for (const row of rows) {
        const active = isPracticeInsuranceActive(
          { endDate: row.endDate, therapist_specific: row.therapistSpecific },
          today,
        );
        if (active && row.payerId.trim() !== '' && !byPayerId.has(row.payerId))
          byPayerId.set(row.payerId, row);
      }
      const data = [...byPayerId.values()].map((r) => ({
        practice_insurance_id: r.id,
        label: r.label,
        payerId: r.payerId,
        displayLabel: payerLabel({ label: r.label, payerId: r.payerId }),
      }));
      const mode = app.clearinghouse.mode;
      return { data, mode, testMode: mode === 'local' };
    },
  );

  app.get(
    `${base}/eligibilityDefaults`,
    {
      config: eligibilityRoute('client.eligibility_defaults_read', { query: 'patientId' }),
      schema: { querystring: historyQuery },
    },
    async (request) => {
      const gate = gateOf(request);
      const { today } = await practiceDay(app.db, gate.practiceId, app.now());
      const defaults = await loadDefaults(app.db, gate, today);
      noteAudit(request, { detail: { insuranceId: defaults.policy?.insuranceId ?? null } });
      return { data: defaults };
    },
  );

  const history = async (request: FastifyRequest) => {
    const gate = gateOf(request);
    const data = await listHistory(app.db, gate);
    const { timezone } = await practiceDay(app.db, gate.practiceId, app.now());
    noteAudit(request, { detail: { count: data.length } });
    // Times are shown on the practice's clock.
    return { data, timezone };
  };

  app.get(
    `${base}/listEligibilityRequestHistory`,
    {
      config: eligibilityRoute('client.eligibility_history_read', { query: 'patientId' }),
      schema: { querystring: historyQuery },
    },
    history,
  );

  app.post(
    `${base}/listEligibilityRequestHistory`,
    {
      config: eligibilityRoute('client.eligibility_history_read', { body: 'patientId' }),
      schema: { body: historyBody },
    },
    history,
  );

  app.post(
    `${base}/findEligibilityHistoryItem`,
    {
      config: eligibilityRoute('client.eligibility_check_read', { body: 'patientId' }),
      schema: { body: historyItemBody },
    },
    async (request) => {
      const data = await findCheck(app.db, gateOf(request), request.body.eligibilityRequestId);
      noteAudit(request, { detail: { eligibilityRequestId: data.eligibilityRequestId } });
      return { data };
    },
  );

  app.post(
    `${base}/checkEligibility`,
    {
      config: eligibilityRoute('client.eligibility_checked', { body: 'patientId' }, 'change'),
      schema: { body: checkBody },
    },
    async (request) => {
      const gate = gateOf(request);
      await requireInsuranceFeature(app.db, gate.practiceId);
      const data = await runEligibilityCheck(
        {
          db: app.db,
          clearinghouse: app.clearinghouse,
          now: app.now(),
          userId: authOf(request).user.id,
        },
        gate,
        request.body,
      );
      noteAudit(request, {
        detail: {
          eligibilityRequestId: data.eligibilityRequestId,
          payerId: data.payerId,
          serviceCode: data.serviceCode,
          status: data.status,
          adapter: data.adapter,
        },
      });
      return { data };
    },
  );
};
