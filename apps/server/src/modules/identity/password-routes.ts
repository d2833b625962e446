import * as contract from '@openpractice/contracts/identity';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessions, users } from '../../db/schema/index.ts';
import { authOf } from '../../platform/access.ts';
import { auditContext, recordAudit } from '../../platform/audit.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { PASSWORD_VERIFIED_WINDOW_MS } from '../../platform/sessions.ts';

/** The signed-in user's contact details and the password check that unlocks protected actions. */
export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.getContact.path,
    { config: { access: 'authenticated', audit: 'none' }, schema: contract.getContact.schema },
    (request) => {
      const user = authOf(request).user;
      return {
        firstName: user.firstName,
        lastName: user.lastName,
        professionalName: user.professionalName,
        email: user.email,
        phone: user.phone,
      };
    },
  );

  app.get(
    contract.passwordRecentlyVerified.path,
    {
      config: { access: 'authenticated', audit: 'none' },
      schema: contract.passwordRecentlyVerified.schema,
    },
    (request) => {
      const verifiedAt = authOf(request).passwordVerifiedAt;
      const recent =
        verifiedAt !== null &&
        app.now().getTime() - verifiedAt.getTime() < PASSWORD_VERIFIED_WINDOW_MS;
      return { hasRecentlyVerifiedPassword: recent };
    },
  );

  app.post(
    contract.verifyPassword.path,
    {
      config: {
        access: 'authenticated',
        audit: 'none',
        rateLimit: { max: 10, timeWindow: '1 minute' },
        // Support staff must not unlock the customer's protected actions with their own password.
        notWhileImpersonating: true,
      },
      schema: contract.verifyPassword.schema,
    },
    async (request) => {
      const auth = authOf(request);
      // Never while impersonating (notWhileImpersonating), so this is the user themself.
      const [row] = await app.db
        .select({ hash: users.passwordHash })
        .from(users)
        .where(eq(users.id, auth.realUser.id));
      const verified = row ? await verifyPassword(row.hash, request.body.password) : false;
      if (verified) {
        await app.db
          .update(sessions)
          .set({ passwordVerifiedAt: app.now() })
          .where(eq(sessions.tokenHash, auth.tokenHash));
      }
      await recordAudit(app.db, {
        ...auditContext(request),
        action: verified ? 'auth.password_verified' : 'auth.password_verify_failed',
      });
      return { verified };
    },
  );
};
