import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';

import { reviewersOf, useNoteStep, type NoteDetail } from '../api/notes';
import { SaveStatus } from '../autosave/save-status';
import { DiagnosesSection } from '../diagnoses/diagnoses-editor';
import { TemplateForm, type FieldProblem } from '../form-renderer';
import { CHARTING_TEXT } from '../messages';
import { RestoreBanner } from './restore-banner';
import type { RunProtected, StepRunner } from './steps';
import { useNoteDraft } from './use-note-draft';
import { useSignFlow } from './use-sign-flow';

/** What keeps the note from being signed, each named by its field. */
function SigningProblems({ problems }: { problems: FieldProblem[] }) {
  if (problems.length === 0) return null;
  return (
    <Alert severity="error">
      <AlertTitle>{CHARTING_TEXT.fixBeforeSigning}</AlertTitle>
      <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
        {problems.map((p) => (
          <li key={p.field}>{p.message}</li>
        ))}
      </ul>
    </Alert>
  );
}

/**
 * The note while its author may change it: diagnoses and the template's form, saved as
 * they type (and kept in this browser until saved), then signed, or sent for review.
 */
export function NoteEditor({
  note,
  timeZone,
  runner,
  runProtected,
}: {
  note: NoteDetail;
  timeZone: string;
  runner: StepRunner;
  runProtected: RunProtected;
}) {
  const draft = useNoteDraft(note);
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const step = useNoteStep(note.noteId);
  const signFlow = useSignFlow({
    what: 'note',
    sendsForReview: note.actions.signSendsForReview,
    reviewers: reviewersOf(note),
    runProtected,
    runner,
    sign: async (reviewerTherapistId) => {
      await step.mutateAsync({ kind: 'sign', reviewerTherapistId });
    },
    success: { signed: CHARTING_TEXT.signed, sent: CHARTING_TEXT.sent },
  });

  async function sign() {
    runner.setError(null);
    const found = await draft.validateForSigning();
    setProblems(found);
    if (found.length > 0) return;
    if (!(await draft.autosave.flush())) {
      runner.setError(CHARTING_TEXT.notSavedBeforeSigning);
      return;
    }
    await signFlow.start();
  }

  return (
    <Stack spacing={3}>
      {draft.leftOver && (
        <RestoreBanner
          savedAt={draft.leftOver.savedAt}
          timeZone={timeZone}
          what="note"
          onRestore={draft.restore}
          onDiscard={draft.discard}
        />
      )}
      <DiagnosesSection
        diagnoses={draft.diagnoses}
        disabled={runner.busy}
        onChange={draft.setDiagnoses}
      />
      <TemplateForm template={note.template} control={draft.form.control} disabled={runner.busy} />
      <SigningProblems problems={problems} />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        <Button variant="contained" disabled={runner.busy} onClick={() => void sign()}>
          {note.actions.signSendsForReview ? 'Send for review' : 'Sign'}
        </Button>
        <SaveStatus state={draft.autosave.state} />
      </Stack>
      {signFlow.dialog}
    </Stack>
  );
}
