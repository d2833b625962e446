import {
  eligibilityServiceTypes,
  isPracticeInsuranceActive,
  payerLabel,
  DEFAULT_ELIGIBILITY_SERVICE_TYPE,
} from '@openpractice/domain';
import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { practiceInsurances } from '../../db/schema/index.ts';
import { authOf, practiceScope } from '../../platform/access.ts';
import { auditClientRecord } from '../../platform/audit.ts';
import type { ClientGate } from '../../platform/client-gate.ts';
import { practiceDay } from '../clients/practice-day.ts';
import { runEligibilityCheck } from './check-service.ts';
import { loadDefaults } from './defaults.ts';
import { gateEligibility, requireInsuranceFeature } from './eligibility-gate.ts';
import { findCheck, listHistory } from './history.ts';
import { checkBody, historyBody, historyItemBody, historyQuery } from './schemas.ts';

/**
 * Eligibility checks of a client (spec-2 §7 Insurance: checkEligibility,
 * listEligibilityRequestHistory, findEligibilityHistoryItem,
 * listX12ServiceCodes, listEligibilityPayers), and the Create Report step's
 * starting values. See docs/eligibility-api.md.
 */
export const eligibilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/patientInsurance';

  app.get(`${base}/listX12ServiceCodes`, { config: { access: 'practiceStaff' } }, () => ({
    data: eligibilityServiceTypes(),
    defaultCode: DEFAULT_ELIGIBILITY_SERVICE_TYPE,
  }));

  app.get(
    `${base}/listEligibilityPayers`,
    { config: { access: 'practiceStaff' } },
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
    { config: { access: 'practiceStaff' }, schema: { querystring: historyQuery } },
    async (request) => {
      const gate = await gateEligibility(app.db, request, request.query.patientId);
      const { today } = await practiceDay(app.db, gate.practiceId, app.now());
      const defaults = await loadDefaults(app.db, gate, today);
      await auditClientRecord(app.db, request, {
        action: 'client.eligibility_defaults_read',
        patientId: gate.clientId,
        detail: { insuranceId: defaults.policy?.insuranceId ?? null },
      });
      return { data: defaults };
    },
  );

  const history = async (gate: ClientGate, request: Parameters<typeof auditClientRecord>[1]) => {
    const data = await listHistory(app.db, gate);
    const { timezone } = await practiceDay(app.db, gate.practiceId, app.now());
    await auditClientRecord(app.db, request, {
      action: 'client.eligibility_history_read',
      patientId: gate.clientId,
      detail: { count: data.length },
    });
    // Times are shown on the practice's clock.
    return { data, timezone };
  };

  app.get(
    `${base}/listEligibilityRequestHistory`,
    { config: { access: 'practiceStaff' }, schema: { querystring: historyQuery } },
    async (request) =>
      history(await gateEligibility(app.db, request, request.query.patientId), request),
  );

  app.post(
    `${base}/listEligibilityRequestHistory`,
    { config: { access: 'practiceStaff' }, schema: { body: historyBody } },
    async (request) =>
      history(await gateEligibility(app.db, request, request.body.patientId), request),
  );

  app.post(
    `${base}/findEligibilityHistoryItem`,
    { config: { access: 'practiceStaff' }, schema: { body: historyItemBody } },
    async (request) => {
      const gate = await gateEligibility(app.db, request, request.body.patientId);
      const data = await findCheck(app.db, gate, request.body.eligibilityRequestId);
      await auditClientRecord(app.db, request, {
        action: 'client.eligibility_check_read',
        patientId: gate.clientId,
        detail: { eligibilityRequestId: data.eligibilityRequestId },
      });
      return { data };
    },
  );

  app.post(
    `${base}/checkEligibility`,
    { config: { access: 'practiceStaff' }, schema: { body: checkBody } },
    async (request) => {
      const gate = await gateEligibility(app.db, request, request.body.patientId);
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
      await auditClientRecord(app.db, request, {
        action: 'client.eligibility_checked',
        patientId: gate.clientId,
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
