import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';

import { formRoutes } from '../../config/paths/form-links';
import { errorMessage } from '../../lib/api-errors';
import { ClientPicker } from '../../ui/client-picker';
import { PageSpinner } from '../../ui/page-spinner';
import { useClientForms } from './api';
import { AssignDialog } from './assign-dialog';
import { StateChip } from './response-summary';

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : '—');

function Assignments({ patientId }: { patientId: number }) {
  const forms = useClientForms(patientId);
  const [assigning, setAssigning] = useState(false);
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap" useFlexGap>
        <Button
          variant="contained"
          onClick={() => {
            setAssigning(true);
          }}
        >
          Assign forms
        </Button>
        <Link component={RouterLink} to={formRoutes.measures(patientId)}>
          Measures
        </Link>
        <Link component={RouterLink} to={formRoutes.clientProfile(patientId)}>
          The client’s record
        </Link>
      </Stack>
      <AssignDialog
        patientId={patientId}
        open={assigning}
        onClose={() => {
          setAssigning(false);
        }}
      />
      {forms.isPending && <PageSpinner />}
      {forms.isError && <Alert severity="warning">{errorMessage(forms.error)}</Alert>}
      {forms.data?.length === 0 && (
        <Typography>No forms have been given to this client.</Typography>
      )}
      {forms.data && forms.data.length > 0 && (
        <Table size="small" aria-label="Forms given to the client">
          <TableHead>
            <TableRow>
              <TableCell>Form</TableCell>
              <TableCell>State</TableCell>
              <TableCell>Assigned</TableCell>
              <TableCell>Completed</TableCell>
              <TableCell>Signed</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {forms.data.map((f) => (
              <TableRow key={f.id}>
                <TableCell>
                  <Link component={RouterLink} to={formRoutes.response(f.id)}>
                    {f.name}
                  </Link>{' '}
                  <Typography component="span" variant="body2" color="text.secondary">
                    v{f.version}
                  </Typography>
                </TableCell>
                <TableCell>
                  <StateChip state={f.state} />
                </TableCell>
                <TableCell>{day(f.assignedAt)}</TableCell>
                <TableCell>{day(f.submittedAt)}</TableCell>
                <TableCell>{day(f.signedAt)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}

/**
 * `/client/forms?patientId=` (spec-2 §2 `/client/forms`): a client's forms with their states,
 * assigning more, and each response. Without a client, a picker chooses one; the name rides
 * in the navigation state (reading the record only for its name would audit a profile read).
 */
export function ClientFormsPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const raw = search.get('patientId');
  const patientId = raw !== null && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  const name = (location.state as { clientName?: string } | null)?.clientName;
  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <Typography component="h1" variant="h4">
        {name ? `Forms of ${name}` : 'Client forms'}
      </Typography>
      <ClientPicker
        label={patientId === null ? 'Find a client' : 'Another client'}
        clearOnSelect
        onSelect={(client) => {
          void navigate(formRoutes.clientForms(client.id), { state: { clientName: client.name } });
        }}
        sx={{ maxWidth: 420 }}
      />
      {patientId !== null && <Assignments key={patientId} patientId={patientId} />}
    </Stack>
  );
}
