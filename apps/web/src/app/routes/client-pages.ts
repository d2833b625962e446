import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';

import { paths } from '../../config/paths';
import { relative } from './relative-path';

/** Client search, a new client, retention, intake, merging, and one client's record. */
export function clientPages(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: relative(paths.client.allClients.path),
      lazy: async () => ({ Component: (await import('./client-search')).AllClientsRoute }),
    },
    {
      path: relative(paths.client.myClients.path),
      lazy: async () => ({ Component: (await import('./client-search')).MyClientsRoute }),
    },
    {
      path: relative(paths.client.newClients.path),
      lazy: async () => ({ Component: (await import('./client-search')).NewClientsRoute }),
    },
    {
      path: relative(paths.client.new.path),
      lazy: async () => ({ Component: (await import('./client-new')).NewClientRoute }),
    },
    // Retention, intake and merging a duplicate.
    {
      path: relative(paths.client.retention.path),
      lazy: async () => ({
        Component: (await import('../../features/clients/retention/retention-page')).RetentionPage,
      }),
    },
    {
      path: relative(paths.client.intake.path),
      lazy: async () => ({
        Component: (await import('../../features/clients/intake/intake-page')).IntakePage,
      }),
    },
    {
      path: relative(paths.client.merge.path),
      lazy: async () => ({ Component: (await import('./client-merge')).ClientMergeRoute }),
    },
    // Printing the client's records (the PDFs are made on the server).
    {
      path: relative(paths.client.recordsPrint.path),
      lazy: async () => ({
        Component: (await import('../../features/records/print-records-page')).PrintRecordsPage,
      }),
    },
    // One client's record and its portal sign-ins.
    {
      path: relative(paths.client.profile.path),
      // Outside `lazy`, so the record is asked for while the page's code loads, not after it
      // (a loader inside `lazy` waits for the page's chunk and all it imports: issue 24).
      loader: async (args) =>
        (await import('./client-profile-loader')).clientProfileLoader(queryClient)(args),
      lazy: async () => ({
        Component: (await import('./client-profile')).ClientProfileRoute,
      }),
    },
    {
      path: relative(paths.client.loginHistory.path),
      lazy: async () => ({
        Component: (await import('./client-profile')).ClientLoginHistoryRoute,
      }),
    },
  ];
}
