import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

import { errorMessage } from '../../lib/api-client';
import { PageSpinner } from '../../ui/page-spinner';
import { usePracticeSettings } from './api';
import type { RunProtected } from '../../ui/settings-section';
import { SettingsForm } from './settings-form';

/** `/settings`: the practice's settings, for managers and staff administrators. */
export function SettingsPage({
  runProtected,
  onSaved,
  children,
}: {
  /** Saving is a protected action: the password is verified first. */
  runProtected: RunProtected;
  onSaved?: () => void;
  /** Other areas' settings sections, composed by the route (e.g. online booking). */
  children?: ReactNode;
}) {
  const settings = usePracticeSettings();
  return (
    <Stack spacing={3} sx={{ maxWidth: 640 }}>
      <Typography component="h1" variant="h4">
        Practice settings
      </Typography>
      {settings.isPending && <PageSpinner />}
      {settings.isError && <Alert severity="error">{errorMessage(settings.error)}</Alert>}
      {settings.data && (
        <>
          <Typography color="text.secondary">{settings.data.practiceName}</Typography>
          <SettingsForm settings={settings.data} runProtected={runProtected} onSaved={onSaved} />
          {children}
        </>
      )}
    </Stack>
  );
}
