import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { ClientPicker, type PickedClient } from '../../../ui/client-picker';

/**
 * A client field that shows the choice as a chip (removable) and the search-as-you-type picker
 * when nothing is chosen: the picker cannot be given a client, and a choice made elsewhere (a
 * link from the client's Billing page, a remembered filter) must still show whose it is.
 */
export function ChosenClient({
  label,
  client,
  onChange,
}: {
  label: string;
  client: PickedClient | null;
  onChange: (client: PickedClient | null) => void;
}) {
  if (client === null) {
    return (
      <ClientPicker
        label={label}
        size="small"
        sx={{ minWidth: { sm: 300 }, maxWidth: '100%' }}
        onSelect={(picked) => {
          onChange(picked);
        }}
      />
    );
  }
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography component="span">{`${label}:`}</Typography>
      <Chip
        label={client.name}
        onDelete={() => {
          onChange(null);
        }}
        slotProps={{
          root: { 'aria-label': `${label}: ${client.name}. Delete to choose another.` },
        }}
      />
    </Stack>
  );
}
