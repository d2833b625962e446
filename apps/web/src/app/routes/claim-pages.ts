import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';

import { paths } from '../../config/paths';
import { roleLoader } from '../loaders';
import { relative } from './relative-path';

/**
 * Insurance claims (issue 20). The guard mirrors the server's: the billing role (owners,
 * managers and billers), as the set-up's calls.
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
  ];
}
