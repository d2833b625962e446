import * as contract from '@openpractice/contracts/forms/assignments';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, practiceScope } from '../../platform/access.ts';
import { gateOf, noteAudit } from '../../platform/route-audit.ts';
import { formActor, requireClinicalFor } from './actors.ts';
import {
  assignmentRows,
  clientOfAssignment,
  loadAssignment,
  responseDetail,
} from './assignment-queries.ts';
import { assignForms } from './assignment-service.ts';
import { answer, revoke, sign } from './response-service.ts';

/**
 * Staff side of clients' forms (issue 18 items 2 and 4): give forms, list a client's, view a
 * response, complete one with the client in session, sign and revoke. Each names its client
 * (in the body or through the assignment in the path) and the platform gates it: 404 outside
 * the practice, 403 without access to the record; a measure's answers need clinical access.
 */
export const staffFormRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    contract.assignForms.path,
    {
      config: {
        access: 'practiceStaff',
        audit: {
          action: 'client.forms_assigned',
          client: { body: 'patientId', need: 'hasDemographicAccess' },
        },
      },
      schema: contract.assignForms.schema,
    },
    async (request, reply) => {
      const result = await assignForms(app.db, {
        practiceId: gateOf(request).practiceId,
        clientId: gateOf(request).clientId,
        userId: authOf(request).user.id,
        formDefinitionIds: request.body.formDefinitionIds,
        when: request.body.when,
        now: app.now(),
      });
      noteAudit(request, {
        detail: {
          formDefinitionIds: result.data.map((r) => r.formDefinitionId),
          when: request.body.when,
        },
      });
      reply.code(201);
      return result;
    },
  );

  app.get(
    contract.clientForms.path,
    {
      config: {
        access: 'practiceStaff',
        audit: {
          action: 'client.forms_read',
          client: { query: 'patientId', need: 'hasDemographicAccess' },
        },
      },
      schema: contract.clientForms.schema,
    },
    async (request) => ({
      data: await assignmentRows(
        app.db,
        practiceScope(request),
        sql`a.client_id = ${gateOf(request).clientId}`,
      ),
    }),
  );
};

/** One response: viewed, completed with the client in session, signed, revoked. */
export const staffResponseRoutes: FastifyPluginAsyncZod = async (app) => {
  const byAssignment = { resolve: clientOfAssignment, need: 'hasDemographicAccess' as const };

  app.get(
    contract.viewResponse.path,
    {
      config: {
        access: 'practiceStaff',
        audit: { action: 'client.form_response_viewed', client: byAssignment },
      },
      schema: contract.viewResponse.schema,
    },
    async (request) => {
      const loaded = await loadAssignment(app.db, practiceScope(request), request.params.id);
      requireClinicalFor(request, loaded.measure);
      noteAudit(request, { detail: { assignmentId: loaded.id, version: loaded.version } });
      return { data: await responseDetail(app.db, loaded) };
    },
  );

  for (const [call, mode] of [
    [contract.staffSaveResponse, 'save'],
    [contract.staffSubmitResponse, 'submit'],
  ] as const) {
    app.route({
      method: call.method,
      url: call.path,
      config: {
        access: 'practiceStaff',
        audit: {
          action: mode === 'save' ? 'client.form_response_saved' : 'client.form_response_submitted',
          client: byAssignment,
        },
      },
      schema: call.schema,
      handler: async (request) => {
        const { id } = request.params;
        const { answers } = request.body;
        const loaded = await loadAssignment(app.db, practiceScope(request), id);
        requireClinicalFor(request, loaded.measure);
        const data = await answer(app.db, formActor(app, request, 'staff'), id, answers, mode);
        // Which questions were answered, never the answers.
        noteAudit(request, {
          detail: { assignmentId: id, answered: Object.keys(answers), via: 'staff' },
        });
        return { data };
      },
    });
  }

  app.post(
    contract.staffSignResponse.path,
    {
      config: {
        access: 'practiceStaff',
        audit: { action: 'client.form_signed', client: byAssignment },
      },
      schema: contract.staffSignResponse.schema,
    },
    async (request) => {
      const data = await sign(
        app.db,
        formActor(app, request, 'staff'),
        request.params.id,
        request.body,
      );
      noteAudit(request, { detail: { assignmentId: request.params.id, via: 'staff' } });
      return { data };
    },
  );

  app.post(
    contract.staffRevoke.path,
    {
      config: {
        access: 'practiceStaff',
        audit: { action: 'client.form_revoked', client: byAssignment },
      },
      schema: contract.staffRevoke.schema,
    },
    async (request) => {
      const data = await revoke(
        app.db,
        formActor(app, request, 'staff'),
        request.params.id,
        request.body.reason,
      );
      noteAudit(request, { detail: { assignmentId: request.params.id, by: 'staff' } });
      return { data };
    },
  );
};
