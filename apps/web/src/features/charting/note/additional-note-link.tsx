import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../../config/paths';
import type { NoteDetail } from '../api/notes';

/**
 * 'Add a family or collateral note' for the session of a client's note (issue 17 item 1),
 * offered to whoever may write or sign the note (its author); the server checks again.
 */
export function AdditionalNoteLink({ note }: { note: NoteDetail }) {
  const { actions } = note;
  const author = actions.canEdit || actions.canSign || actions.canAddAddendum;
  if (note.kind !== 'progress' || note.attendeeId === null || note.group !== null || !author) {
    return null;
  }
  return (
    <Link
      component={RouterLink}
      to={`${paths.client.noteOfAttendee.getHref(note.patientId, note.attendeeId)}?kind=additional`}
      sx={{ alignSelf: 'flex-start' }}
    >
      Add a family or collateral note
    </Link>
  );
}
