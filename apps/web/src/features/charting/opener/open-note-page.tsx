import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';

import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-errors';
import { PageSpinner } from '../../../ui/page-spinner';
import { useNoteTemplates, useSessionNotes, useStartNote } from '../api/session-notes';
import { formatWhen } from '../format';
import { SessionNotesList } from './session-notes-list';

type Props = { patientId: number; attendeeId: number; additional: boolean; timeZone: string };

/**
 * `/client/{id}/records/attendee/{attendeeId}`: starts the session's note with the template
 * chosen (by default the one the server suggests: the service's, the therapist's last, else
 * SOAP), or opens it when it exists, replacing the address with the note's so Back does not
 * return here. With `?kind=additional` it starts a family or collateral note instead, which
 * is never the billing note. A session that cannot have a note says why.
 */
export function OpenNotePage({ patientId, attendeeId, additional, timeZone }: Props) {
  const session = useSessionNotes(attendeeId);
  const templates = useNoteTemplates();
  const start = useStartNote(attendeeId);
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<string | null>(null);
  const billing = session.data?.notes.find((n) => n.isBillingNote);
  const opensExisting = !additional && billing !== undefined;

  useEffect(() => {
    if (opensExisting) {
      void navigate(paths.client.note.getHref(patientId, billing.noteId), { replace: true });
    }
  }, [opensExisting, billing, patientId, navigate]);

  const title = additional ? 'Add a family or collateral note' : 'Start the progress note';
  const failure = session.error ?? templates.error;
  if (failure) {
    return (
      <Stack spacing={2}>
        <Typography component="h1" variant="h4">
          {title}
        </Typography>
        <Alert severity="error">{errorMessage(failure)}</Alert>
        <RecordsLink patientId={patientId} />
      </Stack>
    );
  }
  if (!session.data || !templates.data || opensExisting) return <PageSpinner />;

  const templateKey = chosen ?? session.data.suggestedTemplateKey ?? templates.data[0]?.key ?? '';
  const begin = () => {
    start.mutate(
      { templateKey, additional },
      {
        onSuccess: (response) => {
          void navigate(paths.client.note.getHref(patientId, response.data.noteId), {
            replace: true,
          });
        },
      },
    );
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 640 }}>
      <RecordsLink patientId={patientId} />
      <Typography component="h1" variant="h4">
        {title}
      </Typography>
      <Typography>
        {session.data.clientName}, {formatWhen(session.data.sessionAt, timeZone)}.
        {additional
          ? ' It is kept with the session but never billed: the billing note stays the one.'
          : ''}
      </Typography>
      {additional && <SessionNotesList patientId={patientId} notes={session.data.notes} />}
      <TextField
        select
        label="Template"
        value={templateKey}
        onChange={(event) => {
          setChosen(event.target.value);
        }}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        helperText="The note keeps this template's version, whatever changes later."
      >
        {templates.data.map((t) => (
          <option key={t.key} value={t.key}>
            {t.name} (version {t.version})
          </option>
        ))}
      </TextField>
      {start.isError && <Alert severity="error">{errorMessage(start.error)}</Alert>}
      <Button
        variant="contained"
        onClick={begin}
        disabled={templateKey === '' || start.isPending}
        sx={{ alignSelf: 'flex-start' }}
      >
        {additional ? 'Start family or collateral note' : 'Start note'}
      </Button>
    </Stack>
  );
}

function RecordsLink({ patientId }: { patientId: number }) {
  return (
    <Link
      component={RouterLink}
      to={paths.client.records.getHref(patientId)}
      sx={{ alignSelf: 'flex-start' }}
    >
      The client&apos;s records
    </Link>
  );
}
