import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on 127.0.0.1,
 * for the single sign-on tests (API and browser). Its sign-in page asks for an
 * email and signs in as the account registered with it; consent is given
 * for the client. Nothing of our code is replaced: the app talks to it over
 * HTTP exactly as to Google or Microsoft, through the outbound guard (whose
 * test allowance names this host:port).
 */

export type LocalAccount = { email: string; emailVerified?: boolean };

export type LocalOidc = {
  issuer: string;
  /** host:port for SafeFetchPolicy.allowPrivate. */
  hostPort: string;
  clientId: string;
  clientSecret: string;
  /** Accounts by the email typed on the provider's sign-in page. */
  accounts: Map<string, LocalAccount>;
  close: () => Promise<void>;
};

export const LOCAL_CLIENT_ID = 'openpractice-tests';
export const LOCAL_CLIENT_SECRET = 'local-provider-secret-of-the-tests-0123456789';

const page = (uid: string, message = '') => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Local identity provider</title></head>
<body><main><h1>Local identity provider</h1>
<p>A test provider on this machine: sign in with the email of an account it knows.</p>
${message ? `<p role="alert">${message}</p>` : ''}
<form method="post" action="/interaction/${uid}">
<label for="email">Email</label> <input id="email" name="email" type="email" autocomplete="off">
<button type="submit">Continue</button>
</form></main></body></html>`;

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

async function interaction(
  provider: Provider,
  accounts: Map<string, LocalAccount>,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const details = await provider.interactionDetails(request, response);
  if (request.method === 'GET') {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page(details.uid));
    return;
  }
  const email = ((await readForm(request)).get('email') ?? '').trim().toLowerCase();
  if (!accounts.has(email)) {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page(details.uid, 'The local provider has no account with that email.'));
    return;
  }
  await provider.interactionFinished(
    request,
    response,
    { login: { accountId: email } },
    { mergeWithLastSubmission: false },
  );
}

/** Starts the provider; `port` 0 picks a free one. `redirectUris` are the app's callback addresses. */
export async function startLocalOidc(options: {
  port?: number;
  redirectUris: string[];
}): Promise<LocalOidc> {
  const accounts = new Map<string, LocalAccount>();
  let provider: Provider | null = null;
  const server: Server = createServer((request, response) => {
    if (!provider) {
      response.writeHead(503).end();
      return;
    }
    if (request.url?.startsWith('/interaction/')) {
      interaction(provider, accounts, request, response).catch((error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end(String(error));
      });
      return;
    }
    void provider.callback()(request, response);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${String(port)}`;
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: LOCAL_CLIENT_ID,
        client_secret: LOCAL_CLIENT_SECRET,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    findAccount: (_ctx: KoaContextWithOIDC, id: string) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: `local-${id}`,
          email: account.email,
          email_verified: account.emailVerified ?? true,
        }),
      };
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    // The app is the provider's first-party client: consent is given once the person signs in.
    loadExistingGrant: async (ctx) => {
      const session = ctx.oidc.session;
      const client = ctx.oidc.client;
      if (!session?.accountId || !client) return undefined;
      const grant = new ctx.oidc.provider.Grant({
        clientId: client.clientId,
        accountId: session.accountId,
      });
      grant.addOIDCScope('openid email');
      await grant.save();
      return grant;
    },
    cookies: { keys: ['local-oidc-cookie-key-for-tests-only'] },
  });
  return {
    issuer,
    hostPort: `127.0.0.1:${String(port)}`,
    clientId: LOCAL_CLIENT_ID,
    clientSecret: LOCAL_CLIENT_SECRET,
    accounts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

/**
 * Plays the browser at the provider: opens the authorization address, signs
 * in with `email` on its page, and follows redirects until the provider sends
 * the browser back to the app. Returns that callback address.
 */
export async function signInAtProvider(authorizationUrl: string, email: string): Promise<URL> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  };
  const origin = new URL(authorizationUrl).origin;
  let url = new URL(authorizationUrl);
  let init: RequestInit = { method: 'GET' };
  for (let hop = 0; hop < 10; hop++) {
    if (url.origin !== origin) return url;
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader() },
    });
    keep(response);
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url);
      init = { method: 'GET' };
      continue;
    }
    const html = await response.text();
    if (response.status !== 200 || !url.pathname.startsWith('/interaction/'))
      throw new Error(
        `The local provider answered ${String(response.status)}: ${html.slice(0, 300)}`,
      );
    if (html.includes('role="alert"')) throw new Error('The local provider refused the email.');
    init = {
      method: 'POST',
      body: new URLSearchParams({ email }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
  }
  throw new Error('The local provider never sent the browser back.');
}
