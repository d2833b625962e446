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
import { formatMoney, formatUsDate } from '@openpractice/domain';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';

import { claimRoutes } from '../../../config/paths/claims';
import { errorMessage } from '../../../lib/api-client';
import { PageSpinner } from '../../../ui/page-spinner';
import { VisuallyHidden } from '../../../ui/visually-hidden';
import { useSnackbar } from '../../../ui/snackbar/snackbar';
import { useEraProblems, type EraProblemRow } from './api';
import { ClaimPagination, useClaimPaging } from '../claim-paging';

const TITLE = 'ERA problems';

// Loaded when a biller first resolves a row: the list itself needs no dialog or form fields.
const ResolveProblemDialog = lazy(async () => ({
  default: (await import('./resolve-problem-dialog')).ResolveProblemDialog,
}));

function ProblemsTable({
  rows,
  onResolve,
}: {
  rows: EraProblemRow[];
  onResolve: (row: EraProblemRow) => void;
}) {
  return (
    <Box
      // Six columns do not fit a phone: the table scrolls in its own box, reachable by Tab.
      tabIndex={0}
      role="region"
      aria-label={TITLE}
      sx={{ overflowX: 'auto', maxWidth: '100%' }}
    >
      <Table size="small" sx={{ minWidth: 920 }}>
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
            <TableCell scope="col">
              <VisuallyHidden>Action</VisuallyHidden>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                {row.claimId !== null ? (
                  <Link
                    component={RouterLink}
                    to={claimRoutes.history.getHref(row.claimId)}
                    aria-label={`Claim ${row.patientControlNumber ?? ''}: its history`}
                  >
                    {row.patientControlNumber}
                  </Link>
                ) : (
                  (row.patientControlNumber ?? 'Whole ERA')
                )}
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
              <TableCell>
                <Button
                  size="small"
                  variant="outlined"
                  onClick={() => {
                    onResolve(row);
                  }}
                  aria-label={`Resolve the problem with ${row.patientControlNumber ?? 'the whole ERA'}`}
                >
                  Resolve
                </Button>
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
  const [resolving, setResolving] = useState<EraProblemRow | null>(null);
  const { enqueueSnackbar } = useSnackbar();
  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h4">
        {TITLE}
      </Typography>
      <Typography color="text.secondary">
        What electronic remittances (ERA 835) could not post, newest first. Everything else in the
        same ERA was posted; these wait for a person to post by hand or ask the payer, then resolve.
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
          <ProblemsTable rows={data.rows} onResolve={setResolving} />
          <ClaimPagination total={data.total} paging={paging} />
        </Stack>
      )}
      {resolving && (
        <Suspense fallback={null}>
          <ResolveProblemDialog
            row={resolving}
            onClose={() => {
              setResolving(null);
            }}
            onResolved={() => {
              setResolving(null);
              enqueueSnackbar('ERA problem resolved.', { variant: 'success' });
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
