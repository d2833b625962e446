import * as contract from '@openpractice/contracts/practice/staff';
import { accountStatusAfter, staffPasswordProblem } from '@openpractice/domain';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffAccountLinks } from '../../../db/schema/index.ts';
import { badRequest } from '../../../platform/errors.ts';
import { hashPassword } from '../../../platform/passwords.ts';
import { noteAudit } from '../../../platform/route-audit.ts';
import { findLiveLink, LINK_INVALID } from './links.ts';
import { endSessionsOf } from './queries.ts';
import { setChosenPassword } from './service.ts';

/** The public end of staff activation and reset links: check the link, set the password. */
export const staffLinkRoutes: FastifyPluginAsyncZod<{ publicRateLimit: number }> = async (
  app,
  { publicRateLimit },
) => {
  const publicLimit = {
    access: 'public' as const,
    rateLimit: { max: publicRateLimit, timeWindow: '1 minute' },
  };

  /** The link and its person, or 400 naming `token` when it is unknown, used, expired or disabled. */
  async function liveLink(token: string, lock = false) {
    const link = await findLiveLink(app.db, token, app.now(), lock);
    if (!link?.practiceId) throw badRequest(LINK_INVALID, 'token');
    const change = accountStatusAfter(
      link.accountStatus,
      link.purpose === 'activate' ? 'activated' : 'password_reset',
      link.activatedAt !== null,
    );
    if (!change.ok) throw badRequest(LINK_INVALID, 'token');
    return { ...link, practiceId: link.practiceId, nextStatus: change.status };
  }

  app.post(
    contract.checkStaffToken.path,
    { config: { ...publicLimit, audit: 'none' }, schema: contract.checkStaffToken.schema },
    async (request) => {
      const link = await liveLink(request.body.token);
      return { purpose: link.purpose, username: link.username, practiceName: link.practiceName };
    },
  );

  app.post(
    contract.setStaffPassword.path,
    {
      config: { ...publicLimit, audit: { action: 'practice.staff_password_set' } },
      schema: contract.setStaffPassword.schema,
    },
    async (request) => {
      const { token, password } = request.body;
      // Locked: of two uses of one link at once, the second waits and then finds it used.
      const link = await liveLink(token, true);
      const problem = staffPasswordProblem(password, link.username);
      if (problem) throw badRequest(problem, 'password');
      const now = app.now();
      await setChosenPassword(app.db, link.userId, {
        passwordHash: await hashPassword(password),
        status: link.nextStatus,
        activatedAt: link.activatedAt ?? now,
      });
      await app.db
        .update(staffAccountLinks)
        .set({ usedAt: now })
        .where(eq(staffAccountLinks.tokenHash, link.tokenHash));
      // A new password ends any session opened with the old one.
      await endSessionsOf(app.db, link.userId);
      noteAudit(request, {
        actor: { practiceId: link.practiceId, userId: link.userId },
        detail: { userId: link.userId, purpose: link.purpose },
      });
      return { status: 'ENABLED' as const, username: link.username };
    },
  );
};
