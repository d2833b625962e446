import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../../config/paths';
import { AddendaSection } from '../addenda/addenda-section';
import { useNoteStep, type NoteDetail } from '../api/notes';
import { DiagnosesSection } from '../diagnoses/diagnoses-editor';
import { latestFeedback } from '../format';
import { TemplateAnswers } from '../form-renderer';
import { CHARTING_TEXT } from '../messages';
import { AdditionalNoteLink } from './additional-note-link';
import { GroupChart } from './group-chart';
import { isEditable, offeredNoteActions } from './note-actions-logic';
import { NoteEditor } from './note-editor';
import { NoteHeader } from './note-header';
import { NoteHistory, Signatures } from './note-trail';
import { ReviewActions, UnlockAction } from './review-actions';
import { useStepRunner, type RunProtected } from './steps';

/** Where the note stands, in a sentence, when someone other than the reader must act. */
function StatusNotice({ note }: { note: NoteDetail }) {
  if (note.status === 'feedback') {
    const feedback = latestFeedback(note);
    return (
      <Alert severity="warning">
        Returned with feedback{feedback ? ` by ${feedback.userName}` : ''}
        {feedback?.comment ? (
          <>
            : <span style={{ whiteSpace: 'pre-wrap' }}>{feedback.comment}</span>
          </>
        ) : (
          '.'
        )}
      </Alert>
    );
  }
  if (note.status === 'pendingreview' && !note.actions.canReview) {
    return (
      <Alert severity="info">
        Awaiting review{note.reviewerName ? ` by ${note.reviewerName}` : ''}. It can change once it
        is returned.
      </Alert>
    );
  }
  return null;
}

/** The loaded note: header, the form or the signed answers, the steps offered, and its trail. */
export function NoteView({
  note,
  timeZone,
  runProtected,
}: {
  note: NoteDetail;
  timeZone: string;
  runProtected: RunProtected;
}) {
  const runner = useStepRunner();
  const step = useNoteStep(note.noteId);
  const offered = offeredNoteActions(note.actions);

  return (
    <Stack spacing={4} sx={{ maxWidth: 960, minWidth: 0 }}>
      <Link
        component={RouterLink}
        to={paths.client.records.getHref(note.patientId)}
        sx={{ alignSelf: 'flex-start' }}
      >
        Records of {note.clientName}
      </Link>
      <NoteHeader note={note} timeZone={timeZone} />
      <AdditionalNoteLink note={note} />
      {note.group !== null && <GroupChart note={note} group={note.group} />}
      <StatusNotice note={note} />
      {isEditable(note.actions) ? (
        <NoteEditor
          key={`${note.noteId}-${note.version}`}
          note={note}
          timeZone={timeZone}
          runner={runner}
          runProtected={runProtected}
        />
      ) : (
        <>
          <DiagnosesSection diagnoses={note.diagnoses} />
          <TemplateAnswers template={note.template} answers={note.content} />
        </>
      )}
      {(offered.includes('cosign') || offered.includes('unlock')) && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {offered.includes('cosign') && (
            <ReviewActions
              what="note"
              authorName={note.therapistName}
              runner={runner}
              runProtected={runProtected}
              onReturn={async (comment) => {
                await step.mutateAsync({ kind: 'return', comment });
              }}
              onCosign={async () => {
                await step.mutateAsync({ kind: 'cosign' });
              }}
              success={{ returned: CHARTING_TEXT.returned, cosigned: CHARTING_TEXT.cosigned }}
            />
          )}
          {offered.includes('unlock') && (
            <UnlockAction
              therapistName={note.therapistName}
              runner={runner}
              runProtected={runProtected}
              onUnlock={async (reason) => {
                await step.mutateAsync({ kind: 'unlock', reason });
              }}
              success={CHARTING_TEXT.unlocked}
            />
          )}
        </Stack>
      )}
      {runner.error !== null && <Alert severity="error">{runner.error}</Alert>}
      <AddendaSection note={note} timeZone={timeZone} runProtected={runProtected} />
      <Signatures note={note} timeZone={timeZone} />
      <NoteHistory note={note} timeZone={timeZone} />
    </Stack>
  );
}
