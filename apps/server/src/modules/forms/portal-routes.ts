import * as contract from '@openpractice/contracts/forms/portal';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { practiceScope } from '../../platform/access.ts';
import { noteAudit } from '../../platform/route-audit.ts';
import { ownClientId } from '../../platform/portal-client.ts';
import { formActor } from './actors.ts';
import { assignmentRows, loadAssignment, responseDetail } from './assignment-queries.ts';
import { answer, revoke, sign } from './response-service.ts';

/**
 * The signed-in client's own forms (`/n/form/patient/edit/{id}`, issue 18 item 2). The
 * staff client gate does not apply to a client: each call finds the caller's own record by
 * their sign-in and acts only on its assignments (another's id answers 404). Every call is
 * audited under the client's own record.
 */
function portalHelpers(app: FastifyInstance) {
  const declared = (action: `client.${string}`, kind: 'view' | 'list' | 'change') => ({
    access: 'patient' as const,
    audit: { action, kind },
  });
  /** The caller's record, noted on the audit row before anything else can fail. */
  const own = async (request: FastifyRequest) => {
    const clientId = await ownClientId(app.db, request);
    noteAudit(request, { patientIds: [clientId], detail: { via: 'portal' } });
    return clientId;
  };
  return { declared, own };
}

export const portalFormRoutes: FastifyPluginAsyncZod = async (app) => {
  const { declared, own } = portalHelpers(app);

  app.get(
    contract.myForms.path,
    { config: declared('client.forms_read', 'list'), schema: contract.myForms.schema },
    async (request) => {
      const clientId = await own(request);
      return {
        data: await assignmentRows(app.db, practiceScope(request), sql`a.client_id = ${clientId}`),
      };
    },
  );

  app.get(
    contract.myForm.path,
    { config: declared('client.form_response_viewed', 'view'), schema: contract.myForm.schema },
    async (request) => {
      const clientId = await own(request);
      const loaded = await loadAssignment(app.db, practiceScope(request), request.params.id, {
        clientId,
      });
      noteAudit(request, { detail: { assignmentId: loaded.id } });
      return { data: await responseDetail(app.db, loaded) };
    },
  );

  for (const [call, mode] of [
    [contract.saveMyForm, 'save'],
    [contract.submitMyForm, 'submit'],
  ] as const) {
    app.route({
      method: call.method,
      url: call.path,
      config: declared(
        mode === 'save' ? 'client.form_response_saved' : 'client.form_response_submitted',
        'change',
      ),
      schema: call.schema,
      handler: async (request) => {
        const { id } = request.params;
        const clientId = await own(request);
        const actor = formActor(app, request, 'client', clientId);
        const data = await answer(app.db, actor, id, request.body.answers, mode);
        // Which questions were answered, never the answers.
        noteAudit(request, {
          detail: { assignmentId: id, answered: Object.keys(request.body.answers) },
        });
        return { data };
      },
    });
  }
};

/** Signing and revoking: only the client themself (never support staff acting as them). */
export const portalFormSigningRoutes: FastifyPluginAsyncZod = async (app) => {
  const { declared, own } = portalHelpers(app);

  app.post(
    contract.signMyForm.path,
    {
      config: { ...declared('client.form_signed', 'change'), notWhileImpersonating: true },
      schema: contract.signMyForm.schema,
    },
    async (request) => {
      const actor = formActor(app, request, 'client', await own(request));
      const data = await sign(app.db, actor, request.params.id, request.body);
      noteAudit(request, { detail: { assignmentId: request.params.id } });
      return { data };
    },
  );

  app.post(
    contract.revokeMyForm.path,
    {
      config: { ...declared('client.form_revoked', 'change'), notWhileImpersonating: true },
      schema: contract.revokeMyForm.schema,
    },
    async (request) => {
      const actor = formActor(app, request, 'client', await own(request));
      const data = await revoke(app.db, actor, request.params.id, request.body.reason);
      noteAudit(request, { detail: { assignmentId: request.params.id, by: 'client' } });
      return { data };
    },
  );
};
