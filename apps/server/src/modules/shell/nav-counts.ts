import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { pendingRequestCount } from '../booking/index.ts';
import { unrecordedAttendanceCount } from '../calendar/index.ts';
import type { NavCounts } from './navigation-items.ts';

/**
 * The counts beside menu items for the signed-in user, each read through its
 * area's door. Every area decides itself who may see its count (0 for others).
 */
export async function navCounts(
  db: Db,
  auth: NonNullable<FastifyRequest['auth']>,
  now: Date,
): Promise<NavCounts> {
  return {
    pendingBookingRequests: await pendingRequestCount(db, auth),
    unrecordedAttendance: await unrecordedAttendanceCount(db, auth, now),
  };
}
