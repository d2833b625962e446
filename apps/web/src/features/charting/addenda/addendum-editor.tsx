import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';

import { saveAddendumCall } from '../api/addenda';
import type { Addendum } from '../api/notes';
import { SaveStatus } from '../autosave/save-status';
import { useAutosave } from '../autosave/use-autosave';
import { CHARTING_TEXT } from '../messages';
import { RestoreBanner } from '../note/restore-banner';

export const addendumDraftKey = (addendumId: number) => `addendum-${addendumId}`;
export const ADDENDUM_MAX_LENGTH = 20_000;

/**
 * An addendum while its author writes it: saved as they type (kept in this browser until
 * saved), then signed or sent for review through `onSign` once the text is saved.
 */
export function AddendumEditor({
  addendum,
  timeZone,
  busy,
  signLabel,
  onSign,
  onError,
}: {
  addendum: Addendum;
  timeZone: string;
  busy: boolean;
  signLabel: string;
  onSign: () => Promise<void>;
  onError: (message: string | null) => void;
}) {
  const [text, setText] = useState(addendum.text);
  const [missing, setMissing] = useState(false);
  const autosave = useAutosave<string>(addendumDraftKey(addendum.addendumId), async (value) => {
    await saveAddendumCall(addendum.addendumId, value);
  });
  const { leftOver, discardLeftOver, change } = autosave;
  const offerRestore =
    leftOver !== null && typeof leftOver.value === 'string' && leftOver.value !== addendum.text;

  useEffect(() => {
    if (leftOver !== null && !offerRestore) discardLeftOver();
  }, [leftOver, offerRestore, discardLeftOver]);

  async function sign() {
    onError(null);
    if (text.trim() === '') {
      setMissing(true);
      return;
    }
    if (!(await autosave.flush())) {
      onError(CHARTING_TEXT.notSavedBeforeSigning);
      return;
    }
    await onSign();
  }

  return (
    <Stack spacing={2}>
      {offerRestore && (
        <RestoreBanner
          savedAt={leftOver.savedAt}
          timeZone={timeZone}
          what="addendum"
          onRestore={() => {
            setText(leftOver.value);
            discardLeftOver(false);
            change(leftOver.value);
          }}
          onDiscard={() => {
            discardLeftOver();
          }}
        />
      )}
      <TextField
        label="Addendum"
        value={text}
        multiline
        minRows={4}
        fullWidth
        disabled={busy}
        error={missing}
        helperText={missing ? CHARTING_TEXT.emptyAddendum : undefined}
        onChange={(event) => {
          setText(event.target.value);
          if (event.target.value.trim() !== '') setMissing(false);
          change(event.target.value);
        }}
        slotProps={{ htmlInput: { maxLength: ADDENDUM_MAX_LENGTH } }}
      />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        <Button variant="contained" disabled={busy} onClick={() => void sign()}>
          {signLabel}
        </Button>
        <SaveStatus state={autosave.state} />
      </Stack>
    </Stack>
  );
}
