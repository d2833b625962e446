import * as contract from '@openpractice/contracts/claims/era';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, practiceScope } from '../../platform/access.ts';
import { noteAudit } from '../../platform/route-audit.ts';
import { eraFiles, openProblems } from './era-lists.ts';
import { resolveEraProblem } from './era-resolve.ts';
import { uploadEra } from './era-service.ts';

/** JSON escapes an 835's line breaks: room for the text limit and its escapes. */
const ERA_BODY_LIMIT = 2 * contract.ERA_TEXT_LIMIT + 64 * 1024;

/**
 * ERA 835 posting (issue 20 item 7), billing role as the other claim pages. The upload runs in
 * the declared route's one transaction with its audit row (the platform's), so an ERA is
 * posted whole, with the clients it touched in the audit, or not at all. The raw text is kept
 * in era_files and never logged or audited (PHI).
 */
export const eraRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    contract.uploadEra.path,
    {
      bodyLimit: ERA_BODY_LIMIT,
      config: { access: 'billing', audit: { action: 'claims.era_posted', kind: 'change' } },
      schema: contract.uploadEra.schema,
    },
    async (request) => {
      const answer = await uploadEra(
        app.db,
        {
          practiceId: practiceScope(request),
          text: request.body.text,
          fileName: request.body.fileName ?? null,
        },
        { userId: authOf(request).user.id, now: app.now() },
      );
      noteAudit(request, {
        patientIds: new Set(answer.postings.map((posting) => posting.patientId)),
        detail: {
          eraId: answer.era.id,
          repeated: answer.repeated,
          posted: answer.postings.length,
          problems: answer.problems.length,
        },
      });
      return { data: answer };
    },
  );

  app.get(
    contract.listEras.path,
    {
      config: { access: 'billing', audit: 'none' },
      schema: contract.listEras.schema,
    },
    async (request) => ({
      data: {
        ...(await eraFiles(app.db, practiceScope(request), request.query)),
        ...request.query,
      },
    }),
  );

  app.get(
    contract.listEraProblems.path,
    {
      config: { access: 'billing', audit: 'none' },
      schema: contract.listEraProblems.schema,
    },
    async (request) => ({
      data: {
        ...(await openProblems(app.db, practiceScope(request), request.query)),
        ...request.query,
      },
    }),
  );

  // The problem's claim names its client, found in the gate's own statement (a problem of
  // another practice's claim: 404); a problem that names no claim gates nothing, and the
  // handler finds it only within the practice.
  app.post(
    contract.resolveEraProblem.path,
    {
      config: {
        access: 'billing',
        audit: {
          action: 'claims.era_problem_resolved',
          kind: 'change',
          client: {
            resolveInGate: (request) =>
              sql`select c.client_id from era_problems p join claims c on c.id = p.claim_id
                  where p.id = ${(request.params as { problemId: number }).problemId}`,
          },
        },
      },
      schema: contract.resolveEraProblem.schema,
    },
    async (request) => {
      const resolved = await resolveEraProblem(
        app.db,
        practiceScope(request),
        request.params.problemId,
        request.body,
        { userId: authOf(request).user.id, now: app.now() },
      );
      noteAudit(request, {
        detail: {
          problemId: resolved.id,
          claimId: resolved.claimId,
          outcome: request.body.outcome,
        },
      });
      return { data: resolved };
    },
  );
};
