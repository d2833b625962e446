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

export type ToastType = 'success' | 'info' | 'warning' | 'error';

export const paths = {
  home: {
    path: '/',
    /** `toast`/`toastType`: a message to show once the page has loaded. */
    getHref: (toast?: { toast: string; toastType?: ToastType }) =>
      withQuery('/', { toast: toast?.toast, toastType: toast?.toastType }),
  },
  accessDenied: {
    path: '/accessdenied',
    getHref: () => '/accessdenied',
  },
  /** Returns to the route saved in sessionStorage (`?status=success|error&message=`). */
  exit: {
    path: '/exit',
    getHref: (options: { status?: 'success' | 'error'; message?: string } = {}) =>
      withQuery('/exit', { status: options.status, message: options.message }),
  },
  settings: {
    path: '/settings',
    getHref: () => '/settings',
  },
  messages: {
    path: '/messages',
    getHref: () => '/messages',
  },
  admin: {
    path: '/admin',
    impersonate: {
      path: '/admin/impersonate',
      getHref: () => '/admin/impersonate',
    },
  },
  /** Pages under /iframe/ are embedded in other pages: no navigation around them. */
  iframe: {
    path: '/iframe',
  },
  /**
   * A page that always throws, so the error page and 'Report the Issue' can be
   * seen (and tested) in a production build. Harmless: it shows nothing else.
   */
  debugCrash: {
    path: '/debug/crash',
    getHref: () => '/debug/crash',
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

/** A full browser address (with the basename) of an in-app path, for a full page load. */
export function appHref(appPath: string): string {
  return `${APP_BASENAME.replace(/\/$/, '')}${appPath}`;
}

export const apiPaths = {
  config: '/api/config',
  referenceData: '/api/system/listReferenceDataTypes',
  navigation: '/api/dashboard/main/navigation',
  supportTickets: '/api/support/tickets',
  impersonationPractices: '/api/system/impersonation/practices',
  impersonationUsers: '/api/system/impersonation/users',
  impersonateUser: '/api/system/impersonateUser/default',
  stopImpersonating: '/api/system/impersonateUser/stop',
  practiceSettings: '/api/practice/listPracticeSettings',
  updatePracticeSettings: '/api/practice/settings',
  csrf: '/api/user/csrf',
  identity: '/api/user/identity',
  signIn: '/api/public/auth/doLogin',
  signOut: '/api/logout',
} as const;
