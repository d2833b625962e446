import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { chartStatusLabel, NONE_TEXT, PLACE_OF_SERVICE_CODES } from '@openpractice/domain';

import type { NoteDetail } from '../api/notes';
import { durationText, formatWhen } from '../format';

function placeOfService(code: string | null): string {
  if (code === null) return NONE_TEXT;
  return PLACE_OF_SERVICE_CODES.find((p) => p.code === code)?.label ?? code;
}

/** Which of the session's notes this is: the one billed, a family or collateral one, a group's. */
function noteKindText(note: NoteDetail): string {
  if (note.kind === 'group') return 'Group note (each member has a part)';
  if (note.group !== null) return "A member's part of the group note (billing note)";
  return note.isBillingNote ? 'Billing note' : 'Family or collateral note (not billed)';
}

/** The session the note is about, who wrote it, and where it stands. */
export function NoteHeader({ note, timeZone }: { note: NoteDetail; timeZone: string }) {
  const rows: [string, string][] = [
    ['Client', note.clientName],
    ['Date and time', formatWhen(note.sessionAt, timeZone)],
    ['Duration', durationText(note.durationMinutes)],
    ['CPT code', note.cptCode ?? NONE_TEXT],
    ['Place of service', placeOfService(note.placeOfService)],
    ['Telehealth', note.telehealth ? 'Yes' : 'No'],
    ['Note', noteKindText(note)],
    ['Template', `${note.template.name}, version ${String(note.template.version)}`],
    ['Therapist', note.therapistName],
    ...(note.reviewerName !== null
      ? ([['Reviewer', note.reviewerName]] as [string, string][])
      : []),
  ];
  return (
    <Stack spacing={1.5}>
      <Stack
        direction="row"
        spacing={1.5}
        sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
      >
        <Typography component="h1" variant="h4">
          {note.template.name}
        </Typography>
        <Chip
          label={chartStatusLabel(note.statusConstant)}
          color={
            note.status === 'locked'
              ? 'success'
              : note.status === 'feedback'
                ? 'warning'
                : 'default'
          }
          variant="outlined"
          data-note-status={note.status}
        />
      </Stack>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'max-content minmax(0, 1fr)' },
          columnGap: 3,
          rowGap: { xs: 0, sm: 0.5 },
          m: 0,
        }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Stack>
  );
}
