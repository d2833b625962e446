import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { sessions } from '../db/schema/index.ts';
import { authOf } from './access.ts';
import { AppError } from './errors.ts';
import { PASSWORD_VERIFIED_WINDOW_MS } from './sessions.ts';

export const PASSWORD_NOT_VERIFIED = 'Please verify your password to continue.';

/**
 * Protected actions (signing a note, …) run only within minutes of a password check
 * (spec-1 §4 Password re-verification). Read from the session row, not the session
 * cache, so a check made a moment ago on another process counts; the web asks for the
 * password first and sends the action after.
 */
export async function assertPasswordRecentlyVerified(
  db: Db,
  request: FastifyRequest,
  now: Date,
): Promise<void> {
  const [row] = await db
    .select({ at: sessions.passwordVerifiedAt })
    .from(sessions)
    .where(eq(sessions.tokenHash, authOf(request).tokenHash));
  const at = row?.at ?? null;
  if (at === null || now.getTime() - at.getTime() >= PASSWORD_VERIFIED_WINDOW_MS) {
    throw new AppError(403, PASSWORD_NOT_VERIFIED, 'password');
  }
}
