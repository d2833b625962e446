import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { formatZonedTime } from '@openpractice/domain';

import { errorMessage } from '../../lib/api-client';
import { PageSpinner } from '../../ui/page-spinner';
import { useSlots, type BookableSlot, type Booker, type SlotMode } from './api';
import {
  addDays,
  dayLabel,
  previousWeekStart,
  slotDescription,
  slotsByDay,
  WEEK_DAYS,
  weekFrom,
  weekLabel,
} from './booking-week';

export const NO_OPEN_TIMES_THIS_WEEK = 'No open times in these 7 days. Try the next week.';
export const SLOTS_LOAD_FAILED = 'We could not load the open times.';

/**
 * Seven days of a therapist's open online times, with Previous and Next
 * week, and (when the therapist offers both) a choice of in person or
 * telehealth. Times are on the practice's clocks. Choosing one calls `onChoose`.
 */
export function SlotBrowser({
  booker,
  therapistId,
  therapistName,
  offersBoth,
  today,
  weekStart,
  onWeekChange,
  mode,
  onModeChange,
  onChoose,
}: {
  booker: Booker;
  therapistId: number;
  therapistName: string;
  offersBoth: boolean;
  /** Today on the practice's calendar: the browser never goes before it. */
  today: string;
  weekStart: string;
  onWeekChange: (start: string) => void;
  mode: SlotMode;
  onModeChange: (mode: SlotMode) => void;
  onChoose: (slot: BookableSlot, timezone: string, durationMinutes: number) => void;
}) {
  const range = weekFrom(weekStart);
  const slots = useSlots(booker, { therapistId, ...range, mode });
  const data = slots.data;
  const days = data ? slotsByDay(data.data, data.timezone) : [];

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Button
            variant="outlined"
            disabled={weekStart <= today}
            onClick={() => {
              onWeekChange(previousWeekStart(weekStart, today));
            }}
          >
            Previous week
          </Button>
          <Typography aria-live="polite" sx={{ minWidth: 180, textAlign: 'center' }}>
            {weekLabel(weekStart)}
          </Typography>
          <Button
            variant="outlined"
            onClick={() => {
              onWeekChange(addDays(weekStart, WEEK_DAYS));
            }}
          >
            Next week
          </Button>
        </Stack>
        {offersBoth && (
          <ToggleButtonGroup
            exclusive
            size="small"
            value={mode}
            aria-label="How you would like to meet"
            onChange={(_event, next: SlotMode | null) => {
              if (next) onModeChange(next);
            }}
          >
            <ToggleButton value="any">Any</ToggleButton>
            <ToggleButton value="inPerson">In person</ToggleButton>
            <ToggleButton value="telehealth">Telehealth</ToggleButton>
          </ToggleButtonGroup>
        )}
      </Stack>

      <Box aria-busy={slots.isFetching}>
        {slots.isPending && <PageSpinner label="Loading open times" />}
        {slots.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void slots.refetch()}>
                Retry
              </Button>
            }
          >
            {SLOTS_LOAD_FAILED} {errorMessage(slots.error)}
          </Alert>
        )}
        {data && days.length === 0 && !slots.isFetching && (
          <Alert severity="info">{NO_OPEN_TIMES_THIS_WEEK}</Alert>
        )}
        <Stack spacing={2}>
          {data &&
            days.map(({ day, slots: daySlots }) => (
              <Box component="section" key={day} aria-labelledby={`slots-${day}`}>
                <Typography component="h3" variant="subtitle1" id={`slots-${day}`} sx={{ mb: 1 }}>
                  {dayLabel(day)}
                </Typography>
                <Box
                  role="group"
                  aria-label={`Open times with ${therapistName}, ${dayLabel(day)}`}
                  sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
                >
                  {daySlots.map((slot) => (
                    <Button
                      key={slot.start}
                      variant="outlined"
                      aria-label={slotDescription(slot, data.timezone)}
                      onClick={() => {
                        onChoose(slot, data.timezone, data.durationMinutes);
                      }}
                    >
                      {formatZonedTime(slot.start, data.timezone)}
                      {slot.telehealth && !slot.inPerson ? ' · Telehealth' : ''}
                    </Button>
                  ))}
                </Box>
              </Box>
            ))}
        </Stack>
      </Box>
    </Stack>
  );
}
