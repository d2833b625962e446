import * as contract from '@openpractice/contracts/forms/measures';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, practiceScope } from '../../platform/access.ts';
import { gateOf, noteAudit } from '../../platform/route-audit.ts';
import { CLINICAL_MEASURES } from './actors.ts';
import {
  acknowledgeAlert,
  measureHistory,
  openAlertsOf,
  saveSchedule,
  schedulesOf,
} from './measure-queries.ts';

/**
 * Measurement-based care (issue 18 item 6): a client's scores for the Measures chart and
 * their schedules (clinical access: the client's therapists, supervisors, custodian and
 * managers), and a therapist's own self-harm alerts.
 */
export const measureRoutes: FastifyPluginAsyncZod = async (app) => {
  const clinical = { params: 'patientId', need: CLINICAL_MEASURES } as const;

  app.get(
    contract.clientMeasures.path,
    {
      config: {
        access: 'practiceStaff',
        audit: { action: 'client.measures_viewed', client: clinical },
      },
      schema: contract.clientMeasures.schema,
    },
    async (request) => ({
      data: await measureHistory(app.db, practiceScope(request), gateOf(request).clientId),
    }),
  );

  app.get(
    contract.clientSchedules.path,
    {
      config: {
        access: 'practiceStaff',
        audit: { action: 'client.measure_schedules_viewed', client: clinical },
      },
      schema: contract.clientSchedules.schema,
    },
    async (request) => ({
      data: await schedulesOf(app.db, practiceScope(request), gateOf(request).clientId),
    }),
  );

  app.put(
    contract.saveSchedule.path,
    {
      config: {
        access: 'practiceStaff',
        audit: { action: 'client.measure_schedule_saved', client: clinical },
      },
      schema: contract.saveSchedule.schema,
    },
    async (request) => {
      const data = await saveSchedule(app.db, {
        practiceId: practiceScope(request),
        clientId: gateOf(request).clientId,
        userId: authOf(request).user.id,
        measure: request.params.measure,
        ...request.body,
        now: app.now(),
      });
      noteAudit(request, { detail: { measure: request.params.measure, ...request.body } });
      return { data };
    },
  );

  app.get(
    contract.myMeasureAlerts.path,
    {
      config: {
        access: 'therapist',
        audit: {
          action: 'client.measure_alerts_listed',
          returned: (result: { data: { patientId: number }[] }) =>
            result.data.map((a) => a.patientId),
        },
      },
      schema: contract.myMeasureAlerts.schema,
    },
    async (request) => ({
      data: await openAlertsOf(app.db, practiceScope(request), authOf(request).user.id),
    }),
  );

  app.post(
    contract.acknowledgeAlert.path,
    {
      config: {
        access: 'therapist',
        audit: { action: 'client.measure_alert_acknowledged', kind: 'change' },
      },
      schema: contract.acknowledgeAlert.schema,
    },
    async (request) => {
      const data = await acknowledgeAlert(app.db, {
        practiceId: practiceScope(request),
        userId: authOf(request).user.id,
        id: request.params.id,
        now: app.now(),
      });
      noteAudit(request, { patientIds: [data.patientId], detail: { alertId: data.id } });
      return { data };
    },
  );
};
