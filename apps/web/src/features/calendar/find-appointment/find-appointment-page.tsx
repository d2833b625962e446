import { addIsoDays } from '@openpractice/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ComponentProps } from 'react';

import { errorMessage } from '../../../lib/api-client';
import { PageSpinner } from '../../../ui/page-spinner';
import { browserStores } from '../calendar-prefs';
import { SchedulingDialog, type SchedulingSeed } from '../scheduling/scheduling-dialog';
import {
  refreshOpenSlots,
  useLocations,
  useOpenSlots,
  useVisibleCalendars,
  type FindAvailabilityRequest,
  type ServiceLocation,
  type VisibleCalendars,
} from './api';
import { loadFindDuration, saveFindDuration } from './find-appointment-prefs';
import { FindAppointmentFilters, type FindFilters } from './find-appointment-filters';
import {
  canGoBack,
  CHOOSE_THERAPISTS,
  NO_OPEN_TIMES,
  practiceToday,
  previousWindowStart,
  RANGE_TOO_LONG,
  SLOTS_LOAD_FAILED,
  seedForSlot,
  windowFrom,
  windowLabel,
  WINDOW_DAYS,
} from './find-window';
import { SlotResults } from './slot-results';

const CALENDARS_LOAD_FAILED = 'We could not load the therapists and locations.';

/**
 * `/availability/findAppointment` (spec-1 §4, spec-2 §4): open times across
 * the chosen therapists and locations, in person or by telehealth, for a
 * length, seven days at a time. A time opens the scheduling dialog prefilled;
 * once booked, it is looked up again and the taken time is gone.
 */
export function FindAppointmentPage() {
  const calendars = useVisibleCalendars();
  const locations = useLocations();
  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h4">
        Find an appointment
      </Typography>
      {(calendars.isPending || locations.isPending) && !calendars.isError && !locations.isError && (
        <PageSpinner label="Loading therapists and locations" />
      )}
      {(calendars.isError || locations.isError) && (
        <Alert
          severity="error"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                void calendars.refetch();
                void locations.refetch();
              }}
            >
              Retry
            </Button>
          }
        >
          {CALENDARS_LOAD_FAILED} {errorMessage(calendars.error ?? locations.error)}
        </Alert>
      )}
      {calendars.data && locations.data && (
        <FindAppointment calendars={calendars.data} locations={locations.data} />
      )}
    </Stack>
  );
}

function FindAppointment({
  calendars,
  locations,
}: {
  calendars: VisibleCalendars;
  locations: ServiceLocation[];
}) {
  const queryClient = useQueryClient();
  const stores = useMemo(() => browserStores(), []);
  const today = practiceToday(new Date(), calendars.timezone);
  const therapists = useMemo(
    () =>
      calendars.therapists
        .filter((t) => t.active)
        .map((t) => ({
          id: t.id,
          name: `${t.practitionerFirstName} ${t.practitionerLastName}`.trim(),
        })),
    [calendars.therapists],
  );
  const locationOptions = useMemo(
    () => locations.map((l) => ({ id: l.id, name: l.name })),
    [locations],
  );
  const [filters, setFilters] = useState<FindFilters>(() => ({
    // A therapist-only user looks in their own calendar; others choose.
    therapistIds:
      calendars.reach === 'own' && calendars.currentTherapistId !== null
        ? [calendars.currentTherapistId]
        : [],
    locationIds: [],
    mode: 'any',
    duration: loadFindDuration(stores.local, calendars.userId),
  }));
  const [windowStart, setWindowStart] = useState(today);
  const [seed, setSeed] = useState<SchedulingSeed | null>(null);
  // Past midnight the window may not start before the new today.
  const start = windowStart < today ? today : windowStart;

  const request: FindAvailabilityRequest | null =
    filters.therapistIds.length === 0
      ? null
      : {
          therapistIds: filters.therapistIds,
          locationIds: filters.locationIds,
          mode: filters.mode,
          duration: filters.duration,
          calendarInfo: windowFrom(start),
        };
  const slots = useOpenSlots(request);

  const change = (next: Partial<FindFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    if (next.duration !== undefined) {
      saveFindDuration(stores.local, calendars.userId, next.duration);
    }
  };

  return (
    <>
      <FindAppointmentFilters
        therapists={therapists}
        locations={locationOptions}
        filters={filters}
        maxTherapists={calendars.maxSelectable}
        onChange={change}
      />
      <WindowNav start={start} today={today} onMove={setWindowStart} />
      {request === null && <Alert severity="info">{CHOOSE_THERAPISTS}</Alert>}
      {request !== null && (
        <OpenSlots
          slots={slots}
          onChoose={(slot, therapist) => {
            setSeed(
              seedForSlot(slot, {
                therapistId: therapist.id,
                duration: filters.duration,
                mode: filters.mode,
              }),
            );
          }}
        />
      )}
      <SchedulingDialog
        seed={seed}
        onClose={() => {
          setSeed(null);
        }}
        onBooked={() => {
          setSeed(null);
          void refreshOpenSlots(queryClient);
        }}
      />
    </>
  );
}

/** The 7-day window's label, with the previous (never before today) and next windows. */
function WindowNav({
  start,
  today,
  onMove,
}: {
  start: string;
  today: string;
  onMove: (start: string) => void;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Button
        variant="outlined"
        disabled={!canGoBack(start, today)}
        onClick={() => {
          onMove(previousWindowStart(start, today));
        }}
      >
        Previous 7 days
      </Button>
      <Typography component="p" variant="subtitle1" aria-live="polite">
        {windowLabel(start)}
      </Typography>
      <Button
        variant="outlined"
        onClick={() => {
          onMove(addIsoDays(start, WINDOW_DAYS));
        }}
      >
        Next 7 days
      </Button>
    </Box>
  );
}

/** The lookup's answer: loading, failed (with retry), too long, none, or the times by day. */
function OpenSlots({
  slots,
  onChoose,
}: {
  slots: ReturnType<typeof useOpenSlots>;
  onChoose: ComponentProps<typeof SlotResults>['onChoose'];
}) {
  if (slots.isPending)
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 4 }}>
        <CircularProgress size={24} aria-hidden />
        <Typography>Looking for open times…</Typography>
      </Box>
    );
  if (slots.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              void slots.refetch();
            }}
          >
            Retry
          </Button>
        }
      >
        {SLOTS_LOAD_FAILED} {errorMessage(slots.error)}
      </Alert>
    );
  return (
    <Box aria-busy={slots.isFetching} sx={{ opacity: slots.isPlaceholderData ? 0.5 : 1 }}>
      {slots.data.rangeTooLong ? (
        <Alert severity="warning">{RANGE_TOO_LONG}</Alert>
      ) : slots.data.days.length === 0 ? (
        <Alert severity="info">{NO_OPEN_TIMES}</Alert>
      ) : (
        <SlotResults data={slots.data} onChoose={onChoose} />
      )}
    </Box>
  );
}
