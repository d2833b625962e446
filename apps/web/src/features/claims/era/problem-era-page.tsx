import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatMoney, formatUsDate } from '@openpractice/domain';

import { errorMessage } from '../../../lib/api-client';
import { PageSpinner } from '../../../ui/page-spinner';
import { useEraProblems, type EraProblemRow } from './api';
import { ClaimPagination, useClaimPaging } from '../claim-paging';

const TITLE = 'ERA problems';

function ProblemsTable({ rows }: { rows: EraProblemRow[] }) {
  return (
    <Box
      // Six columns do not fit a phone: the table scrolls in its own box, reachable by Tab.
      tabIndex={0}
      role="region"
      aria-label={TITLE}
      sx={{ overflowX: 'auto', maxWidth: '100%' }}
    >
      <Table size="small" sx={{ minWidth: 820 }}>
        <TableHead>
          <TableRow>
            <TableCell scope="col">Claim</TableCell>
            <TableCell scope="col">Problem</TableCell>
            <TableCell scope="col">Payer</TableCell>
            <TableCell scope="col">Check or EFT</TableCell>
            <TableCell scope="col" align="right">
              Payment
            </TableCell>
            <TableCell scope="col">Payment date</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                {row.patientControlNumber ?? 'Whole ERA'}
              </TableCell>
              <TableCell sx={{ minWidth: 280 }}>{row.reason}</TableCell>
              <TableCell>{row.payer}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.traceNumber}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatMoney(row.paymentCents)}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {row.paymentDate ? formatUsDate(row.paymentDate) : ''}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * `/billing/claim/problemERA` (spec-1 §2): what ERAs could not post (a claim that matches none
 * of the practice's, a line that matches none of the claim's, sums that do not add up, a
 * payment that does not balance), newest first, with the payment it came in.
 */
export function ProblemEraPage() {
  const paging = useClaimPaging();
  const { page, pageSize } = paging;
  const list = useEraProblems(page, pageSize);
  const data = list.data;
  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h4">
        {TITLE}
      </Typography>
      <Typography color="text.secondary">
        What electronic remittances (ERA 835) could not post, newest first. Everything else in the
        same ERA was posted; these wait for a person to post by hand or ask the payer.
      </Typography>
      {list.isPending && <PageSpinner label="Loading ERA problems" />}
      {list.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              Retry
            </Button>
          }
        >
          Unable to load the ERA problems. {errorMessage(list.error)}
        </Alert>
      )}
      {data && data.total === 0 && <Alert severity="info">No ERA has a problem.</Alert>}
      {data && data.total > 0 && (
        <Stack spacing={1} aria-busy={list.isFetching}>
          <ProblemsTable rows={data.rows} />
          <ClaimPagination total={data.total} paging={paging} />
        </Stack>
      )}
    </Stack>
  );
}
