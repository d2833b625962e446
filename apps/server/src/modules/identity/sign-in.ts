import { LOGIN_LOCKOUT_ATTEMPTS, LOGIN_LOCKOUT_MINUTES } from '@openpractice/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { unknownLoginAttempts, users } from '../../db/schema/index.ts';
import { AppError, tooManyRequests } from '../../platform/errors.ts';
import { dummyPasswordHash, verifyPassword } from '../../platform/passwords.ts';
import { createSession } from '../../platform/sessions.ts';
import {
  ADDRESS_BRAKE_MESSAGE,
  addressBrakeSeconds,
  clearDeviceCounter,
  deviceCounter,
  recordAddressFailure,
  saveDeviceCounter,
  type Counter,
} from './sign-in-brakes.ts';
import { passwordRuleUnderSso, SSO_REQUIRED } from './sso-sign-in.ts';

export const SIGN_IN_FAILED = 'The username or password is incorrect.';
export const SIGN_IN_LOCKED = `Too many failed sign-in attempts. For your security, sign-in is locked for ${LOGIN_LOCKOUT_MINUTES} minutes.`;

export type SignInResult =
  | { ok: true; userId: number; token: string; expiresAt: Date; breakGlass?: boolean }
  | {
      ok: false;
      userId: number | null;
      error: AppError;
      retryAfterSeconds?: number;
      /** The audit reason when it is not a bad password or a lock. */
      reason?: string;
    };

/** The lockout rule: 5 failures lock for 15 minutes; an expired lock starts the count again. */
function nextCounter(current: Counter, now: Date): Counter & { lockedNow: boolean } {
  const lockOver = current.loginLockExpiration !== null && current.loginLockExpiration <= now;
  const failed = (lockOver ? 0 : current.failedLoginCount) + 1;
  const lockedNow = failed >= LOGIN_LOCKOUT_ATTEMPTS;
  return {
    failedLoginCount: failed,
    loginLockExpiration: lockedNow
      ? new Date(now.getTime() + LOGIN_LOCKOUT_MINUTES * 60_000)
      : lockOver
        ? null
        : current.loginLockExpiration,
    lockedNow,
  };
}

const isLocked = (c: Counter, now: Date) =>
  c.loginLockExpiration !== null && c.loginLockExpiration > now;

/**
 * Checks a username and password. Unknown usernames are counted and locked
 * exactly like real ones, and the password is still hashed, so neither the
 * answer nor its timing tells whether an account exists.
 *
 * A browser that has signed in as the user before (`knownDevice` names its
 * device id) has its own count and lock, and is not held by the address
 * brake: its guesses are already capped by its own lock, and strangers'
 * failures must not lock the real user out. Everyone else shares the
 * account's count (users.failed_login_count) and the address brake.
 */
export async function signIn(
  db: Db,
  input: {
    username: string;
    password: string;
    rememberMe: boolean;
    now: Date;
    address: string;
    knownDevice: (userId: number) => string | null;
  },
): Promise<SignInResult> {
  const key = input.username.trim().toLowerCase();
  const { now } = input;
  const braked = async (userId: number | null): Promise<SignInResult | null> => {
    const seconds = await addressBrakeSeconds(db, input.address, now);
    if (seconds === null) return null;
    return {
      ok: false,
      userId,
      error: tooManyRequests(ADDRESS_BRAKE_MESSAGE),
      retryAfterSeconds: seconds,
    };
  };
  const [user] = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      active: users.active,
      failedLoginCount: users.failedLoginCount,
      loginLockExpiration: users.loginLockExpiration,
    })
    .from(users)
    .where(eq(users.username, key));

  if (!user) {
    const stop = await braked(null);
    if (stop) return stop;
    const [known] = await db
      .select()
      .from(unknownLoginAttempts)
      .where(eq(unknownLoginAttempts.usernameKey, key));
    const counter = known ?? { failedLoginCount: 0, loginLockExpiration: null };
    if (isLocked(counter, now))
      return { ok: false, userId: null, error: tooManyRequests(SIGN_IN_LOCKED) };
    await verifyPassword(await dummyPasswordHash(), input.password);
    await recordAddressFailure(db, input.address, now);
    const next = nextCounter(counter, now);
    await db
      .insert(unknownLoginAttempts)
      .values({
        usernameKey: key,
        failedLoginCount: next.failedLoginCount,
        loginLockExpiration: next.loginLockExpiration,
      })
      .onConflictDoUpdate({
        target: unknownLoginAttempts.usernameKey,
        set: {
          failedLoginCount: next.failedLoginCount,
          loginLockExpiration: next.loginLockExpiration,
        },
      });
    return { ok: false, userId: null, error: failure(next.lockedNow) };
  }

  const deviceId = input.knownDevice(user.id);
  if (deviceId !== null) return signInKnownDevice(db, { ...input, user, deviceId });

  const stop = await braked(user.id);
  if (stop) return stop;
  if (isLocked(user, now))
    return { ok: false, userId: user.id, error: tooManyRequests(SIGN_IN_LOCKED) };
  const passwordOk = await verifyPassword(user.passwordHash, input.password);
  if (!passwordOk || !user.active) {
    await recordAddressFailure(db, input.address, now);
    const next = nextCounter(user, now);
    // Increment in SQL so concurrent failures are all counted.
    await db
      .update(users)
      .set({
        failedLoginCount: next.failedLoginCount === 1 ? 1 : sql`${users.failedLoginCount} + 1`,
        loginLockExpiration: next.loginLockExpiration,
      })
      .where(eq(users.id, user.id));
    return { ok: false, userId: user.id, error: failure(next.lockedNow) };
  }

  await db
    .update(users)
    .set({ failedLoginCount: 0, loginLockExpiration: null })
    .where(eq(users.id, user.id));
  return passwordSession(db, user.id, input.rememberMe, now);
}

/** The same rule as strangers', on the device's own count. */
async function signInKnownDevice(
  db: Db,
  input: {
    user: { id: number; passwordHash: string; active: boolean };
    deviceId: string;
    password: string;
    rememberMe: boolean;
    now: Date;
  },
): Promise<SignInResult> {
  const { user, deviceId, now } = input;
  const counter = await deviceCounter(db, user.id, deviceId);
  if (isLocked(counter, now))
    return { ok: false, userId: user.id, error: tooManyRequests(SIGN_IN_LOCKED) };
  const passwordOk = await verifyPassword(user.passwordHash, input.password);
  if (!passwordOk || !user.active) {
    const next = nextCounter(counter, now);
    await saveDeviceCounter(db, { userId: user.id, deviceId }, next, now);
    return { ok: false, userId: user.id, error: failure(next.lockedNow) };
  }
  // Strangers' count is left alone: signing in here must not hand them new guesses.
  await clearDeviceCounter(db, user.id, deviceId);
  return passwordSession(db, user.id, input.rememberMe, now);
}

/**
 * The session for a correct password, unless the practice requires single
 * sign-on for its staff (checked only after the password, so the answer tells
 * a stranger nothing); owners keep their password as the break-glass path.
 */
async function passwordSession(
  db: Db,
  userId: number,
  rememberMe: boolean,
  now: Date,
): Promise<SignInResult> {
  const rule = await passwordRuleUnderSso(db, userId);
  if (rule === 'refused')
    return { ok: false, userId, error: new AppError(403, SSO_REQUIRED), reason: 'sso_required' };
  const session = await createSession(db, { userId, rememberMe, now });
  return { ok: true, userId, ...session, ...(rule === 'break-glass' ? { breakGlass: true } : {}) };
}

function failure(lockedNow: boolean): AppError {
  return lockedNow ? tooManyRequests(SIGN_IN_LOCKED) : new AppError(401, SIGN_IN_FAILED);
}
