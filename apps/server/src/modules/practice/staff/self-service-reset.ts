import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../../db/schema/index.ts';
import { handleSelfServiceResets } from '../../../platform/password-reset.ts';
import { sendStaffLink } from './links.ts';

/** Accounts a staff member may reset themself: activated once and not disabled. */
const RESETTABLE = new Set(['ENABLED', 'PASSWORD_RESET_LINK_SENT', 'PASSWORD_RESET_REQUIRED']);

/**
 * A staff member's "Forgot password?" (issue 21 item 5): the staff reset link to the account's
 * email address, lasting an hour. An invitation never taken up is the practice's to resend.
 * The account status says a link was sent; the password stays as it was until the link is used.
 */
export function handleStaffSelfServiceResets(
  app: Pick<FastifyInstance, 'mailer' | 'now' | 'publicUrl'>,
): void {
  handleSelfServiceResets('staff', async (db, { userId, hours }) => {
    const [user] = await db
      .select({
        practiceId: users.practiceId,
        firstName: users.firstName,
        username: users.username,
        email: users.email,
        accountStatus: users.accountStatus,
        active: users.active,
      })
      .from(users)
      .where(eq(users.id, userId));
    if (!user?.active || user.practiceId === null || !user.email) return 'not sent';
    if (!RESETTABLE.has(user.accountStatus)) return 'not sent';
    const mail = await sendStaffLink(
      { db, mailer: app.mailer, now: () => app.now(), publicUrl: app.publicUrl },
      {
        userId,
        practiceId: user.practiceId,
        firstName: user.firstName,
        username: user.username,
        email: user.email,
      },
      'reset',
      hours,
    );
    if (mail.status === 'failed') return 'not sent';
    if (user.accountStatus === 'ENABLED')
      await db
        .update(users)
        .set({ accountStatus: 'PASSWORD_RESET_LINK_SENT' })
        .where(eq(users.id, userId));
    return 'sent';
  });
}
