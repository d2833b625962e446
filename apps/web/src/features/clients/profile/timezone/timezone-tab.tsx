import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { US_TIMEZONES } from '@openpractice/domain';
import { useState } from 'react';

import { useSetClientTimezone } from '../api/profile';
import { MESSAGES } from '../lib/messages';
import { useSaveFeedback } from '../lib/use-save-feedback';

/** Not set: the client's times are shown in the practice's zone. */
const PRACTICE_ZONE = '';

/** The client's own time zone (for reminders and portal times), from the US zones. */
export function TimezoneTab({
  patientId,
  timezone,
  canEdit,
}: {
  patientId: number;
  timezone: string | null;
  canEdit: boolean;
}) {
  const save = useSetClientTimezone(patientId);
  const feedback = useSaveFeedback();
  const saved = timezone ?? PRACTICE_ZONE;
  const [chosen, setChosen] = useState(saved);
  const known = US_TIMEZONES.some((zone) => zone.name === saved);

  const onSave = async () => {
    try {
      feedback.saved(await save.mutateAsync(chosen === PRACTICE_ZONE ? null : chosen));
    } catch (error) {
      feedback.failed(MESSAGES.saveTimezone, error);
    }
  };

  return (
    <Stack
      component="form"
      noValidate
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: 'flex-start' }}
      onSubmit={(event) => {
        event.preventDefault();
        void onSave();
      }}
    >
      <TextField
        select
        label="Client time zone"
        value={chosen}
        disabled={!canEdit}
        onChange={(event) => {
          setChosen(event.target.value);
        }}
        sx={{ minWidth: 320 }}
      >
        <MenuItem value={PRACTICE_ZONE}>
          <em>Not set (the practice’s time zone)</em>
        </MenuItem>
        {!known && saved !== PRACTICE_ZONE && <MenuItem value={saved}>{saved}</MenuItem>}
        {US_TIMEZONES.map((zone) => (
          <MenuItem key={zone.name} value={zone.name}>
            {zone.label} ({zone.name})
          </MenuItem>
        ))}
      </TextField>
      {canEdit && (
        <Button
          type="submit"
          variant="contained"
          disabled={save.isPending || chosen === saved}
          sx={{ mt: 1 }}
        >
          Save
        </Button>
      )}
    </Stack>
  );
}
