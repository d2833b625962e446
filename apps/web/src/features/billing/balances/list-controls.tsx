import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';

import { useTherapists } from '../api';

/** The lists' therapist filter (clients the therapist sees) and the CSV export of that filter. */
export function ListControls({
  therapistId,
  onTherapist,
  onExport,
  exporting,
  canExport,
}: {
  therapistId: number | undefined;
  onTherapist: (therapistId: number | undefined) => void;
  onExport: () => void;
  exporting: boolean;
  canExport: boolean;
}) {
  const therapists = useTherapists();
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label="Therapist"
        value={therapistId ?? ''}
        onChange={(event) => {
          const value = event.target.value;
          onTherapist(value === '' ? undefined : Number(value));
        }}
        sx={{ minWidth: 220, maxWidth: '100%' }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">All therapists</MenuItem>
        {(therapists.data ?? []).map((t) => (
          <MenuItem key={t.id} value={t.id}>
            {`${t.practitionerFirstName} ${t.practitionerLastName}${t.active ? '' : ' (inactive)'}`}
          </MenuItem>
        ))}
      </TextField>
      <Button variant="outlined" onClick={onExport} loading={exporting} disabled={!canExport}>
        Export CSV
      </Button>
    </Stack>
  );
}
