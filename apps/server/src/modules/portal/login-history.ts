import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * Records a portal sign-in attempt in `client_login_history` for the client
 * linked to the user. Called by the sign-in route after every attempt whose
 * user is known; for staff users it writes nothing (the `type = 'patient'`
 * test is a one-time filter, so their sign-ins do not scan the clients).
 */
export async function recordPortalSignIn(
  db: Db,
  attempt: { userId: number | null; succeeded: boolean; at: Date; ip: string | null },
): Promise<void> {
  if (attempt.userId === null) return;
  await db.execute(sql`
    insert into client_login_history (client_id, at, succeeded, ip)
    select c.id, ${attempt.at.toISOString()}::timestamptz, ${attempt.succeeded}, ${attempt.ip}
    from clients c
    where c.portal_user_id = ${attempt.userId}
      and exists (select 1 from users u where u.id = ${attempt.userId} and u.type = 'patient')`);
}
