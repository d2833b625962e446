import type { SsoSignInError } from '@openpractice/contracts/identity-sso';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  practiceSso,
  practiceSsoDomains,
  ssoSignInFlows,
  userAuthorities,
  users,
} from '../../db/schema/index.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import {
  authorizationRequest,
  completeAuthorization,
  discoverProvider,
  OidcError,
  type OidcIdentity,
} from '../../platform/oidc.ts';
import type { SafeFetchPolicy } from '../../platform/safe-fetch.ts';
import { openSecret } from '../../platform/secret-box.ts';
import { randomToken, safeEqual, sha256 } from '../../platform/tokens.ts';

/**
 * Signing in through a practice's identity provider (OpenID Connect, issue 16
 * item 7). The work email's domain names the practice; the provider proves
 * who the person is; the person is matched, by the verified email the
 * provider gives, to an active staff account of that practice only.
 */

/** Same purpose and context as the settings (modules/practice/sso). */
const SECRET_PURPOSE = 'practice-sso-client-secret';
export const SSO_FLOW_MINUTES = 10;
export const SSO_BROWSER_COOKIE = 'op_sso';

export const SSO_NOT_SET_UP =
  'Single sign-on is not set up for this email address. Sign in with your username and password, or ask your practice manager.';
export const SSO_PROVIDER_DOWN =
  "Your practice's sign-in provider did not answer. Try again in a moment, or ask your practice manager.";
export const SSO_REQUIRED =
  'Your practice requires single sign-on. Choose "Use single sign-on" and enter your work email.';

export const ssoRedirectUri = (publicUrl: string) => `${publicUrl}/api/public/auth/sso/callback`;

type Provider = { practiceId: number; issuer: string; clientId: string; clientSecret: string };

async function providerOf(db: Db, practiceId: number, key: Buffer): Promise<Provider | null> {
  const [row] = await db
    .select()
    .from(practiceSso)
    .where(and(eq(practiceSso.practiceId, practiceId), eq(practiceSso.enabled, true)));
  if (!row) return null;
  const secret = openSecret(key, SECRET_PURPOSE, String(practiceId), row.clientSecretEncrypted);
  if (secret === null) return null;
  return { practiceId, issuer: row.issuer, clientId: row.clientId, clientSecret: secret };
}

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1);

/** Starts a sign-in: the provider's address, and the browser secret to keep in a cookie. */
export async function startSsoSignIn(
  db: Db,
  ctx: { now: Date; key: Buffer; policy: SafeFetchPolicy; publicUrl: string },
  input: { email: string; rememberMe: boolean },
): Promise<{ authorizationUrl: string; browserSecret: string; expiresAt: Date }> {
  const [domain] = await db
    .select({ practiceId: practiceSsoDomains.practiceId })
    .from(practiceSsoDomains)
    .where(eq(practiceSsoDomains.domain, domainOf(input.email)));
  const provider = domain ? await providerOf(db, domain.practiceId, ctx.key) : null;
  if (!provider) throw badRequest(SSO_NOT_SET_UP, 'email');
  let request;
  try {
    const config = await discoverProvider(provider, ctx.policy);
    request = await authorizationRequest(config, ssoRedirectUri(ctx.publicUrl), input.email);
  } catch (error) {
    if (error instanceof OidcError) throw new AppError(502, SSO_PROVIDER_DOWN);
    throw error;
  }
  const browserSecret = randomToken();
  const expiresAt = new Date(ctx.now.getTime() + SSO_FLOW_MINUTES * 60_000);
  await db.delete(ssoSignInFlows).where(lt(ssoSignInFlows.expiresAt, ctx.now));
  await db.insert(ssoSignInFlows).values({
    stateHash: sha256(request.state),
    browserHash: sha256(browserSecret),
    practiceId: provider.practiceId,
    nonce: request.nonce,
    codeVerifier: request.codeVerifier,
    rememberMe: input.rememberMe,
    expiresAt,
  });
  return { authorizationUrl: request.url, browserSecret, expiresAt };
}

export type SsoOutcome =
  | { ok: true; userId: number; practiceId: number; rememberMe: boolean; issuer: string }
  | {
      ok: false;
      error: SsoSignInError;
      /** The audit row's reason (no email, code or token in it). */
      reason: string;
      practiceId: number | null;
      userId: number | null;
      check?: string;
    };

const refused = (
  error: SsoSignInError,
  reason: string,
  more: { practiceId?: number | null; userId?: number | null; check?: string } = {},
): SsoOutcome => ({
  ok: false,
  error,
  reason,
  practiceId: more.practiceId ?? null,
  userId: more.userId ?? null,
  ...(more.check ? { check: more.check } : {}),
});

/** The flow this answer belongs to, taken (single use) if this browser started it in time. */
async function takeFlow(db: Db, state: string, browserSecret: string | undefined, now: Date) {
  const [flow] = await db
    .delete(ssoSignInFlows)
    .where(eq(ssoSignInFlows.stateHash, sha256(state)))
    .returning();
  if (!flow || !browserSecret || !safeEqual(flow.browserHash, sha256(browserSecret))) return null;
  return flow.expiresAt > now ? flow : null;
}

/** The one active staff account of the practice with this email, or why there is none. */
async function staffByEmail(
  db: Db,
  practiceId: number,
  email: string,
): Promise<{ userId: number; reason?: undefined } | { reason: string; userId?: number }> {
  const found = await db
    .select({ id: users.id, active: users.active })
    .from(users)
    .where(
      and(
        eq(users.practiceId, practiceId),
        eq(users.type, 'staff'),
        sql`lower(${users.email}) = ${email}`,
      ),
    );
  if (found.length > 1) return { reason: 'sso_ambiguous_email' };
  const [user] = found;
  if (!user) return { reason: 'sso_no_account' };
  if (!user.active) return { reason: 'sso_user_disabled', userId: user.id };
  return { userId: user.id };
}

/** Checks the provider's answer and finds the user; creates no session. */
export async function finishSsoSignIn(
  db: Db,
  ctx: { now: Date; key: Buffer; policy: SafeFetchPolicy; publicUrl: string },
  input: {
    callbackUrl: URL;
    state?: string | undefined;
    error?: string | undefined;
    browserSecret?: string | undefined;
  },
): Promise<SsoOutcome> {
  if (!input.state) return refused('expired', 'sso_no_state');
  const flow = await takeFlow(db, input.state, input.browserSecret, ctx.now);
  if (!flow) return refused('expired', 'sso_state_mismatch');
  const at = { practiceId: flow.practiceId };
  if (input.error) return refused('provider', 'sso_provider_error', at);
  const provider = await providerOf(db, flow.practiceId, ctx.key);
  if (!provider) return refused('unavailable', 'sso_not_configured', at);
  let identity: OidcIdentity;
  try {
    const config = await discoverProvider(provider, ctx.policy);
    identity = await completeAuthorization(config, input.callbackUrl, {
      state: input.state,
      nonce: flow.nonce,
      codeVerifier: flow.codeVerifier,
      redirectUri: ssoRedirectUri(ctx.publicUrl),
    });
  } catch (error) {
    if (!(error instanceof OidcError)) throw error;
    const check = error.code ?? error.reason;
    return refused('provider', `sso_${error.reason}`, { ...at, check });
  }
  if (identity.issuer !== provider.issuer) return refused('provider', 'sso_wrong_issuer', at);
  const email = identity.email;
  if (email === null || !identity.emailVerified)
    return refused('unverified', 'sso_email_unverified', at);
  const [allowed] = await db
    .select({ domain: practiceSsoDomains.domain })
    .from(practiceSsoDomains)
    .where(
      and(
        eq(practiceSsoDomains.practiceId, flow.practiceId),
        eq(practiceSsoDomains.domain, domainOf(email)),
      ),
    );
  if (!allowed) return refused('no_account', 'sso_domain_not_allowed', at);
  const match = await staffByEmail(db, flow.practiceId, email);
  if (match.reason !== undefined)
    return refused('no_account', match.reason, { ...at, userId: match.userId ?? null });
  return {
    ok: true,
    userId: match.userId,
    practiceId: flow.practiceId,
    rememberMe: flow.rememberMe,
    issuer: provider.issuer,
  };
}

/**
 * Whether a password sign-in is allowed for this user: refused for staff of a
 * practice that requires single sign-on, except owners, who keep their
 * password so a broken provider cannot lock the practice out ('break-glass').
 */
export async function passwordRuleUnderSso(
  db: Db,
  userId: number,
): Promise<'allowed' | 'refused' | 'break-glass'> {
  const [row] = await db
    .select({ type: users.type, required: practiceSso.requireForStaff })
    .from(users)
    .innerJoin(
      practiceSso,
      and(eq(practiceSso.practiceId, users.practiceId), eq(practiceSso.enabled, true)),
    )
    .where(eq(users.id, userId));
  if (!row || row.type !== 'staff' || !row.required) return 'allowed';
  const [owner] = await db
    .select({ authority: userAuthorities.authority })
    .from(userAuthorities)
    .where(
      and(eq(userAuthorities.userId, userId), eq(userAuthorities.authority, 'customer.owner')),
    );
  return owner ? 'break-glass' : 'refused';
}
