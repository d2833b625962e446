import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, redirect, type LoaderFunctionArgs } from 'react-router';

import { APP_BASENAME, paths } from '../config/paths';
import { getIdentityQueryOptions } from '../features/identity/api';
import { appPathFromUrl } from '../lib/safe-next';
import { PageSpinner } from '../ui/page-spinner';
import { RootErrorBoundary } from './routes/error-page';

/**
 * Sends a signed-out user to the sign-in page before a protected page's code
 * or data loads. It runs in parallel with the lazy route import, so the
 * identity call is not a waterfall behind the chunk.
 */
function requireSignIn(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    // Cached identity while fresh, else one call (which also notices an ended session).
    const identity = await queryClient.query(getIdentityQueryOptions());
    if (!identity.isAuthenticated) {
      return redirect(paths.auth.signIn.getHref({ next: appPathFromUrl(request.url) }));
    }
    return null;
  };
}

/** Every route is lazy; the app shell only holds the router, providers and error page. */
export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(
    [
      {
        id: 'root',
        errorElement: <RootErrorBoundary />,
        hydrateFallbackElement: <PageSpinner />,
        children: [
          {
            lazy: async () => ({
              Component: (await import('./layouts/public-layout')).PublicLayout,
            }),
            children: [
              {
                path: paths.auth.signIn.path,
                lazy: async () => ({
                  Component: (await import('../features/identity/login-page')).LoginPage,
                }),
              },
            ],
          },
          {
            id: 'signed-in',
            loader: requireSignIn(queryClient),
            lazy: async () => ({
              Component: (await import('./layouts/default-layout')).DefaultLayout,
            }),
            children: [
              {
                index: true,
                lazy: async () => ({ Component: (await import('./routes/home')).HomePage }),
              },
            ],
          },
          {
            path: '*',
            lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundPage }),
          },
        ],
      },
    ],
    { basename: APP_BASENAME },
  );
}
