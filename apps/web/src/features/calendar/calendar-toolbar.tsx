import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
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
      <Typography component="h2" variant="h6" sx={{ mx: 1, minWidth: 200 }}>
        {title}
      </Typography>
      <Box sx={{ flexGrow: 1 }} />
      {actions}
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={view}
        aria-label="Calendar view"
        onChange={(_event, next: CalendarViewName | null) => {
          if (next) onView(next);
        }}
      >
        {views.map((name) => (
          <ToggleButton key={name} value={name}>
            {VIEW_LABELS[name]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}
