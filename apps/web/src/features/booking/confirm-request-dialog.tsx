import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatPhone, formatZonedDate } from '@openpractice/domain';
import { useState } from 'react';

import { errorMessage } from '../../lib/api-client';
import { VisuallyHidden } from '../../ui/visually-hidden';
import {
  useDecideRequest,
  type BookingRequestRow,
  type ConfirmChoice,
  type MatchedOn,
  type RequestCandidate,
} from './api';

export const NEW_CLIENT_CHOICE = 'Create a new client';
export const thisIsLabel = (c: RequestCandidate) => `This is ${c.firstName} ${c.lastName}`;

const dateOf = (dob: string | null) => (dob ? formatZonedDate(`${dob}T12:00:00Z`, 'UTC') : '—');
const phoneOf = (phone: string | null) => (phone ? formatPhone(phone) : '—');

type Field = {
  label: string;
  key: MatchedOn;
  request: string;
  of: (c: RequestCandidate) => string;
};

/**
 * Confirming a visitor's request is where staff decide who the visitor is:
 * the request's details beside each client they may be (name, date of birth,
 * email, phone, with what matched), then "Create a new client" or "This is
 * <client>". Only then is the therapist linked to a client and the
 * appointment added to that client's record. A signed-in client's own
 * booking has nothing to choose.
 */
export function ConfirmRequestDialog({
  row,
  summary,
  onClose,
  onConfirmed,
}: {
  row: BookingRequestRow;
  summary: string;
  onClose: () => void;
  onConfirmed: () => void;
}) {
  const decide = useDecideRequest();
  const [choice, setChoice] = useState<string>(
    row.needsClientChoice && row.candidates.length === 0 ? 'new' : '',
  );
  const busy = decide.isPending;

  const confirm = async () => {
    const body: ConfirmChoice = !row.needsClientChoice
      ? {}
      : choice === 'new'
        ? { newClient: true }
        : { clientId: Number(choice) };
    try {
      await decide.mutateAsync({ requestId: row.requestId, decision: 'confirm', choice: body });
      onConfirmed();
    } catch {
      // Shown below from decide.error.
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby="confirm-request-title"
    >
      <DialogTitle id="confirm-request-title">Confirm this appointment?</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {summary}. The client is emailed that it is confirmed.
        </DialogContentText>
        {row.needsClientChoice ? (
          <>
            <DialogContentText sx={{ mb: 1 }}>
              A visitor sent this request. Say who they are: only then is the therapist linked to
              the client and the appointment added to the client&apos;s record.
            </DialogContentText>
            {row.candidates.length === 0 && (
              <Alert severity="info" sx={{ mb: 2 }}>
                No client you can see matches these details.
              </Alert>
            )}
            <CandidateComparison row={row} />
            <WhoIsThis candidates={row.candidates} value={choice} onChange={setChoice} />
          </>
        ) : (
          <DialogContentText>
            Booked by the client through the client portal, for their own record.
          </DialogContentText>
        )}
        {decide.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(decide.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={busy || (row.needsClientChoice && choice === '')}
          onClick={() => void confirm()}
        >
          Confirm appointment
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The request's details, each beside the same detail of every client it may be. */
function CandidateComparison({ row }: { row: BookingRequestRow }) {
  const fields: Field[] = [
    {
      label: 'Name',
      key: 'name',
      request: `${row.firstName} ${row.lastName}`,
      of: (c) => `${c.firstName} ${c.lastName}`,
    },
    { label: 'Date of birth', key: 'dob', request: dateOf(row.dob), of: (c) => dateOf(c.dob) },
    { label: 'Email', key: 'email', request: row.email ?? '—', of: (c) => c.email ?? '—' },
    { label: 'Phone', key: 'phone', request: phoneOf(row.phone), of: (c) => phoneOf(c.phone) },
  ];
  return (
    <TableContainer sx={{ mb: 2 }}>
      <Table size="small" aria-label="The request beside the clients it may be">
        <TableHead>
          <TableRow>
            <TableCell>
              <VisuallyHidden>Detail</VisuallyHidden>
            </TableCell>
            <TableCell>Request</TableCell>
            {row.candidates.map((c) => (
              <TableCell key={c.clientId}>
                Client {c.firstName} {c.lastName}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {fields.map((field) => (
            <TableRow key={field.key}>
              <TableCell component="th" scope="row">
                {field.label}
              </TableCell>
              <TableCell>{field.request}</TableCell>
              {row.candidates.map((c) => (
                <TableCell
                  key={c.clientId}
                  sx={c.matchedOn.includes(field.key) ? { fontWeight: 700 } : undefined}
                >
                  {field.of(c)}
                  {c.matchedOn.includes(field.key) ? ' (matches)' : ''}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** "Create a new client" or "This is <client>": '' until chosen, 'new', or the client's id. */
function WhoIsThis({
  candidates,
  value,
  onChange,
}: {
  candidates: RequestCandidate[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <FormControl>
      <FormLabel id="confirm-request-who">Who is this?</FormLabel>
      <RadioGroup
        aria-labelledby="confirm-request-who"
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      >
        <FormControlLabel value="new" control={<Radio />} label={NEW_CLIENT_CHOICE} />
        {candidates.map((c) => (
          <FormControlLabel
            key={c.clientId}
            value={String(c.clientId)}
            control={<Radio />}
            label={thisIsLabel(c)}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
