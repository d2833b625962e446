import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../../platform/access.ts';
import { gateOf, noteAudit } from '../../../platform/route-audit.ts';
import { autoAssignForms, listPendingForms } from './forms-service.ts';
import * as contract from '@openpractice/contracts/clients/profile/forms';

/**
 * Forms of a client: give them the practice's automatic forms, list those
 * pending. Forms belong with the client's personal record, so both need
 * demographic access to the client.
 */
export const formsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    contract.autoAssignForms.path,
    {
      config: {
        access: 'practice',
        audit: {
          action: 'client.forms_assigned',
          client: { body: 'patientId', need: 'hasDemographicAccess' },
        },
      },
      schema: contract.autoAssignForms.schema,
    },
    async (request) => {
      const gate = gateOf(request);
      const forms = await autoAssignForms(app.db, {
        practiceId: gate.practiceId,
        clientId: gate.clientId,
        userId: authOf(request).user.id,
        now: app.now(),
      });
      // Empty when the client had every form already: the row still says the record was read.
      noteAudit(request, {
        detail: { formDefinitionIds: forms.map((f) => f.formDefinitionId) },
      });
      return { assigned: forms.length, forms };
    },
  );

  app.get(
    contract.listPendingForms.path,
    {
      config: {
        access: 'practice',
        audit: {
          action: 'client.forms_read',
          client: { query: 'patientId', need: 'hasDemographicAccess' },
        },
      },
      schema: contract.listPendingForms.schema,
    },
    async (request) => ({ forms: await listPendingForms(app.db, gateOf(request).clientId) }),
  );
};
