import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  EXTERNAL_CALENDAR_COLOURS,
  EXTERNAL_CALENDAR_MESSAGES,
  EXTERNAL_CALENDAR_NAME_MAX,
  MAX_EXTERNAL_CALENDARS,
  checkIcsAddress,
} from '@openpractice/domain';
import { useEffect, useId, useState, type SyntheticEvent } from 'react';

import { ApiError, errorMessage } from '../../lib/api-client';
import { useConfirm } from '../../ui/confirm/use-confirm';
import { useNotify } from '../../ui/snackbar/use-notify';
import {
  useAddExternalCalendar,
  useExternalCalendars,
  useRemoveExternalCalendar,
  useSyncExternalCalendars,
  type ExternalCalendar,
} from './api';
import { allSucceeded, eventCountText, syncStateText } from './sync-state';

export interface ExternalCalendarsDialogProps {
  open: boolean;
  onClose: () => void;
  /** After a calendar is added, removed or synced, so the calendar can redraw. */
  onChanged: () => void;
}

function Swatch({ color }: { color: string }) {
  return (
    <Box
      aria-hidden
      component="span"
      sx={{
        display: 'inline-block',
        width: 16,
        height: 16,
        borderRadius: '4px',
        bgcolor: color,
        flexShrink: 0,
      }}
    />
  );
}

function AddCalendarForm({ onAdded, disabled }: { onAdded: () => void; disabled: boolean }) {
  const add = useAddExternalCalendar();
  const notify = useNotify();
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [color, setColor] = useState<string>(EXTERNAL_CALENDAR_COLOURS[0].value);
  const [errors, setErrors] = useState<{ name?: string; url?: string; form?: string }>({});
  const colourLabel = useId();

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (name.trim() === '') found.name = 'Enter a name for the calendar.';
    const address = checkIcsAddress(url);
    if (!address.ok) found.url = address.message;
    setErrors(found);
    if (found.name || found.url) return;
    try {
      const result = await add.mutateAsync({ name: name.trim(), url: url.trim(), color });
      notify.success(result.message);
      setName('');
      setUrl('');
      setErrors({});
      onAdded();
    } catch (error) {
      const message = errorMessage(error);
      if (error instanceof ApiError && error.field === 'url') setErrors({ url: message });
      else if (error instanceof ApiError && error.field === 'name') setErrors({ name: message });
      else setErrors({ form: message });
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        Connect a calendar
      </Typography>
      <Stack spacing={2}>
        {errors.form && <Alert severity="error">{errors.form}</Alert>}
        <TextField
          label="Name"
          value={name}
          required
          disabled={disabled}
          error={Boolean(errors.name)}
          helperText={errors.name}
          onChange={(event) => {
            setName(event.target.value);
          }}
          slotProps={{ htmlInput: { maxLength: EXTERNAL_CALENDAR_NAME_MAX } }}
        />
        <TextField
          label="ICS address"
          value={url}
          required
          disabled={disabled}
          type="url"
          error={Boolean(errors.url)}
          helperText={
            errors.url ??
            'The calendar’s iCal (ICS) address, e.g. Google’s “secret address in iCal format”.'
          }
          onChange={(event) => {
            setUrl(event.target.value);
          }}
          slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
        />
        <FormControl disabled={disabled}>
          <FormLabel id={colourLabel}>Colour</FormLabel>
          <RadioGroup
            row
            aria-labelledby={colourLabel}
            value={color}
            onChange={(event) => {
              setColor(event.target.value);
            }}
          >
            {EXTERNAL_CALENDAR_COLOURS.map((c) => (
              <FormControlLabel
                key={c.value}
                value={c.value}
                control={<Radio size="small" />}
                label={
                  <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
                    <Swatch color={c.value} />
                    <span>{c.label}</span>
                  </Stack>
                }
              />
            ))}
          </RadioGroup>
        </FormControl>
        <Box>
          <Button type="submit" variant="contained" disabled={disabled || add.isPending}>
            {add.isPending ? 'Connecting…' : 'Connect calendar'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/** Lists the therapist's outside calendars with their sync state; adds, syncs and removes them. */
export function ExternalCalendarsDialog({
  open,
  onClose,
  onChanged,
}: ExternalCalendarsDialogProps) {
  const calendars = useExternalCalendars(open);
  const remove = useRemoveExternalCalendar();
  const sync = useSyncExternalCalendars();
  const notify = useNotify();
  const confirm = useConfirm();
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

  const removeCalendar = async (calendar: ExternalCalendar) => {
    await confirm({
      title: `Remove ${calendar.name}?`,
      message:
        'Its busy time leaves your calendar and no longer blocks bookings. You can connect it again later.',
      confirmText: 'Remove',
      color: 'error',
      onConfirm: async () => {
        try {
          await remove.mutateAsync(calendar.id);
          notify.success('External calendar removed.');
          onChanged();
        } catch (error) {
          notify.error(errorMessage(error));
        }
      },
    });
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
                <ListItem
                  key={calendar.id}
                  divider
                  disableGutters
                  secondaryAction={
                    <Button
                      color="error"
                      size="small"
                      aria-label={`Remove ${calendar.name}`}
                      disabled={remove.isPending || sync.isPending}
                      onClick={() => void removeCalendar(calendar)}
                    >
                      Remove
                    </Button>
                  }
                  sx={{ pr: 12 }}
                >
                  <Stack
                    direction="row"
                    spacing={1.5}
                    sx={{ alignItems: 'flex-start', width: '100%' }}
                  >
                    <Box sx={{ pt: 0.5 }}>
                      <Swatch color={calendar.color} />
                    </Box>
                    <ListItemText
                      primary={calendar.name}
                      secondary={
                        <>
                          <span>{syncStateText(calendar)}</span>
                          {!calendar.skipped && calendar.lastSyncStatus !== 'never' && (
                            <span> {eventCountText(calendar.eventCount)}.</span>
                          )}
                        </>
                      }
                      slotProps={{
                        secondary: {
                          color: calendar.lastSyncStatus === 'failure' ? 'error' : 'text.secondary',
                        },
                      }}
                    />
                  </Stack>
                </ListItem>
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
