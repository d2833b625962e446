import { useQueryClient } from '@tanstack/react-query';

import { SettingsPage } from '../../features/practice/settings-page';
import { useProtectedAction } from '../../features/session/use-protected-action';
import { getNavigationQueryOptions } from '../../features/shell/api';

/**
 * `/settings`: saving runs as a protected action (Verify Password), and a
 * saved inactivity limit reaches the shell's timer through fresh navigation data.
 */
export function SettingsRoute() {
  const queryClient = useQueryClient();
  const runProtected = useProtectedAction();
  return (
    <SettingsPage
      runProtected={runProtected}
      onSaved={() => {
        void queryClient.invalidateQueries({ queryKey: getNavigationQueryOptions().queryKey });
      }}
    />
  );
}
