import * as contract from '@openpractice/contracts/identity-password';
import { staffPasswordProblem } from '@openpractice/domain';
import { and, eq, ne, or } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessions, users } from '../../db/schema/index.ts';
import { authOf } from '../../platform/access.ts';
import { badRequest } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { noteAudit } from '../../platform/route-audit.ts';

export const CHANGE_PASSWORD_MESSAGES = {
  wrongCurrent: 'That is not your current password.',
  same: 'Choose a new password, not the one you have now.',
} as const;

/**
 * Changing one's own password from the user menu (issue 21 item 5): the current password first,
 * the new one by the same rules as a chosen staff password (length, not the username, enough
 * different characters), then every other session of the account ends; this one stays signed
 * in. Never while impersonating: support staff do not change a customer's password.
 */
export const changePasswordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    contract.changePassword.path,
    {
      config: {
        access: 'authenticated',
        audit: { action: 'auth.password_changed', kind: 'change' },
        rateLimit: { max: 10, timeWindow: '1 minute' },
        notWhileImpersonating: true,
      },
      schema: contract.changePassword.schema,
    },
    async (request) => {
      const auth = authOf(request);
      const { currentPassword, newPassword } = request.body;
      const [row] = await app.db
        .select({ hash: users.passwordHash, username: users.username, status: users.accountStatus })
        .from(users)
        .where(eq(users.id, auth.realUser.id));
      if (!row || !(await verifyPassword(row.hash, currentPassword)))
        throw badRequest(CHANGE_PASSWORD_MESSAGES.wrongCurrent, 'currentPassword');
      const problem = staffPasswordProblem(newPassword, row.username);
      if (problem) throw badRequest(problem, 'newPassword');
      if (newPassword === currentPassword)
        throw badRequest(CHANGE_PASSWORD_MESSAGES.same, 'newPassword');
      await app.db
        .update(users)
        .set({
          passwordHash: await hashPassword(newPassword),
          // A reset the person was asked to make is made.
          ...(row.status === 'PASSWORD_RESET_REQUIRED' || row.status === 'PASSWORD_RESET_LINK_SENT'
            ? { accountStatus: 'ENABLED' as const }
            : {}),
        })
        .where(eq(users.id, auth.realUser.id));
      const ended = await app.db
        .delete(sessions)
        .where(
          and(
            or(eq(sessions.userId, auth.realUser.id), eq(sessions.actingUserId, auth.realUser.id)),
            ne(sessions.tokenHash, auth.tokenHash),
          ),
        )
        .returning({ tokenHash: sessions.tokenHash });
      noteAudit(request, { detail: { endedSessions: ended.length } });
      return { status: 'ok' as const, endedSessions: ended.length };
    },
  );
};
