import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { EMAIL_MONITORING_WINDOW_DAYS, formatTime, formatUsDate } from '@openpractice/domain';
import { useMemo } from 'react';

import { useOutboundEmails } from '../api/portal';
import { isoDaysAgo } from '../lib/dates';
import { EMAIL_STATUS_LABELS } from './portal-actions';

/**
 * The emails sent to the client in the last 120 days (email monitoring, for
 * managers). A failure to load is only logged (spec-2 §8), so it shows no toast.
 */
export function OutboundEmails({ patientId }: { patientId: number }) {
  const sentAfter = useMemo(() => isoDaysAgo(new Date(), EMAIL_MONITORING_WINDOW_DAYS), []);
  const sentBefore = useMemo(() => isoDaysAgo(new Date()), []);
  const emails = useOutboundEmails(patientId, sentAfter, sentBefore);

  return (
    <Stack spacing={1}>
      <Typography component="h3" variant="h6">
        Emails to the client
      </Typography>
      {emails.isPending && <Typography color="text.secondary">Loading…</Typography>}
      {emails.isError && (
        <Typography color="text.secondary">The emails could not be loaded.</Typography>
      )}
      {emails.isSuccess && emails.data.data.length === 0 && (
        <Typography>No emails in the last {EMAIL_MONITORING_WINDOW_DAYS} days.</Typography>
      )}
      {emails.isSuccess && emails.data.data.length > 0 && (
        <Table size="small" aria-label="Emails to the client">
          <TableHead>
            <TableRow>
              <TableCell>Date</TableCell>
              <TableCell>To</TableCell>
              <TableCell>Subject</TableCell>
              <TableCell>Status</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {emails.data.data.map((email) => (
              <TableRow key={email.id}>
                <TableCell>
                  {formatUsDate(email.createdAt)} {formatTime(email.createdAt)}
                </TableCell>
                <TableCell>{email.recipient}</TableCell>
                <TableCell>{email.subject}</TableCell>
                <TableCell>
                  {EMAIL_STATUS_LABELS[email.status]}
                  {email.status === 'failed' && email.error ? `: ${email.error}` : ''}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}
