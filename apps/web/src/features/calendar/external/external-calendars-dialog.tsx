import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EXTERNAL_CALENDAR_MESSAGES, MAX_EXTERNAL_CALENDARS } from '@openpractice/domain';
import { useEffect, useId } from 'react';

import { useNotify } from '../../../ui/snackbar/use-notify';
import { AddCalendarForm } from './add-calendar-form';
import { useExternalCalendars, useSyncExternalCalendars } from './api';
import { ConnectedCalendarItem } from './connected-calendar-item';
import { allSucceeded } from './sync-state';
import { useRemoveCalendar } from './use-remove-calendar';

export interface ExternalCalendarsDialogProps {
  open: boolean;
  onClose: () => void;
  /** After a calendar is added, removed or synced, so the calendar can redraw. */
  onChanged: () => void;
}

/** Lists the therapist's outside calendars with their sync state; adds, syncs and removes them. */
export function ExternalCalendarsDialog({
  open,
  onClose,
  onChanged,
}: ExternalCalendarsDialogProps) {
  const calendars = useExternalCalendars(open);
  const remove = useRemoveCalendar(onChanged);
  const sync = useSyncExternalCalendars();
  const notify = useNotify();
  const titleId = useId();
  const list = calendars.data ?? [];

  useEffect(() => {
    if (open && calendars.isError) notify.error(EXTERNAL_CALENDAR_MESSAGES.loadFailed);
  }, [open, calendars.isError, notify]);

  const syncNow = async () => {
    notify.info(EXTERNAL_CALENDAR_MESSAGES.syncStarting);
    const results = await sync.mutateAsync(list);
    if (allSucceeded(results)) notify.success(EXTERNAL_CALENDAR_MESSAGES.syncComplete);
    else notify.error(EXTERNAL_CALENDAR_MESSAGES.syncFailed);
    onChanged();
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>External calendars</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={3}>
          <Typography variant="body2" color="text.secondary">
            Busy time from the calendars you connect shows on your calendar, read-only, and keeps
            that time from being booked. Only you see their titles; everyone else sees “Busy”.
          </Typography>
          {calendars.isError ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void calendars.refetch()}>
                  Try again
                </Button>
              }
            >
              {EXTERNAL_CALENDAR_MESSAGES.loadFailed}
            </Alert>
          ) : calendars.isPending ? (
            <Typography aria-live="polite">Loading your external calendars…</Typography>
          ) : list.length === 0 ? (
            <Typography>You have not connected an external calendar yet.</Typography>
          ) : (
            <List aria-label="Connected calendars" disablePadding>
              {list.map((calendar) => (
                <ConnectedCalendarItem
                  key={calendar.id}
                  calendar={calendar}
                  disabled={remove.isPending || sync.isPending}
                  onRemove={() => void remove.confirmAndRemove(calendar)}
                />
              ))}
            </List>
          )}
          {list.length < MAX_EXTERNAL_CALENDARS ? (
            <AddCalendarForm
              disabled={calendars.isPending || calendars.isError}
              onAdded={onChanged}
            />
          ) : (
            <Typography>
              You have connected {MAX_EXTERNAL_CALENDARS} calendars, the most you can. Remove one to
              connect another.
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button
          onClick={() => void syncNow()}
          disabled={list.length === 0 || sync.isPending}
          variant="outlined"
        >
          {sync.isPending ? 'Syncing…' : 'Sync now'}
        </Button>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
