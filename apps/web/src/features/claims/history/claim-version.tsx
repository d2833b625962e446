import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { CLAIM_STATUS_LABELS, formatMoney, formatUsDate } from '@openpractice/domain';

import type { ClaimHistoryVersion } from './api';

const FREQUENCY: Record<ClaimHistoryVersion['frequency'], string> = {
  '1': 'original',
  '7': 'corrected',
  '8': 'void',
};

/** What an event's detail says that a person reads: a scrub's problems, a reason, a note. */
function detailLines(detail: Record<string, unknown>): string[] {
  const lines: string[] = [];
  const problems = detail.problems;
  if (Array.isArray(problems)) {
    for (const problem of problems as { message?: unknown; severity?: unknown }[]) {
      if (typeof problem.message === 'string')
        lines.push(`${problem.severity === 'warning' ? 'Warning: ' : ''}${problem.message}`);
    }
  }
  for (const key of ['reason', 'message', 'note'] as const) {
    const value = detail[key];
    if (typeof value === 'string' && value !== '') lines.push(value);
  }
  return lines;
}

const when = (at: string) =>
  new Date(at).toLocaleString('en-US', { dateStyle: 'short', timeStyle: 'short' });

function Lines({ version }: { version: ClaimHistoryVersion }) {
  const label = `Services of version ${String(version.version)}`;
  return (
    <Box tabIndex={0} role="region" aria-label={label} sx={{ overflowX: 'auto', maxWidth: '100%' }}>
      <Table size="small" sx={{ minWidth: 640 }}>
        <TableHead>
          <TableRow>
            <TableCell scope="col">Date of service</TableCell>
            <TableCell scope="col">Service</TableCell>
            <TableCell scope="col">Units</TableCell>
            <TableCell scope="col" align="right">
              Charge
            </TableCell>
            <TableCell scope="col">Place</TableCell>
            <TableCell scope="col">Line number</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {version.lines.map((line) => (
            <TableRow key={line.position}>
              <TableCell>{formatUsDate(line.dateOfService)}</TableCell>
              <TableCell>{[line.procedureCode, ...line.modifiers].join(' ')}</TableCell>
              <TableCell>{line.units}</TableCell>
              <TableCell align="right">
                {line.chargeCents === null ? 'No fee' : formatMoney(line.chargeCents)}
              </TableCell>
              <TableCell>{line.placeOfService}</TableCell>
              <TableCell>{line.lineControlNumber}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** One version of a claim: what it billed, then its events, oldest first. */
export function ClaimVersionSection({ version }: { version: ClaimHistoryVersion }) {
  const headingId = `claim-version-${String(version.versionId)}`;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h2" variant="h6">
        Version {version.version} ({FREQUENCY[version.frequency]}): {version.patientControlNumber}
      </Typography>
      {version.originalClaimNumber && (
        <Typography>Replaces the payer&apos;s claim {version.originalClaimNumber}</Typography>
      )}
      <Typography color="text.secondary">
        Diagnoses: {version.diagnoses.length > 0 ? version.diagnoses.join(', ') : 'none'}
        {version.priorAuthorisation ? `; prior authorisation ${version.priorAuthorisation}` : ''}
      </Typography>
      <Lines version={version} />
      <Typography component="h3" variant="subtitle1" sx={{ mt: 2 }}>
        Events
      </Typography>
      <Box component="ol" sx={{ m: 0, pl: 3 }}>
        {version.events.map((event) => (
          <li key={event.id}>
            <Typography variant="body2">
              {when(event.at)}: {event.kind}, then {CLAIM_STATUS_LABELS[event.status]}
              {event.userName ? ` (by ${event.userName})` : ''}
            </Typography>
            {detailLines(event.detail).map((line) => (
              <Typography key={line} variant="body2" color="text.secondary">
                {line}
              </Typography>
            ))}
          </li>
        ))}
      </Box>
    </Box>
  );
}
