import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';

import { isRefusal } from '../lib/api-errors';
import { ClientPickerProvider, type ClientPickerProps } from '../ui/client-picker';
import { SnackbarProvider } from '../ui/snackbar/snackbar';

/** Client errors (4xx) will not change on a retry; network and server errors may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isRefusal(error)) return false;
  return failureCount < 2;
}

// Loaded with the first page that picks a client: its field is not needed to paint the sign-in page.
const AppClientPicker = lazy(async () => ({
  default: (await import('./client-picker')).AppClientPicker,
}));

function LazyClientPicker(props: ClientPickerProps) {
  return (
    <Suspense fallback={null}>
      <AppClientPicker {...props} />
    </Suspense>
  );
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/** Around every page; the MUI theme is given by the layouts (app-theme.tsx). */
export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <SnackbarProvider maxSnack={3} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
        <ClientPickerProvider picker={LazyClientPicker}>{children}</ClientPickerProvider>
      </SnackbarProvider>
    </QueryClientProvider>
  );
}
