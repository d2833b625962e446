import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatTime, formatUsDate } from '@openpractice/domain';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';

import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useConfirm } from '../../../ui/confirm/use-confirm';
import { PageSpinner } from '../../../ui/page-spinner';
import { useNotify } from '../../../ui/snackbar/use-notify';
import { useCloseLocation, useLocationClosing, type LocationClosing } from './api';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function availabilityText(a: LocationClosing['availability'][number]): string {
  const hours = `${a.startTime}–${a.endTime}`;
  if (a.kind === 'extra') return `${a.therapistName}: extra hours ${formatUsDate(a.date)} ${hours}`;
  const until = a.date ? ` until ${formatUsDate(a.date)}` : ', no end date';
  return `${a.therapistName}: ${DAYS[a.dayOfWeek ?? 0] ?? ''}s ${hours}${until}`;
}

function ClosingLists({ data, closesOn }: { data: LocationClosing; closesOn: string }) {
  return (
    <>
      <Typography component="h2" variant="h6">
        Appointments from {formatUsDate(closesOn)} ({data.appointments.length})
      </Typography>
      {data.appointments.length === 0 ? (
        <Typography>No appointments there from that day.</Typography>
      ) : (
        <List aria-label="Appointments to reschedule">
          {data.appointments.map((a) => (
            <ListItem key={a.calendar_event_id} disableGutters>
              <Link
                component={RouterLink}
                to={paths.schedule.getHref({ event: a.calendar_event_id, date: a.date })}
              >
                {formatUsDate(a.date)} {formatTime(a.start_date_time)}:{' '}
                {a.clientName || 'No client'} with {a.therapistName}
              </Link>
            </ListItem>
          ))}
        </List>
      )}
      <Typography component="h2" variant="h6">
        Availability there ({data.availability.length})
      </Typography>
      {data.availability.length === 0 ? (
        <Typography>No availability there from that day.</Typography>
      ) : (
        <List aria-label="Availability at this location">
          {data.availability.map((a) => (
            <ListItem key={`${a.kind}-${String(a.id)}`} disableGutters>
              {availabilityText(a)}
            </ListItem>
          ))}
        </List>
      )}
    </>
  );
}

/**
 * `/practice/locations/service/close?locationId=`: close a location from a day (spec-1 §2).
 * Lists what is booked or offered there from that day, each appointment linking to the
 * calendar to reschedule, then closes it; from the day on nothing can be booked there.
 */
export function CloseLocationPage() {
  const [search] = useSearchParams();
  const locationId = Number(search.get('locationId'));
  const valid = Number.isInteger(locationId) && locationId > 0;
  const [closesOn, setClosesOn] = useState('');
  const closing = useLocationClosing(valid ? locationId : null, closesOn);
  const close = useCloseLocation();
  const confirm = useConfirm();
  const notify = useNotify();
  const data = closing.data;

  const onClose = async () => {
    if (!data) return;
    const ok = await confirm({
      title: `Close ${data.location.name} from ${formatUsDate(closesOn)}?`,
      message:
        data.appointments.length > 0
          ? `${String(data.appointments.length)} appointment(s) are still booked there from that day. They stay on the calendar until you move them; nothing new can be booked there.`
          : 'Nothing new can be booked there from that day.',
      confirmText: 'Close location',
      color: 'error',
    });
    if (!ok) return;
    try {
      await close.mutateAsync({ practiceLocationId: locationId, closesOn });
      notify.success(`${data.location.name} closes on ${formatUsDate(closesOn)}.`);
    } catch (error) {
      notify.error(`Unable to close the location. ${errorMessage(error)}`);
    }
  };

  if (!valid)
    return <Alert severity="error">Choose a location to close from the locations page.</Alert>;
  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h4">
        Close a location{data ? `: ${data.location.name}` : ''}
      </Typography>
      <Link component={RouterLink} to={paths.practiceLocations.getHref()}>
        Back to locations
      </Link>
      {data?.location.closesOn && (
        <Alert severity="info">
          This location closes on {formatUsDate(data.location.closesOn)}.
        </Alert>
      )}
      <TextField
        label="Closing date"
        type="date"
        name="closesOn"
        value={closesOn}
        onChange={(e) => {
          setClosesOn(e.target.value);
        }}
        helperText="The first day nothing can be booked there."
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ maxWidth: 260 }}
      />
      {closesOn === '' && (
        <Alert severity="info">Choose the closing date to see what is booked there.</Alert>
      )}
      {closing.isLoading && <PageSpinner label="Loading what is booked there" />}
      {closing.isError && <Alert severity="error">{errorMessage(closing.error)}</Alert>}
      {data && (
        <>
          <ClosingLists data={data} closesOn={closesOn} />
          <div>
            <Button
              variant="contained"
              color="error"
              onClick={() => void onClose()}
              disabled={close.isPending}
            >
              Close location from {formatUsDate(closesOn)}
            </Button>
          </div>
        </>
      )}
    </Stack>
  );
}
