import * as contract from '@openpractice/contracts/claims/claims';
import { getClaimHistory } from '@openpractice/contracts/claims/history';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, practiceScope } from '../../platform/access.ts';
import { noteAudit } from '../../platform/route-audit.ts';
import { notFound } from '../../platform/errors.ts';
import { readClaimHistory } from './claim-history.ts';
import { claimList, rescrubUnsent } from './claim-lists.ts';
import { claimByHand } from './claims-service.ts';

type Listed = { data: { rows: { patientId: number }[] } };
// The audit names each client the page showed, as the billing reports do.
const listedClients = (result: never) => [
  ...new Set((result as Listed).data.rows.map((row) => row.patientId)),
];

/**
 * Claims from sessions (issue 20 items 2 and 8), for the billing role as the claim set-up:
 * making a claim by hand (audited with its client, in the claim's own transaction) and the
 * lists by status. Attendance makes claims through the platform (module.ts).
 */
export const claimsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    contract.createClaim.path,
    {
      config: {
        access: 'billing',
        audit: { action: 'claims.claim_created', client: { body: 'patientId' } },
      },
      schema: contract.createClaim.schema,
    },
    async (request) => {
      const { patientId, ...rest } = request.body;
      const created = await claimByHand(
        app.db,
        { practiceId: practiceScope(request), clientId: patientId, ...rest },
        { userId: authOf(request).user.id, now: app.now() },
      );
      noteAudit(request, {
        detail: {
          claimId: created.claimId,
          sessions: rest.attendeeIds.length,
          status: created.status,
          problems: created.problems.map((p) => p.code),
        },
      });
      return { data: created };
    },
  );

  app.get(
    contract.listClaims.path,
    {
      config: {
        access: 'billing',
        audit: { action: 'claims.list_read', kind: 'list', returned: listedClients },
      },
      schema: contract.listClaims.schema,
    },
    async (request) => {
      const practiceId = practiceScope(request);
      const rescrubbed = await rescrubUnsent(app.db, practiceId, {
        userId: authOf(request).user.id,
        now: app.now(),
      });
      noteAudit(request, { detail: { status: request.params.status, rescrubbed } });
      const list = await claimList(app.db, {
        practiceId,
        status: request.params.status,
        ...request.query,
      });
      return { data: { ...list, ...request.query } };
    },
  );

  // A claim's client is found by the gate's own statement (a claim of another practice names a
  // client the gate does not know there: 404), so the history is gated and audited for them.
  app.get(
    getClaimHistory.path,
    {
      config: {
        access: 'billing',
        audit: {
          action: 'claims.history_read',
          client: {
            resolveInGate: (request) =>
              sql`select client_id from claims where id = ${(request.params as { claimId: number }).claimId}`,
          },
        },
      },
      schema: getClaimHistory.schema,
    },
    async (request) => {
      const history = await readClaimHistory(
        app.db,
        practiceScope(request),
        request.params.claimId,
      );
      if (!history) throw notFound('We could not find that claim.');
      noteAudit(request, { detail: { claimId: history.claimId } });
      return { data: history };
    },
  );
};
