import TextField from '@mui/material/TextField';
import { lazy, Suspense } from 'react';

import type { ClientPickerProps } from '../ui/client-picker';

// Loaded with the first page that picks a client, not with the sign-in page.
const ClientPickerAdapter = lazy(() =>
  import('../features/clients/search/client-picker').then((m) => ({
    default: m.ClientPickerAdapter,
  })),
);

/** The picker every area gets through ClientPickerProvider: the clients area's typeahead. */
export function AppClientPicker(props: ClientPickerProps) {
  return (
    <Suspense
      fallback={
        <TextField
          label={props.label ?? 'Find a client'}
          size={props.size}
          sx={props.sx}
          disabled
        />
      }
    >
      <ClientPickerAdapter {...props} />
    </Suspense>
  );
}
