import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatMoney, formatTime, formatUsDate } from '@openpractice/domain';

import { billingApi } from '../../../config/paths/api-billing';
import { ClientBillingLink } from '../balances/client-link';
import type { StatementRow } from './api';

const money = { align: 'right', sx: { whiteSpace: 'nowrap' } } as const;

/** When and how it went out: emailed (with when), else kept for download or print. */
export function deliveryText(row: Pick<StatementRow, 'delivery' | 'emailedAt'>): string {
  if (row.delivery === 'email' && row.emailedAt !== null) {
    return `Emailed ${formatUsDate(row.emailedAt)}`;
  }
  return 'Downloaded';
}

/** The statements report's rows: one statement each, with its PDF. */
export function StatementsTable({ rows }: { rows: readonly StatementRow[] }) {
  return (
    <Box
      // Eight columns do not fit a phone: the table scrolls in its own box, reachable by Tab.
      tabIndex={0}
      role="region"
      aria-label="Statements"
      sx={{ overflowX: 'auto', maxWidth: '100%' }}
    >
      <Table size="small" sx={{ minWidth: 960 }}>
        <TableHead>
          <TableRow>
            <TableCell scope="col">Client</TableCell>
            <TableCell scope="col">Period</TableCell>
            <TableCell scope="col" {...money}>
              Closing balance
            </TableCell>
            <TableCell scope="col" {...money}>
              Amount due
            </TableCell>
            <TableCell scope="col">Made by</TableCell>
            <TableCell scope="col">Made</TableCell>
            <TableCell scope="col">Sent</TableCell>
            <TableCell scope="col">PDF</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.statementId} data-statement-id={row.statementId}>
              <TableCell component="th" scope="row">
                <ClientBillingLink patientId={row.patientId} name={row.clientName} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {`${formatUsDate(row.from)} – ${formatUsDate(row.to)}`}
              </TableCell>
              <TableCell {...money}>{formatMoney(row.closingCents)}</TableCell>
              <TableCell {...money}>{formatMoney(row.amountDueCents)}</TableCell>
              <TableCell>{row.createdBy ?? 'The practice'}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {`${formatUsDate(row.createdAt)} ${formatTime(row.createdAt)}`}
              </TableCell>
              <TableCell>{deliveryText(row)}</TableCell>
              <TableCell>
                <Link
                  href={billingApi.statementPdf(row.statementId)}
                  download
                  aria-label={`Download the statement for ${row.clientName}, ${formatUsDate(row.from)} to ${formatUsDate(row.to)}`}
                >
                  Download
                </Link>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
