import type { BodyOf, ResponseOf } from '@openpractice/contracts';
import type {
  passwordRecentlyVerified,
  verifyPassword as verifyPasswordCall,
} from '@openpractice/contracts/identity';

import { apiPaths, appHref, paths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/**
 * The session calls of this feature. TODO(lead): move these two paths into
 * `apiPaths` in config/paths.ts (the one paths module).
 */
export const sessionApiPaths = {
  passwordRecentlyVerified: '/api/user/passwordRecentlyVerified',
  verifyPassword: '/api/user/verifyPassword',
} as const;

/** `GET /api/user/passwordRecentlyVerified`: was the password verified in this session lately? */
export async function hasRecentlyVerifiedPassword(): Promise<boolean> {
  const data = await api.get<ResponseOf<typeof passwordRecentlyVerified>>(
    sessionApiPaths.passwordRecentlyVerified,
  );
  return data.hasRecentlyVerifiedPassword;
}

/** `POST /api/user/verifyPassword`: true when `password` is the current user's password. */
export async function verifyPassword(password: string): Promise<boolean> {
  const data = await api.post<ResponseOf<typeof verifyPasswordCall>>(
    sessionApiPaths.verifyPassword,
    { password } satisfies BodyOf<typeof verifyPasswordCall>,
  );
  return data.verified;
}

/** The sign-in page with reason=idle, as a full URL path (for a full page load). */
export const IDLE_SIGN_IN_HREF = appHref(paths.auth.signIn.getHref({ reason: 'idle' }));

/**
 * Ends the session after inactivity: `POST /api/logout` (a failure is ignored:
 * the server also ends idle sessions itself), then a full page load of the
 * sign-in page, so nothing of the signed-in app stays in memory.
 */
export async function signOutForInactivity(
  navigate: (href: string) => void = (href) => {
    window.location.assign(href);
  },
): Promise<void> {
  try {
    await api.post(apiPaths.signOut);
  } catch {
    // Already signed out, offline or refused: the sign-in page is still where the user belongs.
  }
  navigate(IDLE_SIGN_IN_HREF);
}
