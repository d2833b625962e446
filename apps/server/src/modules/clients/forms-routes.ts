import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/access.ts';
import { auditClientRecord } from '../../platform/audit.ts';
import { gateClient } from '../../platform/client-gate.ts';
import { autoAssignForms, listPendingForms } from './forms-service.ts';
import { patientBody, patientQuery } from './profile-schemas.ts';

/**
 * Forms of a client: give them the practice's automatic forms, list those
 * pending. Forms belong with the client's personal record, so both need
 * demographic access to the client.
 */
export const formsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/patient/autoAssignForms',
    { config: { access: 'practice' }, schema: { body: patientBody } },
    async (request) => {
      const gate = await gateClient(
        app.db,
        request,
        request.body.patientId,
        'hasDemographicAccess',
      );
      const forms = await autoAssignForms(app.db, {
        practiceId: gate.practiceId,
        clientId: gate.clientId,
        userId: authOf(request).user.id,
        now: app.now(),
      });
      if (forms.length > 0)
        await auditClientRecord(app.db, request, {
          action: 'client.forms_assigned',
          patientId: gate.clientId,
          detail: { formDefinitionIds: forms.map((f) => f.formDefinitionId) },
        });
      return { assigned: forms.length, forms };
    },
  );

  app.get(
    '/patientRegistration/listPendingForms',
    { config: { access: 'practice' }, schema: { querystring: patientQuery } },
    async (request) => {
      const gate = await gateClient(
        app.db,
        request,
        request.query.patientId,
        'hasDemographicAccess',
      );
      const forms = await listPendingForms(app.db, gate.clientId);
      await auditClientRecord(app.db, request, {
        action: 'client.forms_read',
        patientId: gate.clientId,
      });
      return { forms };
    },
  );
};
