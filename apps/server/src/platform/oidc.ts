import * as client from 'openid-client';
import { safeExchange, SafeFetchError, type SafeFetchPolicy } from './safe-fetch.ts';

/**
 * The adapter for a practice's OpenID Connect provider (single sign-on),
 * built on `openid-client`: discovery (the issuer named in the document must
 * be exactly the configured one), the authorization code flow with PKCE
 * (S256), state and nonce, and the ID token's checks (signature, issuer,
 * audience, expiry, nonce). Every request to the provider goes through the
 * outbound guard (safe-fetch.ts), so a provider address can never reach the
 * server's own network; plain http is accepted only for the exact
 * `host:port` pairs the tests allow (SafeFetchPolicy.allowPrivate).
 */

export type OidcClientSettings = { issuer: string; clientId: string; clientSecret: string };

export type OidcFailure =
  /** The issuer could not be reached, or did not answer in time. */
  | 'unreachable'
  /** It answered, but not with a discovery document for exactly this issuer. */
  | 'not-provider'
  /** The issuer URL is not https (outside the tests' allowance). */
  | 'insecure'
  /** The provider's answer failed a check (state, nonce, issuer, signature, code). */
  | 'rejected';

export class OidcError extends Error {
  override readonly name = 'OidcError';
  constructor(
    readonly reason: OidcFailure,
    /** The library's code for tests and the audit row (never an address or a secret). */
    readonly code?: string,
  ) {
    super(`OpenID Connect failed (${reason}${code ? `: ${code}` : ''}).`);
  }
}

/** The claims sign-in matches a user by. */
export type OidcIdentity = {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
};

const NULL_BODY = new Set([101, 204, 205, 304]);

function hostPort(url: URL): string {
  return `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;
}

/** fetch for openid-client, through the outbound guard. */
function guardedFetch(policy: SafeFetchPolicy): client.CustomFetch {
  return async (url, options) => {
    const body =
      options.body === undefined || options.body === null
        ? undefined
        : options.body instanceof URLSearchParams || typeof options.body === 'string'
          ? String(options.body)
          : Buffer.from(options.body as ArrayBuffer).toString('utf8');
    const answer = await safeExchange(url, {
      ...policy,
      method: options.method === 'POST' ? 'POST' : 'GET',
      headers: options.headers,
      ...(body === undefined ? {} : { body }),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      for (const one of [value ?? []].flat()) headers.append(name, one);
    }
    return new Response(NULL_BODY.has(answer.status) ? null : new Uint8Array(answer.body), {
      status: answer.status,
      headers,
    });
  };
}

function failureOf(error: unknown, fallback: OidcFailure): OidcError {
  if (error instanceof OidcError) return error;
  if (error instanceof SafeFetchError) return new OidcError('unreachable', error.reason);
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof SafeFetchError) return new OidcError('unreachable', cause.reason);
  const code = (error as { code?: unknown }).code;
  return new OidcError(fallback, typeof code === 'string' ? code : undefined);
}

/**
 * Fetches the issuer's discovery document and returns a configured client.
 * Throws OidcError: 'insecure', 'unreachable' or 'not-provider'.
 */
export async function discoverProvider(
  settings: OidcClientSettings,
  policy: SafeFetchPolicy,
): Promise<client.Configuration> {
  let issuer: URL;
  try {
    issuer = new URL(settings.issuer);
  } catch {
    throw new OidcError('not-provider', 'invalid-url');
  }
  const allowedHttp = policy.allowPrivate?.includes(hostPort(issuer)) ?? false;
  if (issuer.protocol !== 'https:' && !(issuer.protocol === 'http:' && allowedHttp))
    throw new OidcError('insecure');
  const fetcher = guardedFetch(policy);
  let discovered: client.Configuration;
  try {
    discovered = await client.discovery(issuer, settings.clientId, undefined, undefined, {
      [client.customFetch]: fetcher,
      // Plain http only for the tests' own provider (SafeFetchPolicy.allowPrivate), never in production.
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- deprecated only as a warning sign; used for the tests' host:port only
      ...(allowedHttp ? { execute: [client.allowInsecureRequests] } : {}),
    });
  } catch (error) {
    throw failureOf(error, 'not-provider');
  }
  const metadata = discovered.serverMetadata();
  if (!metadata.authorization_endpoint || !metadata.token_endpoint || !metadata.jwks_uri)
    throw new OidcError('not-provider', 'missing-endpoints');
  const methods = metadata.token_endpoint_auth_methods_supported;
  // client_secret_basic is the standard's default; post only where the provider offers nothing else.
  const auth =
    methods && !methods.includes('client_secret_basic') && methods.includes('client_secret_post')
      ? client.ClientSecretPost(settings.clientSecret)
      : client.ClientSecretBasic(settings.clientSecret);
  const config = new client.Configuration(metadata, settings.clientId, undefined, auth);
  config[client.customFetch] = fetcher;
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- as above: the tests' host:port only
  if (allowedHttp) client.allowInsecureRequests(config);
  return config;
}

export type AuthorizationRequest = {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
};

/** The address to send the browser to, with fresh state, nonce and PKCE verifier. */
export async function authorizationRequest(
  config: client.Configuration,
  redirectUri: string,
  loginHint: string,
): Promise<AuthorizationRequest> {
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email',
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    login_hint: loginHint,
  });
  return { url: url.href, state, nonce, codeVerifier };
}

/**
 * Exchanges the code from the provider's answer (the callback address as the
 * browser brought it) and checks everything: state, `iss` of the answer,
 * PKCE, the ID token (signature, issuer, audience, times, nonce). Reads the
 * email from the ID token, or from the userinfo endpoint for the same subject
 * when the token does not carry it. Throws OidcError 'rejected' or 'unreachable'.
 */
export async function completeAuthorization(
  config: client.Configuration,
  callbackUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string; redirectUri: string },
): Promise<OidcIdentity> {
  try {
    const tokens = await client.authorizationCodeGrant(
      config,
      callbackUrl,
      {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      },
      { redirect_uri: checks.redirectUri },
    );
    const claims = tokens.claims();
    if (!claims) throw new OidcError('rejected', 'no-id-token');
    let email: unknown = claims.email;
    let verified: unknown = claims.email_verified ?? claims.xms_edov;
    if (typeof email !== 'string' || verified === undefined) {
      const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      email = info.email;
      verified = info.email_verified ?? info.xms_edov;
    }
    return {
      issuer: claims.iss,
      subject: claims.sub,
      email: typeof email === 'string' ? email.trim().toLowerCase() : null,
      emailVerified: verified === true,
    };
  } catch (error) {
    throw failureOf(error, 'rejected');
  }
}
