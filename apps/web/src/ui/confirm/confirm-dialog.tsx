import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { CONFIRM_DIALOG_DEFAULTS, CONFIRM_DIALOG_MAX_WIDTH } from '@openpractice/domain';
import { useId, useState, useSyncExternalStore, type SubmitEvent } from 'react';

import {
  confirmStore as defaultStore,
  type ConfirmRequest,
  type ConfirmStore,
} from './confirm-store';

/** Shows the store's confirm dialogs one at a time. Mounted once, by `FeedbackServices`. */
export function ConfirmDialogHost({ store = defaultStore }: { store?: ConfirmStore }) {
  const request = useSyncExternalStore(store.subscribe, store.getCurrent);
  if (!request) return null;
  return <ConfirmDialog key={request.id} request={request} store={store} />;
}

function ConfirmDialog({ request, store }: { request: ConfirmRequest; store: ConfirmStore }) {
  const { id, options } = request;
  const {
    title,
    message,
    confirmText = CONFIRM_DIALOG_DEFAULTS.confirmText,
    cancelText = CONFIRM_DIALOG_DEFAULTS.cancelText,
    color = CONFIRM_DIALOG_DEFAULTS.colour,
    requirePhrase,
  } = options;
  const [typed, setTyped] = useState('');
  const [running, setRunning] = useState(false);
  const titleId = useId();
  const messageId = useId();
  const phraseMatches = requirePhrase === undefined || typed === requirePhrase;

  async function settle(confirmed: boolean): Promise<void> {
    const action = confirmed ? options.onConfirm : options.onCancel;
    if (!action) {
      store.answer(id, confirmed);
      return;
    }
    setRunning(true);
    try {
      await action();
      store.answer(id, confirmed);
    } catch (error) {
      store.fail(id, error);
    }
  }

  function onSubmit(event: SubmitEvent): void {
    event.preventDefault();
    if (!running && phraseMatches) void settle(true);
  }

  return (
    <Dialog
      open
      maxWidth={false}
      onClose={() => {
        if (!running) void settle(false);
      }}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      slotProps={{
        paper: {
          component: 'form',
          onSubmit,
          sx: { maxWidth: CONFIRM_DIALOG_MAX_WIDTH },
        },
      }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId} component="div">
          {message}
        </DialogContentText>
        {requirePhrase !== undefined && (
          <TextField
            label={`Type ${requirePhrase} to confirm`}
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
            }}
            disabled={running}
            autoFocus
            autoComplete="off"
            fullWidth
            margin="normal"
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button
          disabled={running}
          onClick={() => {
            void settle(false);
          }}
        >
          {cancelText}
        </Button>
        <Button
          type="submit"
          variant="contained"
          color={color}
          disabled={running || !phraseMatches}
        >
          {confirmText}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
