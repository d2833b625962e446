import { and, asc, eq, ne } from 'drizzle-orm';
import { authOf } from '../../platform/access.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { practices, sessions, users } from '../../db/schema/index.ts';
import { auditContext, recordAudit } from '../../platform/audit.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';

const id = z.coerce.number().int().positive();

/** Internal support staff acting as a practice's user, and stopping again. */
export const impersonationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/system/impersonation/practices',
    { config: { access: 'taImpersonation' } },
    async () => ({
      data: await app.db
        .select({ id: practices.id, name: practices.name })
        .from(practices)
        .orderBy(asc(practices.name)),
    }),
  );

  app.get(
    '/system/impersonation/users',
    {
      config: { access: 'taImpersonation' },
      schema: { querystring: z.object({ practiceId: id }) },
    },
    async (request) => ({
      data: await app.db
        .select({
          id: users.id,
          professionalName: users.professionalName,
          username: users.username,
          type: users.type,
        })
        .from(users)
        .where(
          and(
            eq(users.practiceId, request.query.practiceId),
            eq(users.active, true),
            ne(users.type, 'support'),
          ),
        )
        .orderBy(asc(users.lastName), asc(users.firstName)),
    }),
  );

  app.post(
    '/system/impersonateUser/default',
    {
      config: { access: 'taImpersonation' },
      schema: { body: z.object({ user_id: id, practice_id: id }) },
    },
    async (request) => {
      const { user_id, practice_id } = request.body;
      const [target] = await app.db
        .select({ id: users.id, practiceId: users.practiceId, type: users.type })
        .from(users)
        .where(and(eq(users.id, user_id), eq(users.active, true)));
      if (!target || target.practiceId !== practice_id)
        throw notFound('That user does not belong to that practice.');
      if (target.type === 'support') throw forbidden();
      await app.db
        .update(sessions)
        .set({
          actingUserId: target.id,
          actingPracticeId: practice_id,
          externalAgentId: null,
          passwordVerifiedAt: null,
        })
        .where(eq(sessions.tokenHash, authOf(request).tokenHash));
      await recordAudit(app.db, {
        ...auditContext(request),
        action: 'auth.impersonation_start',
        practiceId: practice_id,
        actorUserId: target.id,
        impersonatorUserId: authOf(request).realUser.id,
      });
      return { status: 'ok' as const };
    },
  );

  app.post(
    '/system/impersonateUser/stop',
    { config: { access: 'authenticated' } },
    async (request) => {
      const auth = authOf(request);
      if (auth.impersonationType !== 'IMPERSONATION')
        throw badRequest('You are not impersonating anyone.');
      await app.db
        .update(sessions)
        .set({ actingUserId: null, actingPracticeId: null, passwordVerifiedAt: null })
        .where(eq(sessions.tokenHash, auth.tokenHash));
      await recordAudit(app.db, { ...auditContext(request), action: 'auth.impersonation_end' });
      return { status: 'ok' as const };
    },
  );
};
