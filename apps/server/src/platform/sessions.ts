import { SESSION_MAX_HOURS } from '@openpractice/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { practiceSettings, sessions } from '../db/schema/index.ts';
import { loadPrincipals, type Principal } from './principals.ts';
import { randomToken, sha256 } from './tokens.ts';

export const SESSION_COOKIE = 'op_session';
/** Sessions end 12 hours after sign-in whatever the activity. */
export const SESSION_MAX_AGE_MS = SESSION_MAX_HOURS * 60 * 60 * 1000;
/** Inactivity limit for support staff outside any practice. */
const DEFAULT_INACTIVITY_MINUTES = 60;
/** last_seen_at is written at most this often, so reads do not each cost a write. */
const TOUCH_INTERVAL_MS = 5_000;
/** How long a password verification lets protected actions run without asking again. */
export const PASSWORD_VERIFIED_WINDOW_MS = 10 * 60 * 1000;

export type ImpersonationType = 'IMPERSONATION' | 'EXTERNAL_AGENT';

export type Auth = {
  tokenHash: string;
  /** The user the session acts as: whose roles and practice apply. */
  user: Principal;
  /** The person who signed in (differs from `user` while impersonating). */
  realUser: Principal;
  /** The practice every query is scoped to; null for support staff not impersonating. */
  practiceId: number | null;
  impersonationType: ImpersonationType | null;
  externalAgentId: number | null;
  passwordVerifiedAt: Date | null;
  expiresAt: Date;
  rememberMe: boolean;
};

export async function createSession(
  db: Db,
  input: { userId: number; rememberMe: boolean; now: Date },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = new Date(input.now.getTime() + SESSION_MAX_AGE_MS);
  await db.insert(sessions).values({
    tokenHash: sha256(token),
    userId: input.userId,
    rememberMe: input.rememberMe,
    createdAt: input.now,
    lastSeenAt: input.now,
    expiresAt,
  });
  return { token, expiresAt };
}

export async function destroySession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/**
 * Finds the live session for a cookie token. An expired or idle session is
 * deleted on the server, so a replayed cookie is worthless. `touch` records
 * activity (background polls pass false so they do not keep a session alive).
 */
export async function resolveSession(
  db: Db,
  token: string,
  now: Date,
  touch: boolean,
): Promise<Auth | null> {
  const tokenHash = sha256(token);
  const [row] = await db
    .select({
      session: sessions,
      inactivityMinutes: practiceSettings.inactivityLockoutMinutes,
    })
    .from(sessions)
    .leftJoin(
      practiceSettings,
      sql`${practiceSettings.practiceId} = coalesce(${sessions.actingPracticeId}, (select practice_id from users where users.id = ${sessions.userId}))`,
    )
    .where(eq(sessions.tokenHash, tokenHash));
  if (!row) return null;
  const s = row.session;
  const idleMinutes = row.inactivityMinutes ?? DEFAULT_INACTIVITY_MINUTES;
  const idleExpired =
    idleMinutes > 0 && now.getTime() - s.lastSeenAt.getTime() > idleMinutes * 60_000;
  if (now >= s.expiresAt || idleExpired) {
    await destroySession(db, tokenHash);
    return null;
  }
  const principals = await loadPrincipals(db, [
    s.userId,
    ...(s.actingUserId ? [s.actingUserId] : []),
  ]);
  const realUser = principals.get(s.userId);
  const user = s.actingUserId ? principals.get(s.actingUserId) : realUser;
  if (!realUser || !user || !realUser.active || !user.active) {
    await destroySession(db, tokenHash);
    return null;
  }
  if (touch && now.getTime() - s.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
  }
  return {
    tokenHash,
    user,
    realUser,
    practiceId: s.actingPracticeId ?? user.practiceId,
    impersonationType: s.externalAgentId
      ? 'EXTERNAL_AGENT'
      : s.actingUserId
        ? 'IMPERSONATION'
        : null,
    externalAgentId: s.externalAgentId,
    passwordVerifiedAt: s.passwordVerifiedAt,
    expiresAt: s.expiresAt,
    rememberMe: s.rememberMe,
  };
}
