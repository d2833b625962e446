import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';

import { useSearchContexts, useVisibleCalendars, type VisibleCalendars } from './api';
import { SCHEDULING_MESSAGES } from './messages';

type SearchContexts = NonNullable<ReturnType<typeof useSearchContexts>['data']>;

/**
 * What both scheduling dialogs load before their form: whom the user may book
 * for, and how they search clients. Shows loading and failure in the dialog.
 */
export function WithDialogLookups({
  title,
  titleId,
  onClose,
  children,
}: {
  title: string;
  titleId: string;
  onClose: () => void;
  children: (calendars: VisibleCalendars, contexts: SearchContexts) => ReactNode;
}) {
  const calendars = useVisibleCalendars();
  const contexts = useSearchContexts();
  if (calendars.isError || contexts.isError) {
    return (
      <>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Alert severity="error">{SCHEDULING_MESSAGES.requestFailed}</Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Close</Button>
        </DialogActions>
      </>
    );
  }
  if (!calendars.data || !contexts.data) {
    return (
      <>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label="Loading" />
          </Box>
        </DialogContent>
      </>
    );
  }
  return children(calendars.data, contexts.data);
}
