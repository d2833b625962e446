import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { PASSWORD_MAX_LENGTH } from '@openpractice/domain';
import { useId, useReducer, useState, useSyncExternalStore, type SubmitEvent } from 'react';

import { errorMessage } from '../../../../lib/api-client';
import { verifyPassword } from '../api';
import {
  protectedActionStore as defaultStore,
  type ProtectedActionStore,
} from './protected-action-store';
import { INITIAL_VERIFY_PASSWORD_STATE, verifyPasswordReducer } from './verify-password-reducer';

export const VERIFY_PASSWORD_INFO = 'For your security, please verify your password to continue.';
export const VERIFY_PASSWORD_FAILED = "We're sorry, that didn't match your current password.";

/** Shows the Verify Password dialog while protected actions wait. Mounted once, by `SessionServices`. */
export function VerifyPasswordDialogHost({
  store = defaultStore,
}: {
  store?: ProtectedActionStore;
}) {
  const opening = useSyncExternalStore(store.subscribe, store.getOpening);
  if (opening === 0) return null;
  return <VerifyPasswordDialog key={opening} store={store} />;
}

function VerifyPasswordDialog({ store }: { store: ProtectedActionStore }) {
  const [state, dispatch] = useReducer(verifyPasswordReducer, INITIAL_VERIFY_PASSWORD_STATE);
  const [password, setPassword] = useState('');
  const titleId = useId();
  const infoId = useId();
  const busy = state.status === 'BUSY' || state.status === 'SUCCESS';

  async function onSubmit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    if (busy || password === '') return;
    dispatch({ type: 'submit' });
    try {
      if (await verifyPassword(password)) {
        dispatch({ type: 'verified' });
        await store.succeed();
      } else {
        dispatch({ type: 'rejected' });
      }
    } catch (error) {
      dispatch({ type: 'error', message: errorMessage(error) });
    }
  }

  return (
    <Dialog
      open
      fullWidth
      maxWidth="xs"
      onClose={() => {
        if (!busy) store.cancel();
      }}
      aria-labelledby={titleId}
      aria-describedby={infoId}
      slotProps={{
        paper: {
          component: 'form',
          onSubmit: (event: SubmitEvent) => void onSubmit(event),
        },
      }}
    >
      <DialogTitle id={titleId}>Verify Password</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="info" id={infoId}>
            {VERIFY_PASSWORD_INFO}
          </Alert>
          {state.status === 'FAILED' && <Alert severity="error">{VERIFY_PASSWORD_FAILED}</Alert>}
          {state.error !== null && <Alert severity="error">{state.error}</Alert>}
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            autoFocus
            fullWidth
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
            }}
            disabled={busy}
            error={state.status === 'FAILED'}
            helperText={`${password.length}/${PASSWORD_MAX_LENGTH}`}
            slotProps={{
              htmlInput: { maxLength: PASSWORD_MAX_LENGTH },
              formHelperText: { sx: { textAlign: 'right' } },
            }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button
          disabled={busy}
          onClick={() => {
            store.cancel();
          }}
        >
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={busy || password === ''}>
          Submit
        </Button>
      </DialogActions>
    </Dialog>
  );
}
