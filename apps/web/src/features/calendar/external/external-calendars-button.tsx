import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';

const ExternalCalendarsDialog = lazy(async () => ({
  default: (await import('./external-calendars-dialog')).ExternalCalendarsDialog,
}));

export interface ExternalCalendarsButtonProps {
  therapistId: number;
  onChanged: () => void;
}

/**
 * Connect, sync and remove the signed-in therapist's external (ICS)
 * calendars. The calendar page shows it to therapists only (external
 * calendars load only for therapists, spec-1 §4); `therapistId` is theirs.
 */
export function ExternalCalendarsButton({ therapistId, onChanged }: ExternalCalendarsButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        startIcon={<EventAvailableIcon />}
        aria-haspopup="dialog"
        data-therapist-id={therapistId}
        onClick={() => {
          setOpen(true);
        }}
      >
        External calendars
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ExternalCalendarsDialog
            open={open}
            onClose={() => {
              setOpen(false);
            }}
            onChanged={onChanged}
          />
        </Suspense>
      )}
    </>
  );
}
