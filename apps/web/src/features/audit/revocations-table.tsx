import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatZonedDate, formatZonedTime } from '@openpractice/domain';
import { Link as RouterLink } from 'react-router';

import { formRoutes } from '../../config/paths/form-links';
import { REVOKED_BY_LABELS, type RevocationReport } from './revocations-api';

const PAGE_SIZES = [10, 25, 50, 100];
const COLUMNS = ['Revoked', 'Client', 'Document', 'Signed', 'Revoked by', 'Reason', 'Address'];

const at = (instant: string, timezone: string) =>
  `${formatZonedDate(instant, timezone)} ${formatZonedTime(instant, timezone)}`;

interface RevocationsTableProps {
  report: RevocationReport;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}

/** One page of revocations, newest first: when, whose, which document, by whom and why. */
export function RevocationsTable({ report, page, pageSize, ...props }: RevocationsTableProps) {
  const { timezone } = report;
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label="Document revocations">
          <TableHead>
            <TableRow>
              {COLUMNS.map((label) => (
                <TableCell key={label}>{label}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {report.data.map((row) => (
              <TableRow key={row.id} hover>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{at(row.revokedAt, timezone)}</TableCell>
                <TableCell>
                  <Link component={RouterLink} to={formRoutes.clientProfile(row.patientId)}>
                    {row.clientName}
                  </Link>
                </TableCell>
                <TableCell>
                  <Link component={RouterLink} to={formRoutes.response(row.assignmentId)}>
                    {row.formName}
                  </Link>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {row.signedAt ? at(row.signedAt, timezone) : '—'}
                </TableCell>
                <TableCell>
                  {REVOKED_BY_LABELS[row.revokedByRole]}
                  {row.revokedBy && (
                    <Typography variant="body2" color="text.secondary">
                      {row.revokedBy}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>{row.reason || '—'}</TableCell>
                <TableCell sx={{ wordBreak: 'break-all' }}>{row.ip ?? '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={report.total}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={PAGE_SIZES}
        onPageChange={(_event, next) => {
          props.onPage(next);
        }}
        onRowsPerPageChange={(event) => {
          props.onPageSize(Number(event.target.value));
        }}
      />
    </Paper>
  );
}
