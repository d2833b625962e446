import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { chartStatusLabel } from '@openpractice/domain';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../../config/paths';
import type { NoteDetail } from '../api/notes';

type Group = NonNullable<NoteDetail['group']>;

/** A part of the group's chart: a link, or plain text with "this note" for the one shown. */
function Part({ current, href, label }: { current: boolean; href: string; label: string }) {
  return current ? (
    <span aria-current="page">
      <strong>{label}</strong> (this note)
    </span>
  ) : (
    <Link component={RouterLink} to={href}>
      {label}
    </Link>
  );
}

/**
 * A group session's chart (issue 17 item 1): the group note and each member's part, each
 * with its status, and the group's own status from its members' parts (partially locked,
 * partially awaiting review …), so a part is never mistaken for a note of its own.
 */
export function GroupChart({ note, group }: { note: NoteDetail; group: Group }) {
  return (
    <Stack
      component="section"
      aria-labelledby="group-chart-heading"
      spacing={1}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}
    >
      <Stack
        direction="row"
        spacing={1.5}
        sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
      >
        <Typography id="group-chart-heading" component="h2" variant="h6">
          Group session: {group.groupName}
        </Typography>
        <Chip
          label={`Group chart: ${chartStatusLabel(group.statusConstant)}`}
          variant="outlined"
          data-group-status={group.statusConstant ?? 'tobecompleted'}
        />
      </Stack>
      <Typography>
        <Part
          current={note.noteId === group.groupNoteId}
          href={paths.client.note.getHref(group.groupPatientId, group.groupNoteId)}
          label="Group note"
        />{' '}
        — what the group did together.
      </Typography>
      <Typography component="h3" variant="subtitle1">
        Members&apos; parts
      </Typography>
      <ul aria-label="Members' parts" style={{ margin: 0, paddingLeft: '1.25rem' }}>
        {group.members.map((m) => (
          <li key={m.noteId}>
            <Part
              current={note.noteId === m.noteId}
              href={paths.client.note.getHref(m.patientId, m.noteId)}
              label={m.clientName}
            />
            {' — '}
            {chartStatusLabel(m.statusConstant)}
          </li>
        ))}
      </ul>
    </Stack>
  );
}
