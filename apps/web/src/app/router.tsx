import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';

import { APP_BASENAME, paths } from '../config/paths';
import { PageSpinner } from '../ui/page-spinner';
import {
  guardLoader,
  notFoundLoader,
  revalidateOnPathChange,
  roleLoader,
  startupLoader,
} from './loaders';
import { AppRoot } from './root';
import { PageErrorBoundary, RootErrorBoundary } from './routes/error-page';
import { billingPages } from './routes/billing-pages';
import { chartingPages } from './routes/charting-pages';
import { claimPages } from './routes/claim-pages';
import { clientPages } from './routes/client-pages';
import { exitLoader } from './routes/exit';
import { formPages } from './routes/form-pages';
import { insuranceAndReportPages } from './routes/insurance-and-report-pages';
import { practicePages } from './routes/practice-pages';
import { publicPages } from './routes/public-pages';
import { relative } from './routes/relative-path';
import { schedulingPages } from './routes/scheduling-pages';
import { embeddedTreatmentPlanPages, treatmentPlanPages } from './routes/treatment-plan-pages';

/**
 * Every page is lazy; the app shell only holds the router, providers and error
 * page. Loaders run in parallel with the lazy imports, so data is not a
 * waterfall behind the code.
 */
export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(
    [
      {
        id: 'root',
        Component: AppRoot,
        loader: startupLoader(queryClient),
        shouldRevalidate: () => false,
        errorElement: <RootErrorBoundary />,
        hydrateFallbackElement: <PageSpinner />,
        children: [
          // Sign-in has no layout: it is drawn without MUI, so its first load stays small.
          {
            path: relative(paths.auth.signIn.path),
            lazy: async () => ({
              Component: (await import('./login-route')).LoginRoute,
            }),
          },
          {
            path: relative(paths.auth.forgotPassword.path),
            lazy: async () => ({
              Component: (await import('./forgot-password-route')).ForgotPasswordRoute,
            }),
          },
          {
            lazy: async () => ({
              Component: (await import('./layouts/public-layout')).PublicLayout,
            }),
            children: publicPages(),
          },
          {
            id: 'iframe',
            path: relative(paths.iframe.path),
            loader: guardLoader(queryClient, { navigation: false }),
            shouldRevalidate: revalidateOnPathChange,
            lazy: async () => ({
              Component: (await import('./layouts/iframe-layout')).IframeLayout,
            }),
            // Embedded pages: a client's treatment plans.
            children: embeddedTreatmentPlanPages(),
          },
          {
            id: 'signed-in',
            loader: guardLoader(queryClient, { navigation: true }),
            shouldRevalidate: revalidateOnPathChange,
            lazy: async () => ({
              Component: (await import('./layouts/default-layout')).DefaultLayout,
            }),
            children: [
              {
                errorElement: <PageErrorBoundary />,
                children: signedInPages(queryClient),
              },
            ],
          },
          {
            path: '*',
            loader: notFoundLoader(queryClient),
            lazy: async () => ({
              Component: (await import('./routes/not-found')).NotFoundRoute,
            }),
          },
        ],
      },
    ],
    { basename: APP_BASENAME },
  );
}

function signedInPages(queryClient: QueryClient): RouteObject[] {
  return [
    {
      index: true,
      lazy: async () => ({ Component: (await import('./routes/home')).HomePage }),
    },
    {
      path: relative(paths.accessDenied.path),
      lazy: async () => ({
        Component: (await import('./routes/access-denied')).AccessDeniedPage,
      }),
    },
    { path: relative(paths.exit.path), loader: exitLoader },
    {
      path: relative(paths.settings.path),
      loader: roleLoader(queryClient, 'settings'),
      lazy: async () => ({ Component: (await import('./routes/settings')).SettingsRoute }),
    },
    {
      path: relative(paths.admin.impersonate.path),
      lazy: async () => ({
        Component: (await import('../features/admin/impersonate-page')).ImpersonatePage,
      }),
    },
    {
      path: relative(paths.debugCrash.path),
      lazy: async () => ({ Component: (await import('./routes/debug-crash')).DebugCrashPage }),
    },
    ...schedulingPages(queryClient),
    ...insuranceAndReportPages(queryClient),
    ...clientPages(queryClient),
    ...chartingPages(queryClient),
    ...billingPages(queryClient),
    ...claimPages(queryClient),
    ...formPages(),
    ...treatmentPlanPages(),
    ...practicePages(queryClient),
  ];
}
