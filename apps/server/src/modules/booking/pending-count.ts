import { calendarReach, hasRole } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { rowsOf, type Db } from '../../db/client.ts';

/**
 * How many online booking requests wait for an answer the caller may give:
 * the navigation's count beside "Booking requests". The same reach as the
 * requests list: the whole practice's for managers and schedulers, a
 * therapist-only user's own; none for whoever may not answer requests.
 */
export async function pendingRequestCount(
  db: Db,
  auth: NonNullable<FastifyRequest['auth']>,
): Promise<number> {
  const { practiceId } = auth;
  const { authorities } = auth.user;
  if (practiceId === null || !hasRole(authorities, 'scheduling')) return 0;
  const reach = calendarReach(authorities);
  if (reach === 'none' || (reach === 'own' && auth.therapistId === null)) return 0;
  const own = reach === 'own' ? sql`and therapist_id = ${auth.therapistId}` : sql``;
  const [row] = await rowsOf<{ count: number }>(
    db,
    sql`select count(*)::int as count from self_booking_requests
        where practice_id = ${practiceId} and status = 'PENDING' ${own}`,
  );
  return row?.count ?? 0;
}
