import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

import type { NoteDetail } from '../api/notes';
import { formatWhen, historyActionLabel, signatureRoleLabel } from '../format';

/** Who signed the note (and its addenda): name, role, time and version. */
export function Signatures({ note, timeZone }: { note: NoteDetail; timeZone: string }) {
  const titleId = useId();
  return (
    <Stack component="section" aria-labelledby={titleId} spacing={1}>
      <Typography id={titleId} component="h2" variant="h6">
        Signatures
      </Typography>
      {note.signatures.length === 0 ? (
        <Typography color="text.secondary">Not signed yet.</Typography>
      ) : (
        <List dense disablePadding aria-labelledby={titleId}>
          {note.signatures.map((s) => (
            <ListItem key={`${s.version}-${s.role}-${s.signedAt}`} divider disableGutters>
              <ListItemText
                primary={`${s.signerName} · ${signatureRoleLabel(s.role)}`}
                secondary={`Signed ${formatWhen(s.signedAt, timeZone)} · version ${s.version}`}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}

/** Everything that happened to the note: versions, actions and the supervisor's feedback. */
export function NoteHistory({ note, timeZone }: { note: NoteDetail; timeZone: string }) {
  const titleId = useId();
  return (
    <Stack component="section" aria-labelledby={titleId} spacing={1}>
      <Typography id={titleId} component="h2" variant="h6">
        History
      </Typography>
      {note.history.length === 0 ? (
        <Typography color="text.secondary">Nothing yet.</Typography>
      ) : (
        <List dense disablePadding aria-labelledby={titleId}>
          {note.history.map((h, index) => (
            <ListItem key={`${h.at}-${index}`} divider disableGutters sx={{ display: 'block' }}>
              <ListItemText
                primary={`${historyActionLabel(h)} by ${h.userName}`}
                secondary={`${formatWhen(h.at, timeZone)} · version ${h.version}`}
              />
              {h.comment !== null && h.comment !== '' && (
                <Typography
                  variant="body2"
                  sx={{
                    whiteSpace: 'pre-wrap',
                    borderLeft: 3,
                    borderColor: 'warning.main',
                    pl: 1.5,
                    mb: 1,
                  }}
                >
                  {h.comment}
                </Typography>
              )}
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}
