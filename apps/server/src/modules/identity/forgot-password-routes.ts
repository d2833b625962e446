import * as contract from '@openpractice/contracts/identity-password';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rowsOf } from '../../db/client.ts';
import { sendSelfServiceReset, type ResetAccountType } from '../../platform/password-reset.ts';
import { noteAudit } from '../../platform/route-audit.ts';

/** One address may be several clients' (a parent's children): each account gets its own link. */
const MAX_ACCOUNTS = 5;

/**
 * "Forgot password?" for staff and clients (issue 21 item 5). The username or email address
 * given finds the accounts it names (a client's address may be on the client's record rather
 * than the account); each gets its area's reset link, lasting an hour (platform/password-reset.ts).
 * The answer is the same whatever was found, and nothing changes the password until the link
 * is used; rate limited like sign-in. The audit row says how many links went, never to whom.
 */
export const forgotPasswordRoutes: FastifyPluginAsyncZod<{ publicRateLimit: number }> = async (
  app,
  options,
) => {
  app.post(
    contract.requestPasswordReset.path,
    {
      config: {
        access: 'public',
        audit: { action: 'auth.password_reset_requested', kind: 'change' },
        rateLimit: { max: options.publicRateLimit, timeWindow: '1 minute' },
      },
      schema: contract.requestPasswordReset.schema,
    },
    async (request) => {
      const given = request.body.username.toLowerCase();
      const accounts = await rowsOf<{ id: number; type: ResetAccountType }>(
        app.db,
        sql`select u.id, u.type from users u
            where u.active and u.type in ('staff', 'patient')
              and (u.username = ${given} or lower(u.email) = ${given}
                or exists (select 1 from clients c join client_emails e on e.client_id = c.id
                  where c.portal_user_id = u.id and lower(btrim(e.email)) = ${given}))
            order by u.id limit ${MAX_ACCOUNTS}`,
      );
      let sent = 0;
      for (const account of accounts) {
        const outcome = await sendSelfServiceReset(app.db, account.type, {
          userId: account.id,
          hours: contract.SELF_SERVICE_RESET_HOURS,
        });
        if (outcome === 'sent') sent += 1;
      }
      noteAudit(request, { detail: { accounts: accounts.length, linksSent: sent } });
      return { message: contract.PASSWORD_RESET_REQUESTED };
    },
  );
};
