import { guardRoute, hasRole, type DerivedRole } from '@openpractice/domain';
import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs } from 'react-router';

import { paths } from '../config/paths';
import { getIdentityQueryOptions } from '../features/identity/api';
import {
  getConfigQueryOptions,
  getNavigationQueryOptions,
  getReferenceDataQueryOptions,
} from '../features/shell/api';
import { appPathFromUrl } from '../lib/safe-next';

function ignore(): void {
  // A failed start-up call is retried by the page that needs its data.
}

/**
 * Before routing (spec-1 §1, §7): the configuration, the identity and the
 * reference types load at once, side by side.
 */
export function startupLoader(queryClient: QueryClient) {
  return async () => {
    await Promise.all([
      queryClient.query(getConfigQueryOptions()),
      queryClient.query(getIdentityQueryOptions()).catch(ignore),
      queryClient.query(getReferenceDataQueryOptions()).catch(ignore),
    ]);
    return null;
  };
}

/**
 * The guard of every signed-in page (spec-1 §6, `guardRoute`): signed-out
 * visitors go to sign in and come back; `/reporting…` needs the reporting role
 * and `/admin/…` the ta role, else access denied. Pages with the navigation
 * shell start loading its data in parallel with the identity check.
 */
export function guardLoader(queryClient: QueryClient, options: { navigation: boolean }) {
  return async ({ request }: LoaderFunctionArgs) => {
    const known = queryClient.getQueryData(getIdentityQueryOptions().queryKey);
    const navigation =
      options.navigation && known?.isAuthenticated !== false
        ? queryClient.query(getNavigationQueryOptions()).catch(ignore)
        : Promise.resolve();

    const path = appPathFromUrl(request.url);
    const identity = await queryClient.query(getIdentityQueryOptions());
    const verdict = guardRoute(path, identity);
    switch (verdict.kind) {
      case 'login':
        return redirect(paths.auth.signIn.getHref({ next: verdict.next }));
      case 'accessdenied':
        return redirect(paths.accessDenied.getHref());
      case 'ok':
        await navigation;
        return null;
    }
  };
}

/** A page for one derived role (e.g. `settings`); the guard above has already required sign-in. */
export function roleLoader(queryClient: QueryClient, role: DerivedRole) {
  return async () => {
    const identity = await queryClient.query(getIdentityQueryOptions());
    if (identity.isAuthenticated && !hasRole(identity.authorities, role)) {
      return redirect(paths.accessDenied.getHref());
    }
    return null;
  };
}

/** Guards run again whenever the path changes, not only when their own route's params do. */
export function revalidateOnPathChange({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: {
  currentUrl: URL;
  nextUrl: URL;
  defaultShouldRevalidate: boolean;
}): boolean {
  return currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate;
}

/**
 * A path no page matches. Anyone may learn that it is not a valid page, but a
 * signed-in user the guards would refuse (e.g. `/reporting…` without the
 * reporting role) goes to access denied as for an existing page.
 */
export function notFoundLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    const identity = await queryClient.query(getIdentityQueryOptions()).catch(() => null);
    if (!identity?.isAuthenticated) return null;
    const verdict = guardRoute(appPathFromUrl(request.url), identity);
    return verdict.kind === 'accessdenied' ? redirect(paths.accessDenied.getHref()) : null;
  };
}
