import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatMoney, formatUsDate } from '@openpractice/domain';

import { fetchOpenCredits, useOpenCredits, type OpenCreditsPage } from '../api';
import { openCreditsCsv } from '../logic/list-csv';
import { ClientBillingLink } from './client-link';
import { BalancesListPage } from './list-page';

const money = { align: 'right', sx: { whiteSpace: 'nowrap' } } as const;
// Totals read as part of the table, not as a footnote (MUI's footer is small and grey).
const TOTALS = {
  '& td, & th': { color: 'text.primary', typography: 'body2', fontWeight: 600 },
} as const;

function CreditsTable({ page }: { page: OpenCreditsPage }) {
  return (
    <Box
      tabIndex={0}
      role="region"
      aria-label="Open credits"
      sx={{ overflowX: 'auto', maxWidth: '100%' }}
    >
      <Table size="small" sx={{ minWidth: 420 }}>
        <TableHead>
          <TableRow>
            <TableCell scope="col">Client</TableCell>
            <TableCell scope="col" {...money}>
              Credit
            </TableCell>
            <TableCell scope="col">Last payment</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {page.data.map((row) => (
            <TableRow key={row.patientId}>
              <TableCell component="th" scope="row">
                <ClientBillingLink patientId={row.patientId} name={row.clientName} />
              </TableCell>
              <TableCell {...money}>{formatMoney(row.creditCents)}</TableCell>
              <TableCell>{formatUsDate(row.lastPaymentDate, 'None')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow sx={TOTALS}>
            <TableCell component="th" scope="row">
              {`Totals (${page.total} ${page.total === 1 ? 'client' : 'clients'})`}
            </TableCell>
            <TableCell {...money}>{formatMoney(page.totals.creditCents)}</TableCell>
            <TableCell />
          </TableRow>
        </TableFooter>
      </Table>
    </Box>
  );
}

/** `/billing/balance/openCredits` (spec-1 §2): clients holding credit, largest first. */
export function OpenCreditsPage() {
  return (
    <BalancesListPage
      title="Open credits"
      what="open credits"
      description="Clients holding payments not yet applied to a charge, largest credit first. Totals are over every client in the filter. Credit is not aged: it is money the client has paid ahead."
      empty="No client holds credit under this filter."
      fileName="open-credits.csv"
      useList={useOpenCredits}
      fetchPage={fetchOpenCredits}
      toCsv={openCreditsCsv}
    >
      {(page) => <CreditsTable page={page} />}
    </BalancesListPage>
  );
}
