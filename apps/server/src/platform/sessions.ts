import { SESSION_MAX_HOURS } from '@openpractice/domain';
import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.ts';
import { sessions } from '../db/schema/index.ts';
import { revertExpiredImpersonation } from './impersonation.ts';
import { SessionCache } from './session-cache.ts';
import type { Principal } from './principals.ts';
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
  /** The acting user's therapist record in that practice, when they are a therapist there. */
  therapistId: number | null;
  impersonationType: ImpersonationType | null;
  externalAgentId: number | null;
  /** While impersonating: the impersonation's id and its end (60 minutes after it started). */
  impersonationId: number | null;
  impersonationEndsAt: Date | null;
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

/** A user with authorities as one JSON object, for the single session query. */
const principalSelect = (userIdColumn: string) =>
  sql.raw(`(select json_build_object(
    'id', u.id, 'practiceId', u.practice_id, 'type', u.type, 'username', u.username,
    'firstName', u.first_name, 'lastName', u.last_name, 'professionalName', u.professional_name,
    'email', u.email, 'phone', u.phone, 'screenReader', u.screen_reader, 'active', u.active,
    'authorities', coalesce((select array_agg(a.authority order by a.authority) from user_authorities a where a.user_id = u.id), '{}'))
    from users u where u.id = ${userIdColumn})`);

type SessionRow = {
  user_id: number;
  acting_user_id: number | null;
  acting_practice_id: number | null;
  external_agent_id: number | null;
  impersonation_id: number | null;
  impersonation_ends_ms: number | null;
  remember_me: boolean;
  last_seen_ms: number;
  expires_ms: number;
  password_verified_ms: number | null;
  inactivity_minutes: number | null;
  therapist_id: number | null;
  real_user: Principal | null;
  acting_user: Principal | null;
};

/** What a session row says at `now`: still live, ended (expired, idle, deactivated), or its impersonation timed out. */
function verdictOf(s: SessionRow, now: Date): 'live' | 'ended' | 'impersonationOver' {
  const idleMinutes = s.inactivity_minutes ?? DEFAULT_INACTIVITY_MINUTES;
  const idleExpired = idleMinutes > 0 && now.getTime() - s.last_seen_ms > idleMinutes * 60_000;
  const user = s.acting_user_id ? s.acting_user : s.real_user;
  if (now.getTime() >= s.expires_ms || idleExpired || !s.real_user?.active || !user?.active) {
    return 'ended';
  }
  const impersonating = s.acting_user_id !== null && s.external_agent_id === null;
  if (
    impersonating &&
    (s.impersonation_ends_ms === null || now.getTime() >= s.impersonation_ends_ms)
  ) {
    return 'impersonationOver';
  }
  return 'live';
}

async function readSessionRow(db: Db, tokenHash: string): Promise<SessionRow | undefined> {
  const [row] = await rowsOf<SessionRow>(
    db,
    sql`select s.user_id, s.acting_user_id, s.acting_practice_id, s.external_agent_id, s.remember_me,
        s.impersonation_id, (extract(epoch from i.ends_at) * 1000)::float8 as impersonation_ends_ms,
        (extract(epoch from s.last_seen_at) * 1000)::float8 as last_seen_ms,
        (extract(epoch from s.expires_at) * 1000)::float8 as expires_ms,
        (extract(epoch from s.password_verified_at) * 1000)::float8 as password_verified_ms,
        ps.inactivity_lockout_minutes as inactivity_minutes, t.id as therapist_id,
        ${principalSelect('s.user_id')} as real_user,
        ${principalSelect('s.acting_user_id')} as acting_user
      from sessions s
      left join impersonations i on i.id = s.impersonation_id
      left join users home on home.id = coalesce(s.acting_user_id, s.user_id)
      left join practice_settings ps on ps.practice_id = coalesce(s.acting_practice_id, home.practice_id)
      left join therapists t on t.user_id = home.id and t.practice_id = coalesce(s.acting_practice_id, home.practice_id)
      where s.token_hash = ${tokenHash}`,
  );
  return row;
}

/** Cached session rows of one app (session-cache.ts). */
export type SessionRowCache = SessionCache<SessionRow>;

export const sessionRowCache = (): SessionRowCache => new SessionCache<SessionRow>();

/**
 * Finds the live session for a cookie token in one query (every API call
 * pays for it, unless `cache` answers). An expired or idle session is deleted
 * on the server, so a replayed cookie is worthless. `touch` records activity
 * (background polls pass false so they do not keep a session alive).
 */
export async function resolveSession(
  db: Db,
  token: string,
  now: Date,
  touch: boolean,
  cache?: SessionRowCache,
): Promise<Auth | null> {
  const tokenHash = sha256(token);
  const cached = cache?.get(tokenHash);
  // A cached row that is no longer live is settled on the database, as a fresh one would be.
  if (cached && verdictOf(cached, now) === 'live')
    return liveAuth(db, tokenHash, cached, now, touch);
  cache?.forget(tokenHash);
  const generation = cache?.generation ?? 0;
  const s = await readSessionRow(db, tokenHash);
  if (!s) return null;
  const verdict = verdictOf(s, now);
  if (verdict === 'ended') {
    await destroySession(db, tokenHash);
    return null;
  }
  if (verdict === 'impersonationOver') {
    await revertExpiredImpersonation(db, {
      tokenHash,
      impersonationId: s.impersonation_id,
      endsAt: s.impersonation_ends_ms === null ? null : new Date(s.impersonation_ends_ms),
      now,
    });
    // Read again: the session now acts as the support user alone.
    return resolveSession(db, token, now, touch, cache);
  }
  cache?.store(tokenHash, s, generation);
  return liveAuth(db, tokenHash, s, now, touch);
}

/** Records activity (at most every few seconds) and describes the live session. */
async function liveAuth(
  db: Db,
  tokenHash: string,
  s: SessionRow,
  now: Date,
  touch: boolean,
): Promise<Auth> {
  if (touch && now.getTime() - s.last_seen_ms >= TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
    // The cached row follows the write, so idle time keeps counting from the last activity.
    s.last_seen_ms = now.getTime();
  }
  const impersonating = s.acting_user_id !== null && s.external_agent_id === null;
  // A live row has both principals (verdictOf).
  const realUser = s.real_user as Principal;
  const user = s.acting_user_id ? (s.acting_user as Principal) : realUser;
  return {
    tokenHash,
    user,
    realUser,
    practiceId: s.acting_practice_id ?? user.practiceId,
    therapistId: s.therapist_id,
    impersonationType: s.external_agent_id
      ? 'EXTERNAL_AGENT'
      : s.acting_user_id
        ? 'IMPERSONATION'
        : null,
    externalAgentId: s.external_agent_id,
    impersonationId: impersonating ? s.impersonation_id : null,
    impersonationEndsAt:
      impersonating && s.impersonation_ends_ms !== null ? new Date(s.impersonation_ends_ms) : null,
    passwordVerifiedAt: s.password_verified_ms === null ? null : new Date(s.password_verified_ms),
    expiresAt: new Date(s.expires_ms),
    rememberMe: s.remember_me,
  };
}
