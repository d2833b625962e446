/**
 * Every URL the web app uses, in one place: routes of the app (relative to the
 * router's basename) and the server's API endpoints. Nothing else in `src/`
 * writes a URL string literal.
 */

/**
 * Where the app is served from: Vite's `base` and the router's basename. The
 * trailing slash is deliberate: with it the router writes home as `/n/` (the
 * server's canonical address; it redirects `/n` there) rather than `/n`.
 */
export const APP_BASENAME = '/n/';

function withQuery(path: string, query: Record<string, string | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined && value !== '') params.set(key, value);
  }
  const search = params.toString();
  return search === '' ? path : `${path}?${search}`;
}

export type SignInReason = 'idle';

export const paths = {
  home: {
    path: '/',
    getHref: () => '/',
  },
  auth: {
    signIn: {
      path: '/public/login',
      /** `next`: the in-app path to return to after signing in. */
      getHref: (options: { next?: string | null; reason?: SignInReason } = {}) =>
        withQuery('/public/login', { next: options.next, reason: options.reason }),
    },
  },
} as const;

export const apiPaths = {
  csrf: '/api/user/csrf',
  identity: '/api/user/identity',
  signIn: '/api/public/auth/doLogin',
  signOut: '/api/logout',
} as const;
