import * as contract from '@openpractice/contracts/insurance/policies';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gateOf, noteAudit } from '../../platform/route-audit.ts';
import { practiceDay } from '../../platform/practice-day.ts';
import { CARD_CONTENT_TYPE, CARD_KIND } from './card-keys.ts';
import { allowsInsurance, insuranceNeed, isInsuranceEnabled } from './insurance-gate.ts';
import { loadClientInsurance } from './insurance-queries.ts';

/** A client's policies as the Insurance tab shows them (spec-2 §7 patientInsurance/list), audited as a view. */
export const policyListRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    contract.listInsurance.path,
    {
      config: {
        access: 'practiceStaff',
        audit: {
          action: 'client.insurance_read',
          client: { body: 'patientId', need: insuranceNeed('policies') },
          kind: 'view',
        },
      },
      schema: contract.listInsurance.schema,
    },
    async (request) => {
      const gate = gateOf(request);
      const now = app.now();
      const answer = await loadClientInsurance(app.db, {
        clientId: gate.clientId,
        today: (await practiceDay(app.db, gate.practiceId, app.now())).today,
        isInsuranceEnabled: await isInsuranceEnabled(app.db, gate.practiceId),
        access: {
          canEditPolicies: allowsInsurance(gate, 'policies'),
          canEditBilling: allowsInsurance(gate, 'billing'),
        },
        cardUrl: (key) =>
          app.storage.readUrl(
            {
              key,
              contentType: CARD_CONTENT_TYPE,
              ctx: { kind: CARD_KIND, practiceId: gate.practiceId, patientId: gate.clientId },
            },
            now,
          ),
      });
      noteAudit(request, { detail: { policies: answer.policies.length } });
      return answer;
    },
  );
};
