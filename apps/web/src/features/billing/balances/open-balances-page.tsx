import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { AGING_BUCKETS, formatMoney, formatUsDate } from '@openpractice/domain';

import { fetchOpenBalances, useOpenBalances, type OpenBalancesPage } from '../api';
import { openBalancesCsv } from '../logic/list-csv';
import { ClientBillingLink } from './client-link';
import { BalancesListPage } from './list-page';

const money = { align: 'right', sx: { whiteSpace: 'nowrap' } } as const;
// Totals read as part of the table, not as a footnote (MUI's footer is small and grey).
const TOTALS = {
  '& td, & th': { color: 'text.primary', typography: 'body2', fontWeight: 600 },
} as const;

function BalancesTable({ page }: { page: OpenBalancesPage }) {
  return (
    <Box
      // Nine columns do not fit a phone: the table scrolls in its own box, reachable by Tab.
      tabIndex={0}
      role="region"
      aria-label="Open balances"
      sx={{ overflowX: 'auto', maxWidth: '100%' }}
    >
      <Table size="small" sx={{ minWidth: 960 }}>
        <TableHead>
          <TableRow>
            <TableCell scope="col">Client</TableCell>
            <TableCell scope="col" {...money}>
              Balance
            </TableCell>
            {AGING_BUCKETS.map((b) => (
              <TableCell key={b.key} scope="col" {...money}>
                {b.label}
              </TableCell>
            ))}
            <TableCell scope="col">Oldest service</TableCell>
            <TableCell scope="col">Last payment</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {page.data.map((row) => (
            <TableRow key={row.patientId}>
              <TableCell component="th" scope="row">
                <ClientBillingLink patientId={row.patientId} name={row.clientName} />
              </TableCell>
              <TableCell {...money}>{formatMoney(row.balanceCents)}</TableCell>
              {AGING_BUCKETS.map((b) => (
                <TableCell key={b.key} {...money}>
                  {formatMoney(row.aging[b.key])}
                </TableCell>
              ))}
              <TableCell>{formatUsDate(row.oldestDateOfService, '—')}</TableCell>
              <TableCell>{formatUsDate(row.lastPaymentDate, 'None')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow sx={TOTALS}>
            <TableCell component="th" scope="row">
              {`Totals (${page.total} ${page.total === 1 ? 'client' : 'clients'})`}
            </TableCell>
            <TableCell {...money}>{formatMoney(page.totals.balanceCents)}</TableCell>
            {AGING_BUCKETS.map((b) => (
              <TableCell key={b.key} {...money}>
                {formatMoney(page.totals.aging[b.key])}
              </TableCell>
            ))}
            <TableCell colSpan={2} />
          </TableRow>
        </TableFooter>
      </Table>
    </Box>
  );
}

/** `/billing/balance/openBalances` (spec-1 §2): clients who owe, largest first, aged. */
export function OpenBalancesPage() {
  return (
    <BalancesListPage
      title="Open balances"
      what="open balances"
      description="Clients who owe, largest balance first. Totals are over every client in the filter."
      empty="No client owes anything under this filter."
      fileName="open-balances.csv"
      useList={useOpenBalances}
      fetchPage={fetchOpenBalances}
      toCsv={openBalancesCsv}
    >
      {(page) => (
        <>
          <BalancesTable page={page} />
          <Typography variant="body2" color="text.secondary">
            {page.agingBasis} Each bucket counts the days from the session to today.
          </Typography>
        </>
      )}
    </BalancesListPage>
  );
}
