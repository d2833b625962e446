import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatPhone, formatTime, formatUsDate } from '@openpractice/domain';

import { VisuallyHidden } from '../../../../ui/visually-hidden';
import { useReferralFaxes, type ReferralFaxStatus } from '../api/referral';

export const FAX_STATUS_LABELS: Record<ReferralFaxStatus, string> = {
  sent: 'Sent',
  logged: 'Not sent (no fax service configured)',
  failed: 'Not sent (delivery failed)',
};

/** The faxes sent to the client's referral sources, newest first, each with its PDF. */
export function ReferralFaxes({ patientId }: { patientId: number }) {
  const faxes = useReferralFaxes(patientId);

  return (
    <Stack spacing={1}>
      <Typography component="h3" variant="h6">
        Faxes
      </Typography>
      {faxes.isPending && <Typography color="text.secondary">Loading…</Typography>}
      {faxes.isError && (
        <Typography color="text.secondary">The faxes could not be loaded.</Typography>
      )}
      {faxes.isSuccess && faxes.data.data.length === 0 && <Typography>No faxes sent.</Typography>}
      {faxes.isSuccess && faxes.data.data.length > 0 && (
        <Table size="small" aria-label="Faxes">
          <TableHead>
            <TableRow>
              <TableCell>Date</TableCell>
              <TableCell>To</TableCell>
              <TableCell>Subject</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>PDF</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {faxes.data.data.map((fax) => (
              <TableRow key={fax.id}>
                <TableCell>
                  {formatUsDate(fax.createdAt)} {formatTime(fax.createdAt)}
                </TableCell>
                <TableCell>
                  {fax.contactName ? `${fax.contactName}, ` : ''}
                  {formatPhone(fax.faxNumber)}
                </TableCell>
                <TableCell>{fax.subject}</TableCell>
                <TableCell>
                  {FAX_STATUS_LABELS[fax.status]}
                  {fax.status === 'failed' && fax.error ? `: ${fax.error}` : ''}
                </TableCell>
                <TableCell>
                  {fax.pdfUrl ? (
                    <Link href={fax.pdfUrl} target="_blank" rel="noopener">
                      Open PDF
                      <VisuallyHidden>
                        {' '}
                        of the fax of {formatUsDate(fax.createdAt)} {formatTime(fax.createdAt)}
                      </VisuallyHidden>
                    </Link>
                  ) : (
                    '-'
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}
