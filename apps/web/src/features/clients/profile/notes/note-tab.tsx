import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { NONE_TEXT, normaliseNoteText } from '@openpractice/domain';
import { useState } from 'react';

import { useNote, useSaveNote, type NoteKind } from '../api/notes';
import { LoadFailed } from '../lib/load-failed';
import { MESSAGES } from '../lib/messages';
import { SectionSpinner } from '../lib/section-spinner';
import { useLoadErrorToast } from '../lib/use-load-error-toast';
import { useSaveFeedback } from '../lib/use-save-feedback';

/** The server's limits (apps/server notes-routes.ts). */
const MAX_LENGTH: Record<NoteKind, number> = { memo: 20_000, alert: 2_000 };

const TEXT = {
  memo: {
    label: 'Memo',
    help: 'Notes about the client for the practice.',
    load: MESSAGES.loadMemo,
    save: MESSAGES.saveMemo,
  },
  alert: {
    label: 'Alert',
    help: 'Shown prominently at the top of the client’s record.',
    load: MESSAGES.loadAlert,
    save: MESSAGES.saveAlert,
  },
} as const;

/**
 * The memo or the alert: the saved text ('None' when there is none) and, for
 * those who may change it, an editor. Blank or whitespace-only text saves as none.
 */
export function NoteTab({
  patientId,
  kind,
  canEdit,
}: {
  patientId: number;
  kind: NoteKind;
  canEdit: boolean;
}) {
  const note = useNote(patientId, kind);
  const save = useSaveNote(patientId, kind);
  const feedback = useSaveFeedback();
  const text = TEXT[kind];
  useLoadErrorToast(note, text.load);
  const [draft, setDraft] = useState<string | null>(null);

  if (note.isPending) return <SectionSpinner />;
  if (note.isLoadingError) return <LoadFailed onRetry={() => void note.refetch()} />;
  const saved = note.data;
  const tooLong = draft !== null && draft.length > MAX_LENGTH[kind];

  const onSave = async () => {
    if (draft === null || tooLong) return;
    try {
      feedback.saved(await save.mutateAsync(normaliseNoteText(draft)));
      setDraft(null);
    } catch (error) {
      feedback.failed(text.save, error);
    }
  };

  if (draft === null) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 720 }}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography
            sx={{ whiteSpace: 'pre-wrap' }}
            color={saved === null ? 'text.secondary' : 'text.primary'}
          >
            {saved ?? NONE_TEXT}
          </Typography>
        </Paper>
        {canEdit && (
          <Button
            variant="outlined"
            sx={{ alignSelf: 'flex-start' }}
            onClick={() => {
              setDraft(saved ?? '');
            }}
          >
            Edit {text.label.toLowerCase()}
          </Button>
        )}
      </Stack>
    );
  }

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      sx={{ maxWidth: 720 }}
      onSubmit={(event) => {
        event.preventDefault();
        void onSave();
      }}
    >
      <TextField
        label={text.label}
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value);
        }}
        multiline
        minRows={4}
        autoFocus
        error={tooLong}
        helperText={
          tooLong
            ? `Please enter no more than ${MAX_LENGTH[kind]} characters.`
            : `${text.help} Leave it blank for none.`
        }
      />
      <Stack direction="row" spacing={2}>
        <Button type="submit" variant="contained" disabled={save.isPending || tooLong}>
          Save
        </Button>
        <Button
          disabled={save.isPending}
          onClick={() => {
            setDraft(null);
          }}
        >
          Cancel
        </Button>
      </Stack>
    </Stack>
  );
}
