import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { formatZonedTime, visitorTimeOf } from '@openpractice/domain';

import { errorMessage } from '../../lib/api-client';
import { PageSpinner } from '../../ui/page-spinner';
import { useSlots, type BookableSlot, type Booker, type SlotMode } from './api';
import {
  addDays,
  browserTimeZone,
  dayLabel,
  previousWeekStart,
  slotDescription,
  slotsByDay,
  WEEK_DAYS,
  weekFrom,
  weekLabel,
  zoneNote,
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
  // The visitor's own clocks: their time is shown under each when it reads differently.
  const visitorZone = browserTimeZone();

  return (
    <Stack spacing={2}>
      <WeekAndModeControls
        today={today}
        weekStart={weekStart}
        onWeekChange={onWeekChange}
        offersBoth={offersBoth}
        mode={mode}
        onModeChange={onModeChange}
      />

      {data && (
        <Typography variant="body2" color="text.secondary">
          {zoneNote(data.timezone, visitorZone, data.data[0]?.start ?? `${weekStart}T12:00:00Z`)}
        </Typography>
      )}

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
              <DaySlots
                key={day}
                day={day}
                slots={daySlots}
                timezone={data.timezone}
                visitorZone={visitorZone}
                therapistName={therapistName}
                onChoose={(slot) => {
                  onChoose(slot, data.timezone, data.durationMinutes);
                }}
              />
            ))}
        </Stack>
      </Box>
    </Stack>
  );
}

/**
 * Previous and Next week (never before the practice's today), and the in person or telehealth
 * choice when the therapist offers both.
 */
function WeekAndModeControls({
  today,
  weekStart,
  onWeekChange,
  offersBoth,
  mode,
  onModeChange,
}: {
  today: string;
  weekStart: string;
  onWeekChange: (start: string) => void;
  offersBoth: boolean;
  mode: SlotMode;
  onModeChange: (mode: SlotMode) => void;
}) {
  return (
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
  );
}

/**
 * One day's open times as buttons, on the practice's clocks, with the visitor's own time under
 * each when it reads differently.
 */
function DaySlots({
  day,
  slots,
  timezone,
  visitorZone,
  therapistName,
  onChoose,
}: {
  day: string;
  slots: BookableSlot[];
  timezone: string;
  visitorZone: string | null;
  therapistName: string;
  onChoose: (slot: BookableSlot) => void;
}) {
  return (
    <Box component="section" aria-labelledby={`slots-${day}`}>
      <Typography component="h3" variant="subtitle1" id={`slots-${day}`} sx={{ mb: 1 }}>
        {dayLabel(day)}
      </Typography>
      <Box
        role="group"
        aria-label={`Open times with ${therapistName}, ${dayLabel(day)}`}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
      >
        {slots.map((slot) => {
          const theirs = visitorTimeOf(slot.start, timezone, visitorZone);
          return (
            <Button
              key={slot.start}
              variant="outlined"
              aria-label={slotDescription(slot, timezone, visitorZone)}
              sx={{ flexDirection: 'column', lineHeight: 1.3 }}
              onClick={() => {
                onChoose(slot);
              }}
            >
              <span>
                {formatZonedTime(slot.start, timezone)}
                {slot.telehealth && !slot.inPerson ? ' · Telehealth' : ''}
              </span>
              {theirs && (
                <Box component="span" sx={{ typography: 'caption', textTransform: 'none' }}>
                  {theirs}
                </Box>
              )}
            </Button>
          );
        })}
      </Box>
    </Box>
  );
}
