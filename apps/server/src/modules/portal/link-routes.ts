import * as contract from '@openpractice/contracts/portal';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clients, users } from '../../db/schema/index.ts';
import { badRequest } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { noteAudit } from '../../platform/route-audit.ts';
import { endSessionsOf } from './service.ts';
import { parsePortalLinkToken } from './tokens.ts';

export const LINK_INVALID =
  'This link has expired or has already been used. Ask your practice to send a new one.';

/** The public completion of invitation and reset links: check the link, set the password. */
export const portalLinkRoutes: FastifyPluginAsyncZod<{
  linkKey: string;
  publicRateLimit: number;
}> = async (app, { linkKey, publicRateLimit }) => {
  const publicLimit = {
    access: 'public' as const,
    rateLimit: { max: publicRateLimit, timeWindow: '1 minute' },
  };

  /** The user and client a link belongs to, or 400 when it is expired, used, forged or disabled. */
  async function resolveLink(token: string) {
    const parsed = parsePortalLinkToken(linkKey, token, app.now());
    if (!parsed) throw badRequest(LINK_INVALID, 'token');
    const [found] = await app.db
      .select({
        userId: users.id,
        username: users.username,
        passwordHash: users.passwordHash,
        clientId: clients.id,
        practiceId: clients.practiceId,
        portalStatus: clients.portalStatus,
      })
      .from(users)
      .innerJoin(clients, eq(clients.portalUserId, users.id))
      .where(and(eq(users.id, parsed.userId), eq(users.type, 'patient')))
      .limit(1);
    if (!found || found.portalStatus === 'DISABLED' || !parsed.matches(found.passwordHash))
      throw badRequest(LINK_INVALID, 'token');
    return { ...found, purpose: parsed.purpose, expiresAt: parsed.expiresAt };
  }

  /** Sets the new password; of two uses of one link only the first wins (false for the second). */
  async function setPassword(link: Awaited<ReturnType<typeof resolveLink>>, password: string) {
    const newHash = await hashPassword(password);
    const now = app.now();
    return app.db.transaction(async (tx) => {
      // Compare-and-set on the old hash.
      const [updated] = await tx
        .update(users)
        .set({
          passwordHash: newHash,
          active: true,
          failedLoginCount: 0,
          loginLockExpiration: null,
        })
        .where(and(eq(users.id, link.userId), eq(users.passwordHash, link.passwordHash)))
        .returning({ id: users.id });
      if (!updated) return false;
      await tx
        .update(clients)
        .set({ portalStatus: 'ENABLED', updatedAt: now })
        .where(eq(clients.id, link.clientId));
      return true;
    });
  }

  app.post(
    contract.checkPortalToken.path,
    { config: { ...publicLimit, audit: 'none' }, schema: contract.checkPortalToken.schema },
    async (request) => {
      const link = await resolveLink(request.body.token);
      return {
        valid: true as const,
        purpose: link.purpose,
        username: link.username,
        expiresAt: link.expiresAt.toISOString(),
      };
    },
  );

  app.post(
    contract.activatePortal.path,
    {
      config: { ...publicLimit, audit: { action: 'client.portal_password_set' } },
      schema: contract.activatePortal.schema,
    },
    async (request) => {
      const { token, password } = request.body;
      const link = await resolveLink(token);
      if (password.trim().toLowerCase() === link.username.toLowerCase())
        throw badRequest('Choose a password that is not your username.', 'password');
      if (!(await setPassword(link, password))) throw badRequest(LINK_INVALID, 'token');
      // A new password ends any session opened with the old one.
      await endSessionsOf(app.db, link.userId);
      noteAudit(request, {
        actor: { practiceId: link.practiceId, userId: link.userId },
        patientIds: [link.clientId],
        detail: { purpose: link.purpose },
      });
      return { status: 'ENABLED' as const, username: link.username };
    },
  );
};
