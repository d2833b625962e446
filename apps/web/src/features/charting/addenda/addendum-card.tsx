import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

import { useAddendumStep } from '../api/addenda';
import { reviewersOf, type Addendum, type NoteDetail } from '../api/notes';
import { addendumFeedback, formatWhen, recordStatusLabel } from '../format';
import { CHARTING_TEXT } from '../messages';
import { offeredAddendumActions } from '../note/note-actions-logic';
import { ReviewActions } from '../note/review-actions';
import { useStepRunner, type RunProtected, type StepRunner } from '../note/steps';
import { useSignFlow } from '../note/use-sign-flow';
import { AddendumEditor } from './addendum-editor';

/** The reviewer's answers to an addendum sent for review. */
function AddendumReview({
  addendum,
  runner,
  runProtected,
  step,
}: {
  addendum: Addendum;
  runner: StepRunner;
  runProtected: RunProtected;
  step: ReturnType<typeof useAddendumStep>;
}) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <ReviewActions
        what="addendum"
        authorName={addendum.therapistName}
        runner={runner}
        runProtected={runProtected}
        onReturn={async (comment) => {
          await step.mutateAsync({ kind: 'return', addendumId: addendum.addendumId, comment });
        }}
        onCosign={async () => {
          await step.mutateAsync({ kind: 'cosign', addendumId: addendum.addendumId });
        }}
        success={{
          returned: CHARTING_TEXT.addendumReturned,
          cosigned: CHARTING_TEXT.addendumCosigned,
        }}
      />
    </Stack>
  );
}

/** One addendum: written and signed by the note's author, reviewed by their supervisor. */
export function AddendumCard({
  note,
  addendum,
  timeZone,
  runProtected,
}: {
  note: NoteDetail;
  addendum: Addendum;
  timeZone: string;
  runProtected: RunProtected;
}) {
  const titleId = useId();
  const runner = useStepRunner();
  const step = useAddendumStep();
  const offered = offeredAddendumActions(addendum, note.actions.signSendsForReview);
  const feedback =
    addendum.status === 'feedback' ? addendumFeedback(note, addendum.addendumId) : null;
  const signFlow = useSignFlow({
    what: 'addendum',
    sendsForReview: note.actions.signSendsForReview,
    reviewers: reviewersOf(note),
    runProtected,
    runner,
    sign: async (reviewerTherapistId) => {
      await step.mutateAsync({
        kind: 'sign',
        addendumId: addendum.addendumId,
        reviewerTherapistId,
      });
    },
    success: { signed: CHARTING_TEXT.addendumSigned, sent: CHARTING_TEXT.addendumSent },
  });

  const started = `Started ${formatWhen(addendum.createdAt, timeZone)}`;
  const locked = addendum.lockedAt ? ` · locked ${formatWhen(addendum.lockedAt, timeZone)}` : '';
  return (
    <Paper
      component="article"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ p: { xs: 1.5, sm: 2 } }}
      data-addendum-status={addendum.status}
    >
      <Stack spacing={1.5}>
        <Typography id={titleId} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          Addendum by {addendum.therapistName} ·{' '}
          {recordStatusLabel({ ...addendum, type: 'addendum' })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {started}
          {locked}
        </Typography>
        {feedback?.comment && (
          <Alert severity="warning">
            Feedback from {feedback.userName}:{' '}
            <span style={{ whiteSpace: 'pre-wrap' }}>{feedback.comment}</span>
          </Alert>
        )}
        {offered.includes('edit') ? (
          <AddendumEditor
            addendum={addendum}
            timeZone={timeZone}
            busy={runner.busy}
            signLabel={
              note.actions.signSendsForReview ? 'Send addendum for review' : 'Sign addendum'
            }
            onSign={signFlow.start}
            onError={runner.setError}
          />
        ) : (
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {addendum.text.trim() === '' ? 'Nothing written yet.' : addendum.text}
          </Typography>
        )}
        {offered.includes('cosign') && (
          <AddendumReview
            addendum={addendum}
            runner={runner}
            runProtected={runProtected}
            step={step}
          />
        )}
        {runner.error !== null && <Alert severity="error">{runner.error}</Alert>}
      </Stack>
      {signFlow.dialog}
    </Paper>
  );
}
