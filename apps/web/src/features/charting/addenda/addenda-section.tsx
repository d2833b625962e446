import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

import { useAddendumStep } from '../api/addenda';
import type { NoteDetail } from '../api/notes';
import { CHARTING_TEXT } from '../messages';
import { useStepRunner, type RunProtected } from '../note/steps';
import { AddendumCard } from './addendum-card';

/**
 * Additions to a locked note, oldest first. The author adds one at a time: each is signed
 * (and reviewed, for a supervisee) before the next starts.
 */
export function AddendaSection({
  note,
  timeZone,
  runProtected,
}: {
  note: NoteDetail;
  timeZone: string;
  runProtected: RunProtected;
}) {
  const titleId = useId();
  const runner = useStepRunner();
  const step = useAddendumStep();
  if (note.addenda.length === 0 && !note.actions.canAddAddendum) return null;

  return (
    <Stack component="section" aria-labelledby={titleId} spacing={2}>
      <Typography id={titleId} component="h2" variant="h6">
        Addenda
      </Typography>
      {note.addenda.length === 0 && (
        <Typography color="text.secondary">
          No addenda. A signed note is corrected or added to by an addendum.
        </Typography>
      )}
      {note.addenda.map((addendum) => (
        <AddendumCard
          key={addendum.addendumId}
          note={note}
          addendum={addendum}
          timeZone={timeZone}
          runProtected={runProtected}
        />
      ))}
      {note.actions.canAddAddendum && (
        <Button
          variant="outlined"
          disabled={runner.busy}
          sx={{ alignSelf: 'flex-start' }}
          onClick={() =>
            void runner.run(async () => {
              await step.mutateAsync({ kind: 'create', noteId: note.noteId });
              return true;
            }, CHARTING_TEXT.addendumStarted)
          }
        >
          Add addendum
        </Button>
      )}
      {runner.error !== null && <Alert severity="error">{runner.error}</Alert>}
    </Stack>
  );
}
