import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';

import { formRoutes } from '../../../config/paths/form-links';
import { errorMessage } from '../../../lib/api-errors';
import { PageSpinner } from '../../../ui/page-spinner';
import { useAcknowledgeAlert, useMeasureAlerts, useMeasures, type MeasureHistory } from '../api';
import { ScoreChart } from './score-chart';

function Measure({ history }: { history: MeasureHistory }) {
  const titleId = `measure-${history.measure}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
          <Typography id={titleId} component="h2" variant="h6">
            {history.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            LOINC {history.loinc}
          </Typography>
          {history.response && <Chip size="small" color="success" label="Response (≥ 50% drop)" />}
          {history.remission && <Chip size="small" color="success" label="Remission (< 5)" />}
        </Stack>
        {history.points.length === 0 ? (
          <Typography>No scores yet.</Typography>
        ) : (
          <>
            <ScoreChart history={history} />
            <Table size="small" aria-label={`${history.name} scores`}>
              <TableHead>
                <TableRow>
                  <TableCell>Date</TableCell>
                  <TableCell>Score</TableCell>
                  <TableCell>Severity</TableCell>
                  <TableCell>Note</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {history.points.map((p) => (
                  <TableRow key={p.assignmentId}>
                    <TableCell>
                      <Link component={RouterLink} to={formRoutes.response(p.assignmentId)}>
                        {new Date(p.scoredAt).toLocaleDateString()}
                      </Link>
                    </TableCell>
                    <TableCell>{p.complete ? p.total : 'Incomplete'}</TableCell>
                    <TableCell>{p.severity ?? '—'}</TableCell>
                    <TableCell>{p.selfHarmAlert ? 'Item 9 above zero' : ''}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** The therapist's open item-9 alerts for this client (the API lists the caller's own). */
function Alerts({ patientId }: { patientId: number }) {
  const alerts = useMeasureAlerts(true);
  const acknowledge = useAcknowledgeAlert();
  const mine = (alerts.data ?? []).filter((a) => a.patientId === patientId && !a.acknowledgedAt);
  if (mine.length === 0) return null;
  return (
    <Alert severity="error" role="region" aria-label="PHQ-9 item 9 alerts">
      <Stack spacing={1}>
        {mine.map((a) => (
          <Stack
            key={a.id}
            direction="row"
            spacing={2}
            alignItems="center"
            flexWrap="wrap"
            useFlexGap
          >
            <span>
              PHQ-9 item 9 answered above zero on {new Date(a.createdAt).toLocaleString()}.
            </span>
            <Link component={RouterLink} to={formRoutes.response(a.assignmentId)}>
              Open the response
            </Link>
            <Button
              size="small"
              color="inherit"
              disabled={acknowledge.isPending}
              onClick={() => {
                acknowledge.mutate(a.id);
              }}
            >
              Mark seen
            </Button>
          </Stack>
        ))}
      </Stack>
    </Alert>
  );
}

/** `/client/{id}/measures`: PHQ-9 and GAD-7 over time, with severity bands, response and remission. */
export function MeasuresPage() {
  const param = useParams().id;
  const patientId = param !== undefined && /^\d{1,9}$/.test(param) ? Number(param) : 0;
  const measures = useMeasures(patientId);
  return (
    <Stack spacing={3} sx={{ maxWidth: 900, minWidth: 0 }}>
      <Typography component="h1" variant="h4">
        Measures
      </Typography>
      <Stack direction="row" spacing={3}>
        <Link component={RouterLink} to={formRoutes.clientForms(patientId)}>
          The client’s forms
        </Link>
        <Link component={RouterLink} to={formRoutes.clientProfile(patientId)}>
          The client’s record
        </Link>
      </Stack>
      <Alerts patientId={patientId} />
      {measures.isPending && <PageSpinner />}
      {measures.isError && <Alert severity="warning">{errorMessage(measures.error)}</Alert>}
      {measures.data?.length === 0 && (
        <Typography>No measures have been given to this client.</Typography>
      )}
      {measures.data?.map((h) => (
        <Measure key={h.measure} history={h} />
      ))}
    </Stack>
  );
}
