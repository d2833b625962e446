import * as contract from '@openpractice/contracts/admin';
import { and, asc, eq } from 'drizzle-orm';
import { authOf } from '../../platform/access.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { impersonations, practices, sessions, users } from '../../db/schema/index.ts';
import { auditContext, recordAudit } from '../../platform/audit.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { IMPERSONATION_MS, markImpersonationEnded } from '../../platform/impersonation.ts';

export const CANNOT_IMPERSONATE_CLIENT =
  'Support cannot act as a client: only practice staff can be impersonated.';
export const CANNOT_IMPERSONATE = 'Only practice staff can be impersonated.';

/** Internal support staff acting as a practice's user, and stopping again. */
export const impersonationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.listImpersonationPractices.path,
    {
      config: { access: 'taImpersonation', audit: 'none' },
      schema: contract.listImpersonationPractices.schema,
    },
    async () => ({
      data: await app.db
        .select({ id: practices.id, name: practices.name })
        .from(practices)
        .orderBy(asc(practices.name)),
    }),
  );

  app.get(
    contract.listImpersonationUsers.path,
    {
      config: { access: 'taImpersonation', audit: 'none' },
      schema: contract.listImpersonationUsers.schema,
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
            // Only staff: never clients (portal users), agents or other support staff.
            eq(users.type, 'staff'),
          ),
        )
        .orderBy(asc(users.lastName), asc(users.firstName)),
    }),
  );

  app.post(
    contract.impersonateUser.path,
    {
      config: { access: 'taImpersonation', audit: 'none' },
      schema: contract.impersonateUser.schema,
    },
    async (request) => startImpersonation(app, request, request.body),
  );

  app.post(
    contract.stopImpersonating.path,
    {
      config: { access: 'authenticated', audit: 'none' },
      schema: contract.stopImpersonating.schema,
    },
    async (request) => {
      const auth = authOf(request);
      if (auth.impersonationType !== 'IMPERSONATION')
        throw badRequest('You are not impersonating anyone.');
      await app.db
        .update(sessions)
        .set({
          actingUserId: null,
          actingPracticeId: null,
          impersonationId: null,
          passwordVerifiedAt: null,
        })
        .where(eq(sessions.tokenHash, auth.tokenHash));
      const ended =
        auth.impersonationId === null
          ? null
          : await markImpersonationEnded(app.db, auth.impersonationId, app.now());
      await recordAudit(app.db, {
        ...auditContext(request),
        action: 'auth.impersonation_end',
        detail: ended
          ? { impersonationId: ended.id, reason: ended.reason, cause: 'stopped' }
          : { cause: 'stopped' },
      });
      return { status: 'ok' as const };
    },
  );
};

type StartBody = z.infer<typeof contract.impersonateUser.schema.body>;

/** Support staff start acting as a practice's staff user: recorded, time-limited, audited. */
async function startImpersonation(app: FastifyInstance, request: FastifyRequest, body: StartBody) {
  const { user_id, practice_id, reason } = body;
  const auth = authOf(request);
  const now = app.now();
  const [target] = await app.db
    .select({ id: users.id, practiceId: users.practiceId, type: users.type })
    .from(users)
    .where(and(eq(users.id, user_id), eq(users.active, true)));
  if (!target || target.practiceId !== practice_id)
    throw notFound('That user does not belong to that practice.');
  if (target.type === 'patient') throw forbidden(CANNOT_IMPERSONATE_CLIENT);
  if (target.type !== 'staff') throw forbidden(CANNOT_IMPERSONATE);
  const [started] = await app.db
    .insert(impersonations)
    .values({
      supportUserId: auth.realUser.id,
      impersonatedUserId: target.id,
      practiceId: practice_id,
      reason,
      startedAt: now,
      endsAt: new Date(now.getTime() + IMPERSONATION_MS),
    })
    .returning({ id: impersonations.id, endsAt: impersonations.endsAt });
  if (!started) throw new Error('impersonation not recorded');
  await app.db
    .update(sessions)
    .set({
      actingUserId: target.id,
      actingPracticeId: practice_id,
      externalAgentId: null,
      impersonationId: started.id,
      passwordVerifiedAt: null,
    })
    .where(eq(sessions.tokenHash, auth.tokenHash));
  await recordAudit(app.db, {
    ...auditContext(request),
    action: 'auth.impersonation_start',
    practiceId: practice_id,
    actorUserId: target.id,
    impersonatorUserId: auth.realUser.id,
    detail: { impersonationId: started.id, reason, endsAt: started.endsAt.toISOString() },
  });
  return { status: 'ok' as const, endsAt: started.endsAt.toISOString() };
}
