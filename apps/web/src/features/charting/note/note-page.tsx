import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-errors';
import { PageSpinner } from '../../../ui/page-spinner';
import { useNote } from '../api/notes';
import { NoteView } from './note-view';
import type { RunProtected } from './steps';

/**
 * `/client/{id}/records/notes/{noteId}`: a progress note. Its author writes and signs it
 * (or sends it for review); a supervisor returns or co-signs it; a manager may unlock it;
 * a locked note takes addenda. `timeZone`: the practice's, for every time shown.
 */
export function NotePage({
  patientId,
  noteId,
  timeZone,
  runProtected,
}: {
  patientId: number;
  noteId: number;
  timeZone: string;
  runProtected: RunProtected;
}) {
  const note = useNote(noteId);
  if (note.isPending) return <PageSpinner />;
  if (note.isError) {
    return (
      <Stack spacing={2}>
        <Typography component="h1" variant="h4">
          Progress note
        </Typography>
        <Alert severity="error">{errorMessage(note.error)}</Alert>
        <Link component={RouterLink} to={paths.client.records.getHref(patientId)}>
          Back to the client&apos;s records
        </Link>
      </Stack>
    );
  }
  return <NoteView note={note.data} timeZone={timeZone} runProtected={runProtected} />;
}
