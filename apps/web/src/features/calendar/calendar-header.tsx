import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

import { ExternalCalendarsButton } from './external/external-calendars-button';

/**
 * The schedule's heading row: the page title, the therapist's outside
 * calendars, the phone's filter button and "New appointment", which opens the
 * scheduling dialog on the day the calendar shows: the way to book at a
 * chosen time without a pointer (Tab to it, Enter, then type the date and
 * time).
 */
export function CalendarHeader({
  currentTherapistId,
  onExternalChanged,
  filtersToggle,
  onNew,
}: {
  currentTherapistId: number | null;
  onExternalChanged: () => void;
  /** The phone's filter button; none on wider screens, where the filters always show. */
  filtersToggle: ReactNode;
  /** Opens the scheduling dialog; absent without the scheduling role. */
  onNew?: () => void;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: { xs: 1, sm: 2 },
        mb: { xs: 1, sm: 2 },
        flexWrap: 'wrap',
      }}
    >
      <Typography
        id="schedule-heading"
        component="h1"
        variant="h4"
        sx={{ fontSize: { xs: '1.5rem', sm: undefined } }}
      >
        Schedule
      </Typography>
      <Box sx={{ flexGrow: 1 }} />
      {currentTherapistId !== null && (
        <ExternalCalendarsButton therapistId={currentTherapistId} onChanged={onExternalChanged} />
      )}
      {filtersToggle}
      {onNew && (
        <Button variant="contained" startIcon={<AddIcon />} aria-haspopup="dialog" onClick={onNew}>
          New appointment
        </Button>
      )}
    </Box>
  );
}
