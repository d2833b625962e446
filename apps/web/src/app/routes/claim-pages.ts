import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';

import { paths } from '../../config/paths';
import { claimRoutes } from '../../config/paths/claims';
import { roleLoader } from '../loaders';
import { relative } from './relative-path';

// One import for the lists: every import() here adds its preload list to the router.
const lists = () => import('../../features/claims/lists/claim-list-page');
// The three print lists are one page module too.
const printing = () => import('../../features/claims/print/claim-print-page');

/**
 * Insurance claims (issue 20). The guard mirrors the server's: the billing role (owners,
 * managers and billers), as the set-up's and the lists' calls.
 */
export function claimPages(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: relative(paths.claimSetup.path),
      loader: roleLoader(queryClient, 'billing'),
      lazy: async () => ({
        Component: (await import('../../features/claims/setup/claim-setup-page')).ClaimSetupPage,
      }),
    },
    {
      path: relative(claimRoutes.readyToSubmit.path),
      loader: roleLoader(queryClient, 'billing'),
      lazy: async () => ({ Component: (await lists()).ReadyToSubmitPage }),
    },
    {
      path: relative(claimRoutes.scrubProblem.path),
      loader: roleLoader(queryClient, 'billing'),
      lazy: async () => ({ Component: (await lists()).ScrubProblemPage }),
    },
    {
      path: relative(claimRoutes.problemEra.path),
      loader: roleLoader(queryClient, 'billing'),
      lazy: async () => ({ Component: (await lists()).ProblemEraPage }),
    },
    {
      path: relative(claimRoutes.printPrimary.path),
      loader: roleLoader(queryClient, 'billing'),
      lazy: async () => ({ Component: (await printing()).PrintPrimaryPage }),
    },
    {
      path: relative(claimRoutes.printSecondary.path),
      loader: roleLoader(queryClient, 'billing'),
      lazy: async () => ({ Component: (await printing()).PrintSecondaryPage }),
    },
    {
      path: relative(claimRoutes.printSimple.path),
      loader: roleLoader(queryClient, 'billing'),
      lazy: async () => ({ Component: (await printing()).PrintSimplePage }),
    },
    {
      path: relative(claimRoutes.history.path),
      loader: roleLoader(queryClient, 'billing'),
      lazy: async () => ({
        Component: (await import('../../features/claims/history/claim-history-page'))
          .ClaimHistoryPage,
      }),
    },
  ];
}
