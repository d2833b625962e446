import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

import { errorMessage } from '../lib/api-client';
import { PageSpinner } from './page-spinner';

/** Runs a save once the user has verified their password; false when they cancelled. */
export type RunProtected = (action: () => Promise<void>) => Promise<boolean>;

/** What the frame reads of the settings' query (TanStack Query's result fits). */
type SectionQuery<T> = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
};

/**
 * A section of the practice settings page: a panel named by its heading, with the
 * settings' spinner while they load and the error if they could not be loaded. The
 * form is drawn from the loaded settings, so it starts from what the server holds.
 */
export function SettingsSection<T>({
  title,
  query,
  loadingLabel,
  children,
  footer,
}: {
  title: string;
  query: SectionQuery<T>;
  /** The spinner's accessible name (default 'Loading'). */
  loadingLabel?: string;
  children: (data: T) => ReactNode;
  /** Shown under the form whether or not the settings have loaded (e.g. a link). */
  footer?: ReactNode;
}) {
  const titleId = useId();
  return (
    <Paper variant="outlined" sx={{ p: 3 }} component="section" aria-labelledby={titleId}>
      <Stack spacing={2}>
        <Typography id={titleId} component="h2" variant="h6">
          {title}
        </Typography>
        {query.isPending && <PageSpinner label={loadingLabel} />}
        {query.isError && <Alert severity="error">{errorMessage(query.error)}</Alert>}
        {query.data !== undefined && children(query.data)}
        {footer}
      </Stack>
    </Paper>
  );
}
