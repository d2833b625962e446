import * as contract from '@openpractice/contracts/eligibility/checks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ClientLocator } from '../../platform/route-audit.ts';
import { authOf } from '../../platform/access.ts';
import { gateOf, noteAudit, type ClientDataRoute } from '../../platform/route-audit.ts';
import type { FastifyRequest } from 'fastify';
import { practiceDay } from '../../platform/practice-day.ts';
import { runEligibilityCheck } from './check-service.ts';
import { loadDefaults } from './defaults.ts';
import { eligibilityNeed, requireInsuranceFeature } from './eligibility-gate.ts';
import { findCheck, listHistory } from './history.ts';

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

/**
 * Eligibility checks of a client (spec-2 §7 Insurance: checkEligibility,
 * listEligibilityRequestHistory, findEligibilityHistoryItem), and the Create
 * Report step's starting values. See docs/eligibility-api.md.
 */
export const eligibilityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.eligibilityDefaults.path,
    {
      config: eligibilityRoute('client.eligibility_defaults_read', { query: 'patientId' }),
      schema: contract.eligibilityDefaults.schema,
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
    contract.listEligibilityRequestHistory.path,
    {
      config: eligibilityRoute('client.eligibility_history_read', { query: 'patientId' }),
      schema: contract.listEligibilityRequestHistory.schema,
    },
    history,
  );

  app.post(
    contract.postEligibilityRequestHistory.path,
    {
      config: eligibilityRoute('client.eligibility_history_read', { body: 'patientId' }),
      schema: contract.postEligibilityRequestHistory.schema,
    },
    history,
  );

  app.post(
    contract.findEligibilityHistoryItem.path,
    {
      config: eligibilityRoute('client.eligibility_check_read', { body: 'patientId' }),
      schema: contract.findEligibilityHistoryItem.schema,
    },
    async (request) => {
      const gate = gateOf(request);
      const { today } = await practiceDay(app.db, gate.practiceId, app.now());
      const data = await findCheck(app.db, gate, request.body.eligibilityRequestId, today);
      noteAudit(request, { detail: { eligibilityRequestId: data.eligibilityRequestId } });
      return { data };
    },
  );

  app.post(
    contract.checkEligibility.path,
    {
      config: eligibilityRoute('client.eligibility_checked', { body: 'patientId' }, 'change'),
      schema: contract.checkEligibility.schema,
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
