import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { formatZonedDate, formatZonedTime } from '@openpractice/domain';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../config/paths';
import { EMAIL_STATUS_LABELS, type EmailRow, type EmailSearch } from './api';

const PAGE_SIZES = [10, 25, 50, 100];

const kindLabel = (kind: string | null) =>
  kind === null ? '—' : kind.charAt(0).toUpperCase() + kind.slice(1).replace(/_/g, ' ');

/** One page of the outgoing email, newest or oldest first, with its paging. */
export function EmailTable({
  data,
  timezone,
  direction,
  onDirection,
  page,
  pageSize,
  onPage,
  onPageSize,
}: {
  data: EmailSearch;
  timezone: string;
  direction: 'asc' | 'desc';
  onDirection: (next: 'asc' | 'desc') => void;
  page: number;
  pageSize: number;
  onPage: (next: number) => void;
  onPageSize: (next: number) => void;
}) {
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label="Outgoing email">
          <TableHead>
            <TableRow>
              <TableCell sortDirection={direction}>
                <TableSortLabel
                  active
                  direction={direction}
                  onClick={() => {
                    onDirection(direction === 'asc' ? 'desc' : 'asc');
                  }}
                >
                  When
                </TableSortLabel>
              </TableCell>
              <TableCell>To</TableCell>
              <TableCell>Subject</TableCell>
              <TableCell>Kind</TableCell>
              <TableCell>Status</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.data.map((row) => (
              <EmailTableRow key={row.id} row={row} timezone={timezone} />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={data.total}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={PAGE_SIZES}
        onPageChange={(_event, next) => {
          onPage(next);
        }}
        onRowsPerPageChange={(event) => {
          onPageSize(Number(event.target.value));
        }}
      />
    </Paper>
  );
}

function EmailTableRow({ row, timezone }: { row: EmailRow; timezone: string }) {
  return (
    <TableRow hover>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {formatZonedDate(row.createdAt, timezone)}
        <br />
        {formatZonedTime(row.createdAt, timezone)}
      </TableCell>
      <TableCell sx={{ wordBreak: 'break-all' }}>
        {row.recipient}
        {row.clientId !== null && row.clientName !== null && (
          <Typography variant="body2">
            <Link component={RouterLink} to={paths.client.profile.getHref(row.clientId)}>
              {row.clientName}
            </Link>
          </Typography>
        )}
      </TableCell>
      <TableCell>
        {row.subject}
        {row.body !== null && (
          <details>
            <summary>Message</summary>
            <Typography component="pre" variant="body2" sx={{ whiteSpace: 'pre-wrap', m: 0 }}>
              {row.body}
            </Typography>
          </details>
        )}
      </TableCell>
      <TableCell>{kindLabel(row.kind)}</TableCell>
      <TableCell>
        {EMAIL_STATUS_LABELS[row.status]}
        {row.error && (
          <Typography variant="body2" color="text.secondary">
            {row.error}
          </Typography>
        )}
      </TableCell>
    </TableRow>
  );
}
