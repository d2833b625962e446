import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

import { useVisibleCalendars } from '../scheduling/api';
import { TherapistSelect } from '../scheduling/request-type-and-therapist';

/**
 * Whose calendar an edited item goes on: the therapists the user may book for (active
 * ones, and the item's own). A therapist-only user keeps it on their own calendar; until
 * the list loads (or if it cannot) the current therapist is shown and kept.
 */
export function TherapistField({
  value,
  currentName,
  onChange,
  disabled,
}: {
  value: number;
  /** The item's therapist now, named while the list loads. */
  currentName: string;
  onChange: (therapistId: number) => void;
  disabled: boolean;
}) {
  const calendars = useVisibleCalendars();
  const data = calendars.data;
  if (!data) {
    return (
      <TextField select label="Therapist" value={value} disabled fullWidth>
        <MenuItem value={value}>{currentName}</MenuItem>
      </TextField>
    );
  }
  const own = data.reach === 'own';
  return (
    <TherapistSelect
      value={value}
      therapists={data.therapists.filter((t) =>
        own ? t.id === value : t.active || t.id === value,
      )}
      onChange={onChange}
      disabled={disabled}
      locked={own}
    />
  );
}
