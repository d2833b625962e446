import Typography from '@mui/material/Typography';

import type { SaveState } from './autosaver';

export function saveStatusText(state: SaveState): string {
  switch (state.status) {
    case 'saved':
      return 'Saved';
    case 'saving':
      return 'Saving…';
    case 'retrying':
      return 'Not saved — retrying';
    case 'failed':
      return `Not saved — ${state.message}`;
  }
}

/** The editor's save state, read out politely as it changes. */
export function SaveStatus({ state }: { state: SaveState }) {
  const problem = state.status === 'retrying' || state.status === 'failed';
  return (
    <Typography
      role="status"
      aria-live="polite"
      variant="body2"
      color={problem ? 'error' : 'text.secondary'}
      data-save-status={state.status}
    >
      {saveStatusText(state)}
    </Typography>
  );
}
