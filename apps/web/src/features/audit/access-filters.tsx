import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

import { ClientPicker } from '../../ui/client-picker';
import { ACCESS_KIND_LABELS, ACCESS_KINDS, useAuditUsers, type AccessKind } from './api';

export type AccessParam = 'patientId' | 'userId' | 'kind';

interface AccessFiltersProps {
  patientId: number | undefined;
  /** The filtered client's name, once the report has answered. */
  clientName: string | undefined;
  userId: number | undefined;
  kind: AccessKind | undefined;
  /** Sets (or, with undefined or '', clears) one filter of the address. */
  setParam: (name: AccessParam, value: string | undefined) => void;
}

/** The report's client, user and kind filters (kept in the address, so links can set them). */
export function AccessFilters({
  patientId,
  clientName,
  userId,
  kind,
  setParam,
}: AccessFiltersProps) {
  const users = useAuditUsers();
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
      {patientId !== undefined ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography component="span">Client:</Typography>
          <Chip
            label={clientName ?? `Client ${patientId}`}
            onDelete={() => {
              setParam('patientId', undefined);
            }}
            slotProps={{
              root: { 'aria-label': `Client: ${clientName ?? patientId}` },
            }}
          />
        </Stack>
      ) : (
        <ClientPicker
          label="Client"
          size="small"
          sx={{ minWidth: { md: 280 } }}
          onSelect={(client) => {
            setParam('patientId', String(client.id));
          }}
        />
      )}
      <TextField
        select
        size="small"
        label="User"
        value={userId === undefined ? '' : String(userId)}
        onChange={(event) => {
          setParam('userId', event.target.value);
        }}
        sx={{ minWidth: 200 }}
      >
        <MenuItem value="">Everyone</MenuItem>
        {(users.data ?? []).map((user) => (
          <MenuItem key={user.id} value={String(user.id)}>
            {user.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="What"
        value={kind ?? ''}
        onChange={(event) => {
          setParam('kind', event.target.value);
        }}
        sx={{ minWidth: 160 }}
      >
        <MenuItem value="">Everything</MenuItem>
        {ACCESS_KINDS.map((k) => (
          <MenuItem key={k} value={k}>
            {ACCESS_KIND_LABELS[k]}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
