import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { serverSecrets } from '../../db/schema/index.ts';
import { hmac, randomToken, safeEqual } from '../../platform/tokens.ts';

/**
 * Portal links (invitation and password reset) carry a signed, expiring token
 * instead of a stored one: `purpose.userId.expiry.signature`, where the
 * signature (HMAC-SHA256 with a key kept in `server_secrets`) also covers the
 * last 16 characters of the user's current password hash. Setting a password
 * changes the hash, so a link works once; it also stops working when it
 * expires or when another password is set first.
 */
export type PortalLinkPurpose = 'activate' | 'reset';

export const ACTIVATION_LINK_DAYS = 7;
export const RESET_LINK_HOURS = 24;

const PURPOSE_CODE: Record<PortalLinkPurpose, string> = { activate: 'a', reset: 'r' };
const TOKEN_PATTERN = /^([ar])\.([1-9]\d{0,9})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;
const SECRET_NAME = 'portal_links';

/** The signing key, shared by every app process through the database. */
export async function loadPortalLinkKey(db: Db): Promise<string> {
  await db
    .insert(serverSecrets)
    .values({ name: SECRET_NAME, value: randomToken(48) })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, SECRET_NAME));
  if (!row) throw new Error('portal link key missing');
  return row.value;
}

const fingerprint = (passwordHash: string) => passwordHash.slice(-16);

function signature(
  key: string,
  purpose: string,
  userId: number,
  expiresAtSeconds: number,
  passwordHash: string,
) {
  return hmac(
    key,
    `portal-link|${purpose}|${userId}|${expiresAtSeconds}|${fingerprint(passwordHash)}`,
  );
}

export function issuePortalLinkToken(
  key: string,
  link: { purpose: PortalLinkPurpose; userId: number; expiresAt: Date; passwordHash: string },
): string {
  const code = PURPOSE_CODE[link.purpose];
  const expiry = Math.floor(link.expiresAt.getTime() / 1000);
  return `${code}.${link.userId}.${expiry}.${signature(key, code, link.userId, expiry, link.passwordHash)}`;
}

export type ParsedPortalLinkToken = {
  purpose: PortalLinkPurpose;
  userId: number;
  expiresAt: Date;
  /** Checks the signature against the user's current password hash. */
  matches: (passwordHash: string) => boolean;
};

/** Reads a token's claims; null when it is malformed or expired. The signature is checked by `matches`. */
export function parsePortalLinkToken(
  key: string,
  token: string,
  now: Date,
): ParsedPortalLinkToken | null {
  const m = TOKEN_PATTERN.exec(token);
  if (!m) return null;
  const [, code = '', user = '', expiry = '', sent = ''] = m;
  const userId = Number(user);
  const expirySeconds = Number(expiry);
  if (!Number.isSafeInteger(userId) || userId > 2_147_483_647) return null;
  if (expirySeconds * 1000 <= now.getTime()) return null;
  return {
    purpose: code === 'a' ? 'activate' : 'reset',
    userId,
    expiresAt: new Date(expirySeconds * 1000),
    matches: (passwordHash) =>
      safeEqual(sent, signature(key, code, userId, expirySeconds, passwordHash)),
  };
}
