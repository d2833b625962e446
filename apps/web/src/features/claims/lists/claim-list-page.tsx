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
import { Link as RouterLink } from 'react-router';

import { claimRoutes } from '../../../config/paths/claims';
import { errorMessage } from '../../../lib/api-client';
import { PageSpinner } from '../../../ui/page-spinner';
import { useClaimList, type ClaimListRow, type ClaimListStatus } from './api';
import { clientBillingHref, fixLinkOf } from './fix-links';
import { ClaimPagination, useClaimPaging } from '../claim-paging';

const money = { align: 'right', sx: { whiteSpace: 'nowrap' } } as const;

const PAGES: Record<ClaimListStatus, { title: string; description: string; empty: string }> = {
  readyToSubmit: {
    title: 'Claims ready to submit',
    description:
      'Claims the scrubber found nothing blocking on, oldest service first. Warnings are worth a look before submitting.',
    empty: 'No claim is ready to submit.',
  },
  scrubProblem: {
    title: 'Claim scrub problems',
    description:
      'Claims with a problem that stops them, oldest service first. Fix it where the link leads: the claim moves to Ready to submit by itself.',
    empty: 'No claim has a scrub problem.',
  },
};

const datesOf = (row: ClaimListRow) =>
  row.firstDateOfService === row.lastDateOfService
    ? formatUsDate(row.firstDateOfService)
    : `${formatUsDate(row.firstDateOfService)} – ${formatUsDate(row.lastDateOfService)}`;

function Problems({ row }: { row: ClaimListRow }) {
  if (row.problems.length === 0) return <Typography variant="body2">None</Typography>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {row.problems.map((problem) => {
        const fix = fixLinkOf(problem, row.patientId);
        return (
          <li key={`${problem.code}-${problem.field}`}>
            <Typography variant="body2" component="span">
              {problem.severity === 'warning' ? 'Warning: ' : ''}
              {problem.message}{' '}
            </Typography>
            {fix ? (
              <Link component={RouterLink} to={fix.href} variant="body2">
                {fix.label}
              </Link>
            ) : (
              <Typography variant="body2" component="span" color="text.secondary">
                (fixed on the claim itself)
              </Typography>
            )}
          </li>
        );
      })}
    </Box>
  );
}

function ClaimsTable({ rows, title }: { rows: ClaimListRow[]; title: string }) {
  return (
    <Box
      // Six columns do not fit a phone: the table scrolls in its own box, reachable by Tab.
      tabIndex={0}
      role="region"
      aria-label={title}
      sx={{ overflowX: 'auto', maxWidth: '100%' }}
    >
      <Table size="small" sx={{ minWidth: 860 }}>
        <TableHead>
          <TableRow>
            <TableCell scope="col">Client</TableCell>
            <TableCell scope="col">Date of service</TableCell>
            <TableCell scope="col">Payer</TableCell>
            <TableCell scope="col" {...money}>
              Amount
            </TableCell>
            <TableCell scope="col">Claim</TableCell>
            <TableCell scope="col">Problems</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.claimId}>
              <TableCell component="th" scope="row">
                <Link component={RouterLink} to={clientBillingHref(row.patientId)}>
                  {row.clientName}
                </Link>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{datesOf(row)}</TableCell>
              <TableCell>{row.payer}</TableCell>
              <TableCell {...money}>{formatMoney(row.totalCents)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Link
                  component={RouterLink}
                  to={claimRoutes.history.getHref(row.claimId)}
                  aria-label={`Claim ${row.patientControlNumber}: its history`}
                >
                  {row.patientControlNumber}
                </Link>
                <Typography variant="caption" display="block" color="text.secondary">
                  {row.lines === 1 ? '1 service' : `${String(row.lines)} services`}
                  {row.origin === 'automatic' ? ', automatic' : ', by hand'}
                </Typography>
              </TableCell>
              <TableCell sx={{ minWidth: 280 }}>
                <Problems row={row} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** One claim list (spec-1 §2 `/billing/claim/{status}`): loading, failed and empty states, paging. */
function ClaimListPage({ status }: { status: ClaimListStatus }) {
  const { title, description, empty } = PAGES[status];
  const paging = useClaimPaging();
  const { page, pageSize } = paging;
  const list = useClaimList(status, page, pageSize);
  const data = list.data;
  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h4">
        {title}
      </Typography>
      <Typography color="text.secondary">{description}</Typography>
      {list.isPending && <PageSpinner label={`Loading ${title.toLowerCase()}`} />}
      {list.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              Retry
            </Button>
          }
        >
          Unable to load the claims. {errorMessage(list.error)}
        </Alert>
      )}
      {data && data.total === 0 && <Alert severity="info">{empty}</Alert>}
      {data && data.total > 0 && (
        <Stack spacing={1} aria-busy={list.isFetching}>
          <ClaimsTable rows={data.rows} title={title} />
          <ClaimPagination total={data.total} paging={paging} />
        </Stack>
      )}
    </Stack>
  );
}

/** `/billing/claim/problemERA`: in this chunk, so the router carries one import for the lists. */
export { ProblemEraPage } from '../era/problem-era-page';

/** `/billing/claim/readyToSubmit` (spec-1 §2). */
export function ReadyToSubmitPage() {
  return <ClaimListPage status="readyToSubmit" />;
}

/** `/billing/claim/scrubProblem` (spec-1 §2). */
export function ScrubProblemPage() {
  return <ClaimListPage status="scrubProblem" />;
}
