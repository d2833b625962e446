import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { signInAddressFailures, signInDeviceFailures } from '../../db/schema/index.ts';
import { hmac, randomToken, safeEqual } from '../../platform/tokens.ts';

/**
 * Two brakes on guessing passwords, kept in the database so every app
 * process counts alike:
 * - an address that fails 20 times in 15 minutes is refused for the rest of
 *   the window, whatever username it tries;
 * - a browser that has signed in as a user before holds a signed device
 *   cookie naming that user; its failures are counted on their own, so
 *   strangers guessing the password lock out strangers, not the user.
 */
export const ADDRESS_BRAKE_FAILURES = 20;
export const ADDRESS_BRAKE_MINUTES = 15;
export const ADDRESS_BRAKE_MESSAGE =
  'Too many failed sign-in attempts from your network. Please wait a few minutes and try again.';

export const DEVICE_COOKIE = 'op_device';
/** Browsers cap cookie lifetimes at 400 days. */
export const DEVICE_COOKIE_DAYS = 400;
/** How many users one browser remembers (a shared front-desk computer). */
const DEVICES_PER_BROWSER = 5;

const WINDOW_MS = ADDRESS_BRAKE_MINUTES * 60_000;

/** Seconds the address must wait, or null when it may try. */
export async function addressBrakeSeconds(
  db: Db,
  address: string,
  now: Date,
): Promise<number | null> {
  const [row] = await db
    .select()
    .from(signInAddressFailures)
    .where(eq(signInAddressFailures.address, address));
  if (!row || row.failures < ADDRESS_BRAKE_FAILURES) return null;
  const endsMs = row.windowStartedAt.getTime() + WINDOW_MS;
  if (endsMs <= now.getTime()) return null;
  return Math.ceil((endsMs - now.getTime()) / 1000);
}

/** Counts one failure for the address, starting a new window when the last one is over. */
export async function recordAddressFailure(db: Db, address: string, now: Date): Promise<void> {
  const at = now.toISOString();
  const windowOver = sql`${signInAddressFailures.windowStartedAt} <= ${at}::timestamptz - interval '${sql.raw(String(ADDRESS_BRAKE_MINUTES))} minutes'`;
  await db
    .insert(signInAddressFailures)
    .values({ address, windowStartedAt: now, failures: 1 })
    .onConflictDoUpdate({
      target: signInAddressFailures.address,
      set: {
        failures: sql`case when ${windowOver} then 1 else ${signInAddressFailures.failures} + 1 end`,
        windowStartedAt: sql`case when ${windowOver} then ${at}::timestamptz else ${signInAddressFailures.windowStartedAt} end`,
      },
    });
  // Forget addresses whose window is long over, so the table stays small.
  await db
    .delete(signInAddressFailures)
    .where(lt(signInAddressFailures.windowStartedAt, new Date(now.getTime() - 2 * WINDOW_MS)));
}

type DeviceEntry = { userId: number; deviceId: string };

const signatureOf = (secret: string, e: DeviceEntry) =>
  hmac(secret, `sign-in-device|${e.userId}|${e.deviceId}`);

/** The cookie's entries whose signature holds, newest first. */
function entriesOf(secret: string, cookie: string | undefined): DeviceEntry[] {
  if (!cookie || cookie.length > 2000) return [];
  const entries: DeviceEntry[] = [];
  for (const part of cookie.split('~').slice(0, DEVICES_PER_BROWSER)) {
    const [user, deviceId, signature] = part.split('.');
    const userId = Number(user);
    if (!Number.isSafeInteger(userId) || userId <= 0 || !deviceId || !signature) continue;
    if (safeEqual(signature, signatureOf(secret, { userId, deviceId })))
      entries.push({ userId, deviceId });
  }
  return entries;
}

/** The device id this browser holds for the user, when it has signed in as them before. */
export function knownDeviceOf(
  secret: string,
  cookie: string | undefined,
  userId: number,
): string | null {
  return entriesOf(secret, cookie).find((e) => e.userId === userId)?.deviceId ?? null;
}

/** The cookie value after a successful sign-in: this user first, keeping their device id. */
export function deviceCookieAfterSignIn(
  secret: string,
  cookie: string | undefined,
  userId: number,
): string {
  const entries = entriesOf(secret, cookie);
  const mine = entries.find((e) => e.userId === userId) ?? { userId, deviceId: randomToken(16) };
  return [mine, ...entries.filter((e) => e.userId !== userId)]
    .slice(0, DEVICES_PER_BROWSER)
    .map((e) => `${e.userId}.${e.deviceId}.${signatureOf(secret, e)}`)
    .join('~');
}

export type Counter = { failedLoginCount: number; loginLockExpiration: Date | null };

export async function deviceCounter(db: Db, userId: number, deviceId: string): Promise<Counter> {
  const [row] = await db
    .select({
      failedLoginCount: signInDeviceFailures.failedLoginCount,
      loginLockExpiration: signInDeviceFailures.loginLockExpiration,
    })
    .from(signInDeviceFailures)
    .where(
      and(eq(signInDeviceFailures.userId, userId), eq(signInDeviceFailures.deviceId, deviceId)),
    );
  return row ?? { failedLoginCount: 0, loginLockExpiration: null };
}

export async function saveDeviceCounter(
  db: Db,
  key: { userId: number; deviceId: string },
  next: Counter,
  now: Date,
): Promise<void> {
  const counts = {
    failedLoginCount: next.failedLoginCount,
    loginLockExpiration: next.loginLockExpiration,
    lastFailedAt: now,
  };
  await db
    .insert(signInDeviceFailures)
    .values({ ...key, ...counts })
    .onConflictDoUpdate({
      target: [signInDeviceFailures.userId, signInDeviceFailures.deviceId],
      set: counts,
    });
}

/** A successful sign-in from the device clears its count. */
export async function clearDeviceCounter(db: Db, userId: number, deviceId: string): Promise<void> {
  await db
    .delete(signInDeviceFailures)
    .where(
      and(eq(signInDeviceFailures.userId, userId), eq(signInDeviceFailures.deviceId, deviceId)),
    );
}
