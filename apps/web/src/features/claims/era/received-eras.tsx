import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@openpractice/domain';
import { Link as RouterLink } from 'react-router';

import { claimRoutes } from '../../../config/paths/claims';
import { errorMessage } from '../../../lib/api-client';
import { PageSpinner } from '../../../ui/page-spinner';
import { ClaimPagination, useClaimPaging } from '../claim-paging';
import { useEraFiles, type EraFileRow } from './api';

const TITLE = 'Received ERAs';

/** When it arrived, on this computer's calendar (an ERA fetched at night is that night's). */
const RECEIVED = new Intl.DateTimeFormat('en-US', {
  month: '2-digit',
  day: '2-digit',
  year: 'numeric',
});

function Outcome({ row }: { row: EraFileRow }) {
  const posted =
    row.claimsPosted === 1 ? '1 claim posted' : `${String(row.claimsPosted)} claims posted`;
  if (row.problems === 0) return <>{posted}</>;
  return (
    <>
      {posted},{' '}
      <Link component={RouterLink} to={claimRoutes.problemEra.getHref()}>
        {row.problems === 1 ? '1 problem' : `${String(row.problems)} problems`}
      </Link>
    </>
  );
}

/**
 * The electronic remittances (ERA 835) the practice received, uploaded or fetched, newest first:
 * what each paid, how many claims it posted and how many wait on problemERA (issue 20 item 7).
 */
export function ReceivedEras() {
  const paging = useClaimPaging();
  const list = useEraFiles(paging.page, paging.pageSize);
  const data = list.data;
  return (
    <Stack spacing={1} component="section">
      <Typography component="h2" variant="h5">
        {TITLE}
      </Typography>
      {list.isPending && <PageSpinner label="Loading the received ERAs" />}
      {list.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              Retry
            </Button>
          }
        >
          Unable to load the received ERAs. {errorMessage(list.error)}
        </Alert>
      )}
      {data && data.total === 0 && (
        <Alert severity="info">No ERA has been received yet. Upload an 835 to post it.</Alert>
      )}
      {data && data.total > 0 && (
        <Stack spacing={1} aria-busy={list.isFetching}>
          <Box
            // Six columns do not fit a phone: the table scrolls in its own box, reachable by Tab.
            tabIndex={0}
            role="region"
            aria-label={TITLE}
            sx={{ overflowX: 'auto', maxWidth: '100%' }}
          >
            <Table size="small" sx={{ minWidth: 760 }}>
              <TableHead>
                <TableRow>
                  <TableCell scope="col">Received</TableCell>
                  <TableCell scope="col">Payer</TableCell>
                  <TableCell scope="col">Check or EFT</TableCell>
                  <TableCell scope="col" align="right">
                    Payment
                  </TableCell>
                  <TableCell scope="col">Posted</TableCell>
                  <TableCell scope="col">File</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.rows.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                      {RECEIVED.format(new Date(row.receivedAt))}
                    </TableCell>
                    <TableCell>{row.payer}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.traceNumber}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(row.totalPaidCents)}
                    </TableCell>
                    <TableCell>
                      <Outcome row={row} />
                    </TableCell>
                    <TableCell>
                      {row.fileName ?? 'Fetched'}
                      {row.uploadedBy && (
                        <Typography variant="caption" display="block" color="text.secondary">
                          by {row.uploadedBy}
                        </Typography>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          <ClaimPagination total={data.total} paging={paging} />
        </Stack>
      )}
    </Stack>
  );
}
