import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { CalendarViewName } from '@openpractice/domain';
import type { ReactNode } from 'react';

export const VIEW_LABELS: Record<CalendarViewName, string> = {
  timeGridDay: 'Day',
  timeGridWeek: 'Week',
  dayGridMonth: 'Month',
  resourceTimeGridDay: 'Day by therapist',
  resourceTimeGridWeek: 'Week by therapist',
};

/** The view buttons joined into one segmented row, like a toggle button group. */
const VIEW_GROUP_SX = {
  display: 'flex',
  flexWrap: 'wrap',
  '& > button': { borderRadius: 0 },
  '& > button:first-of-type': { borderRadius: '4px 0 0 4px' },
  '& > button:last-of-type': { borderRadius: '0 4px 4px 0' },
  '& > button + button': { ml: '-1px' },
} as const;

const UNIT: Record<CalendarViewName, string> = {
  timeGridDay: 'day',
  resourceTimeGridDay: 'day',
  timeGridWeek: 'week',
  resourceTimeGridWeek: 'week',
  dayGridMonth: 'month',
};

/**
 * The calendar's own toolbar (MUI rather than FullCalendar's, for the
 * theme's contrast and clear names): today, previous, next, the range shown
 * and the views that make sense for what is shown.
 */
export function CalendarToolbar({
  title,
  view,
  views,
  onToday,
  onStep,
  onView,
  actions,
}: {
  title: string;
  view: CalendarViewName;
  views: readonly CalendarViewName[];
  onToday: () => void;
  onStep: (steps: number) => void;
  onView: (view: CalendarViewName) => void;
  actions?: ReactNode;
}) {
  const unit = UNIT[view];
  return (
    <Box
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}
      role="toolbar"
      aria-label="Calendar"
    >
      <Button variant="outlined" onClick={onToday}>
        Today
      </Button>
      <IconButton
        aria-label={`Previous ${unit}`}
        onClick={() => {
          onStep(-1);
        }}
      >
        <ChevronLeftIcon />
      </IconButton>
      <IconButton
        aria-label={`Next ${unit}`}
        onClick={() => {
          onStep(1);
        }}
      >
        <ChevronRightIcon />
      </IconButton>
      <Typography
        component="h2"
        variant="h6"
        sx={{ mx: 1, minWidth: { xs: 0, sm: 200 }, fontSize: { xs: '1.05rem', sm: undefined } }}
      >
        {title}
      </Typography>
      <Box sx={{ flexGrow: 1 }} />
      {actions}
      {/* Buttons that say whether they are pressed: what MUI's ToggleButtonGroup does,
          without its 2 KiB on the calendar's first load (issue 15). */}
      <Box role="group" aria-label="Calendar view" sx={VIEW_GROUP_SX}>
        {views.map((name) => (
          <Button
            key={name}
            size="small"
            variant={name === view ? 'contained' : 'outlined'}
            disableElevation
            aria-pressed={name === view}
            onClick={() => {
              onView(name);
            }}
          >
            {VIEW_LABELS[name]}
          </Button>
        ))}
      </Box>
    </Box>
  );
}
