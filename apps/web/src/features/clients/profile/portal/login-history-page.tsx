import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatTime, formatUsDate, fullName } from '@openpractice/domain';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../../../config/paths';
import { useLoginHistory } from '../api/portal';
import { useClientProfile } from '../api/profile';
import { LoadFailed } from '../lib/load-failed';
import { MESSAGES } from '../lib/messages';
import { SectionSpinner } from '../lib/section-spinner';
import { useLoadErrorToast } from '../lib/use-load-error-toast';

/** The server answers at most 50 sign-ins a page. */
const PAGE_SIZES = [10, 25, 50];

/** `/client/{id}/loginHistory`: the client's portal sign-in attempts, newest first. */
export function LoginHistoryPage({ patientId }: { patientId: number }) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const history = useLoginHistory(patientId, page * pageSize, pageSize);
  const profile = useClientProfile(patientId);
  useLoadErrorToast(history, MESSAGES.loadLoginHistory);
  const name = profile.data ? fullName(profile.data.basicDetails) : null;

  return (
    <Stack spacing={3} sx={{ maxWidth: 880 }}>
      <Stack spacing={1}>
        <Typography component="h1" variant="h4">
          Portal login history
        </Typography>
        {name && <Typography color="text.secondary">{name}</Typography>}
        <Link component={RouterLink} to={paths.client.profile.getHref(patientId, 'portal')}>
          Back to the client’s portal details
        </Link>
      </Stack>
      {history.isPending && <SectionSpinner />}
      {history.isError && !history.data && <LoadFailed onRetry={() => void history.refetch()} />}
      {history.data && history.data.total === 0 && (
        <Typography>The client has not signed in to the portal.</Typography>
      )}
      {history.data && history.data.total > 0 && (
        <>
          <Table size="small" aria-label="Portal sign-ins">
            <TableHead>
              <TableRow>
                <TableCell>Date and time</TableCell>
                <TableCell>Succeeded</TableCell>
                <TableCell>Address</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {history.data.data.map((attempt) => (
                <TableRow key={attempt.id}>
                  <TableCell>
                    {formatUsDate(attempt.at)} {formatTime(attempt.at)}
                  </TableCell>
                  <TableCell>{attempt.succeeded ? 'Yes' : 'No'}</TableCell>
                  <TableCell>{attempt.ip ?? 'Unknown'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <TablePagination
            component="div"
            count={history.data.total}
            page={page}
            rowsPerPage={pageSize}
            rowsPerPageOptions={PAGE_SIZES}
            onPageChange={(_event, next) => {
              setPage(next);
            }}
            onRowsPerPageChange={(event) => {
              setPageSize(Number(event.target.value));
              setPage(0);
            }}
          />
        </>
      )}
    </Stack>
  );
}
