import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { chartStatusLabel } from '@openpractice/domain';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../../config/paths';
import type { SessionNotes } from '../api/session-notes';

/** The notes a session already has for the client, the billing note marked. */
export function SessionNotesList({
  patientId,
  notes,
}: {
  patientId: number;
  notes: SessionNotes['notes'];
}) {
  if (notes.length === 0) return null;
  return (
    <section aria-labelledby="session-notes-heading">
      <Typography id="session-notes-heading" component="h2" variant="h6">
        This session&apos;s notes
      </Typography>
      <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
        {notes.map((n) => (
          <li key={n.noteId}>
            <Link component={RouterLink} to={paths.client.note.getHref(patientId, n.noteId)}>
              {n.templateName}
            </Link>{' '}
            — {n.isBillingNote ? 'billing note' : 'family or collateral note'},{' '}
            {chartStatusLabel(n.statusConstant).toLowerCase()}
          </li>
        ))}
      </ul>
    </section>
  );
}
