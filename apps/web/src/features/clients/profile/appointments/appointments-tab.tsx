import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';

import { MESSAGES } from '../lib/messages';
import { SectionSpinner } from '../lib/section-spinner';
import { useClientAppointments, type ClientAppointment } from './api';
import { AppointmentDialog } from './appointment-dialog';
import { AppointmentList } from './appointment-list';
import { useLaterAppointments } from './later-appointments';

/**
 * The client's appointments (issue 15 item 3): what is to come, soonest first, then the
 * history, newest first, a page at a time ('Load more'). A row opens the appointment's details.
 * The header shares the first page, and says when it fails (spec-2 §8); here the failure stays
 * in view.
 */
export function AppointmentsTab({ patientId }: { patientId: number }) {
  const first = useClientAppointments(patientId, true);
  const [asked, setAsked] = useState(false);
  const later = useLaterAppointments(patientId, first.data?.nextCursor ?? null, asked);
  const [open, setOpen] = useState<ClientAppointment | null>(null);
  const upcomingId = useId();
  const pastId = useId();

  if (first.isPending) return <SectionSpinner label="Loading appointments" />;
  if (first.isLoadingError) {
    return <Alert severity="error">{MESSAGES.loadAppointments}</Alert>;
  }
  const { timezone, upcoming, upcomingTotal } = first.data;
  const laterPages = asked ? (later.data?.pages ?? []) : [];
  const past = [...first.data.past, ...laterPages.flatMap((page) => page.past)];
  const hasMore = asked ? later.isPending || later.hasNextPage : first.data.nextCursor !== null;
  const loadingMore = asked && (later.isPending ? later.isFetching : later.isFetchingNextPage);
  const loadMore = () => {
    if (!asked) setAsked(true);
    else if (later.isPending) void later.refetch();
    else void later.fetchNextPage();
  };

  if (upcoming.length === 0 && past.length === 0) {
    return <Typography>No appointments yet.</Typography>;
  }
  return (
    <Stack spacing={3}>
      <Stack component="section" spacing={1} aria-labelledby={upcomingId}>
        <Typography id={upcomingId} component="h3" variant="h6">
          Upcoming
        </Typography>
        {upcoming.length === 0 ? (
          <Typography>No upcoming appointments.</Typography>
        ) : (
          <AppointmentList
            appointments={upcoming}
            timezone={timezone}
            label="Upcoming appointments"
            onOpen={setOpen}
          />
        )}
        {upcomingTotal > upcoming.length && (
          <Typography variant="body2" color="text.secondary">
            The next {upcoming.length} of {upcomingTotal} upcoming appointments.
          </Typography>
        )}
      </Stack>
      <Stack component="section" spacing={1} aria-labelledby={pastId}>
        <Typography id={pastId} component="h3" variant="h6">
          Past
        </Typography>
        {past.length === 0 ? (
          <Typography>No past appointments.</Typography>
        ) : (
          <AppointmentList
            appointments={past}
            timezone={timezone}
            label="Past appointments"
            onOpen={setOpen}
          />
        )}
        {asked && later.isError && !loadingMore && (
          <Alert severity="error">{MESSAGES.loadAppointments}</Alert>
        )}
        {hasMore && (
          <Button onClick={loadMore} disabled={loadingMore} sx={{ alignSelf: 'flex-start' }}>
            {loadingMore ? 'Loading…' : 'Load more'}
          </Button>
        )}
      </Stack>
      {open && (
        <AppointmentDialog
          appointment={open}
          timezone={timezone}
          onClose={() => {
            setOpen(null);
          }}
        />
      )}
    </Stack>
  );
}
