import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';

import { REVOKED_BY_LABELS, type RevokedBy } from './revocations-api';

const ANYONE = 'anyone';

/** Who revoked (anyone, the client, staff), and the client the page was opened for, if any. */
export function RevocationsFilters({
  revokedBy,
  onRevokedBy,
  patientId,
  clientName,
  onAllClients,
}: {
  revokedBy: RevokedBy | undefined;
  onRevokedBy: (value: RevokedBy | undefined) => void;
  patientId: number | undefined;
  clientName: string | undefined;
  onAllClients: () => void;
}) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems="flex-start">
      <TextField
        select
        size="small"
        label="Revoked by"
        value={revokedBy ?? ANYONE}
        onChange={(event) => {
          const value = event.target.value;
          onRevokedBy(value === ANYONE ? undefined : (value as RevokedBy));
        }}
        sx={{ minWidth: 180 }}
      >
        <MenuItem value={ANYONE}>Anyone</MenuItem>
        {(Object.keys(REVOKED_BY_LABELS) as RevokedBy[]).map((key) => (
          <MenuItem key={key} value={key}>
            {REVOKED_BY_LABELS[key]}
          </MenuItem>
        ))}
      </TextField>
      {patientId !== undefined && (
        <Button variant="outlined" onClick={onAllClients}>
          {`Client: ${clientName ?? `#${String(patientId)}`} (show every client)`}
        </Button>
      )}
    </Stack>
  );
}
