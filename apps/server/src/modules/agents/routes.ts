import * as contract from '@openpractice/contracts/agents';
import { and, eq } from 'drizzle-orm';
import { authOf } from '../../platform/access.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { externalAgents, practices, sessions } from '../../db/schema/index.ts';
import { auditContext, recordAudit } from '../../platform/audit.ts';
import { forbidden } from '../../platform/errors.ts';

/** External agents choose which practice's agent identity to act under. */
export const agentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.listAgentIdentities.path,
    {
      config: { access: 'authenticated', audit: 'none' },
      schema: contract.listAgentIdentities.schema,
    },
    async (request) => ({
      data: await app.db
        .select({
          id: externalAgents.id,
          practiceId: externalAgents.practiceId,
          practiceName: practices.name,
        })
        .from(externalAgents)
        .innerJoin(practices, eq(practices.id, externalAgents.practiceId))
        .where(eq(externalAgents.userId, authOf(request).realUser.id)),
    }),
  );

  app.post(
    contract.assumeAgentIdentity.path,
    {
      config: { access: 'authenticated', audit: 'none' },
      schema: contract.assumeAgentIdentity.schema,
    },
    async (request) => {
      const auth = authOf(request);
      const [agent] = await app.db
        .select()
        .from(externalAgents)
        .where(
          and(eq(externalAgents.id, request.body.id), eq(externalAgents.userId, auth.realUser.id)),
        );
      if (!agent || auth.impersonationType === 'IMPERSONATION') throw forbidden();
      await app.db
        .update(sessions)
        .set({ externalAgentId: agent.id, actingPracticeId: agent.practiceId })
        .where(eq(sessions.tokenHash, auth.tokenHash));
      await recordAudit(app.db, {
        ...auditContext(request),
        practiceId: agent.practiceId,
        action: 'auth.external_agent_assumed',
        detail: { externalAgentId: agent.id },
      });
      return { status: 'ok' as const };
    },
  );
};
