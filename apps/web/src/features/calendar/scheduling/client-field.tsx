import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { ClientSearchContext } from '@openpractice/domain';
import { useCallback, useState } from 'react';

import { ClientPicker, type PickedClient, type PickedHow } from '../../../ui/client-picker';
import type { ChosenClient } from './scheduling-form';

export const SEARCH_ALL_CLIENTS = 'Search all clients';
export const CHANGE_CLIENT = 'Change client';

export interface ClientFieldProps {
  client: ChosenClient | null;
  onChange: (client: ChosenClient | null) => void;
  context: ClientSearchContext;
  /** The contexts the server offers the user; the switch shows when both my and all are offered. */
  contexts: readonly ClientSearchContext[];
  onContextChange: (context: ClientSearchContext) => void;
  disabled?: boolean;
}

/**
 * The client of a booking: the client search's typeahead (21 results, 600 ms
 * after the last keystroke, a single result chosen by itself) in the user's
 * clients or all clients; once chosen, the name with a way to change it.
 */
export function ClientField({
  client,
  onChange,
  context,
  contexts,
  onContextChange,
  disabled = false,
}: ClientFieldProps) {
  // A client chosen by itself stays in the picker, which says so and offers Change.
  const [autoChosenId, setAutoChosenId] = useState<number | null>(null);
  const choose = useCallback(
    (picked: PickedClient, how: PickedHow) => {
      setAutoChosenId(how.automatic ? picked.id : null);
      onChange({ id: picked.id, name: picked.name });
    },
    [onChange],
  );
  const clear = useCallback(() => {
    setAutoChosenId(null);
    onChange(null);
  }, [onChange]);

  if (client && client.id !== autoChosenId) {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField
          label="Client"
          value={client.name ?? 'Loading…'}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true } }}
        />
        <Button
          onClick={() => {
            onChange(null);
          }}
          disabled={disabled}
          sx={{ flexShrink: 0 }}
        >
          {CHANGE_CLIENT}
        </Button>
      </Stack>
    );
  }
  const canSwitch = contexts.includes('my') && contexts.includes('all');
  return (
    <Stack spacing={0.5}>
      <ClientPicker
        label="Client"
        context={context}
        autoSelectSingle
        onSelect={choose}
        onClear={clear}
      />
      {canSwitch && (
        <FormControlLabel
          label={SEARCH_ALL_CLIENTS}
          control={
            <Switch
              checked={context === 'all'}
              onChange={(event) => {
                onContextChange(event.target.checked ? 'all' : 'my');
              }}
            />
          }
        />
      )}
    </Stack>
  );
}
