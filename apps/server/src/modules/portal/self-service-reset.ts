import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { clients } from '../../db/schema/index.ts';
import { handleSelfServiceResets } from '../../platform/password-reset.ts';
import { sendPortalLink } from './link-mail.ts';
import { defaultEmailOf, loadPortalRow, setPortalStatus } from './service.ts';

/** Portal accounts a client may reset themself: not disabled, and activated once. */
const RESETTABLE = new Set(['ENABLED', 'PASSWORD_RESET_LINK_SENT', 'PASSWORD_RESET_REQUIRED']);

/**
 * A client's "Forgot password?" (issue 21 item 5): the portal's reset link, to the client's
 * default email address, lasting an hour. The portal status says a link was sent; the password
 * stays as it was until the link is used.
 */
export function handlePortalSelfServiceResets(
  app: Pick<FastifyInstance, 'mailer' | 'now' | 'publicUrl'>,
  linkKey: string,
): void {
  handleSelfServiceResets('patient', async (db, { userId, hours }) => {
    const [client] = await db
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.portalUserId, userId))
      .limit(1);
    if (!client) return 'not sent';
    const row = await loadPortalRow(db, client.id);
    if (!RESETTABLE.has(row.portalStatus) || row.username === null || row.passwordHash === null)
      return 'not sent';
    const to = (await defaultEmailOf(db, client.id)) ?? row.userEmail;
    if (!to) return 'not sent';
    const mail = await sendPortalLink(
      { db, mailer: app.mailer, now: () => app.now(), publicUrl: app.publicUrl },
      linkKey,
      row,
      {
        purpose: 'reset',
        userId,
        username: row.username,
        passwordHash: row.passwordHash,
        to,
        selfServiceHours: hours,
      },
    );
    if (mail.status === 'failed') return 'not sent';
    await setPortalStatus(db, client.id, 'PASSWORD_RESET_LINK_SENT', app.now());
    return 'sent';
  });
}
