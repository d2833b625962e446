import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  CLIENT_LIST_PAGE_SIZES,
  DEFAULT_CLIENT_LIST_PAGE_SIZE,
  formatUsDate,
  fullName,
  NONE_TEXT,
} from '@openpractice/domain';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { PageSpinner } from '../../../ui/page-spinner';
import { VisuallyHidden } from '../../../ui/visually-hidden';
import { useRetention, type RetentionRow } from './api';
import { SnoozeDialog } from './snooze-dialog';

export const NO_RETENTION_CLIENTS =
  'Every active client has an upcoming appointment or is snoozed.';

const nameOf = (row: RetentionRow) => fullName(row);

/**
 * `/client/retention` (spec-2 §2): active clients with no upcoming appointment,
 * newest first, each with a Snooze button that takes them off the list until a date.
 */
export function RetentionPage() {
  const [rowsPerPage, setRowsPerPage] = useState<number>(DEFAULT_CLIENT_LIST_PAGE_SIZE);
  const [page, setPage] = useState(0);
  const [snoozing, setSnoozing] = useState<RetentionRow | null>(null);
  const retention = useRetention({ limit: rowsPerPage, offset: page * rowsPerPage });
  const data = retention.data;

  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h4">
        Retention
      </Typography>
      <Typography color="text.secondary">
        Active clients with no upcoming appointment, newest first. Snooze a client you have already
        reached out to.
      </Typography>
      {retention.isPending && <PageSpinner />}
      {retention.isError && <Alert severity="error">{errorMessage(retention.error)}</Alert>}
      {data && data.data.length === 0 && page === 0 && (
        <Alert severity="success">{NO_RETENTION_CLIENTS}</Alert>
      )}
      {data && (data.data.length > 0 || page > 0) && (
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" aria-label="Clients with no upcoming appointment">
              <TableHead>
                <TableRow>
                  <TableCell>Client</TableCell>
                  <TableCell>Therapists</TableCell>
                  <TableCell>Last appointment</TableCell>
                  <TableCell align="right">Days since added</TableCell>
                  <TableCell>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.data.map((row) => (
                  <TableRow key={row.patientId} hover>
                    <TableCell>
                      <Link component={RouterLink} to={paths.client.profile.getHref(row.patientId)}>
                        {nameOf(row)}
                      </Link>
                    </TableCell>
                    <TableCell>{row.therapistNames.join(', ')}</TableCell>
                    <TableCell>{formatUsDate(row.lastAppointment, NONE_TEXT)}</TableCell>
                    <TableCell align="right">{row.daysSinceAdded}</TableCell>
                    <TableCell align="right">
                      <Button
                        size="small"
                        aria-label={`Snooze ${nameOf(row)}`}
                        onClick={() => {
                          setSnoozing(row);
                        }}
                      >
                        Snooze
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={data.hasMore ? -1 : page * rowsPerPage + data.data.length}
            page={page}
            rowsPerPage={rowsPerPage}
            rowsPerPageOptions={[...CLIENT_LIST_PAGE_SIZES]}
            onPageChange={(_event, next) => {
              setPage(next);
            }}
            onRowsPerPageChange={(event) => {
              setRowsPerPage(Number(event.target.value));
              setPage(0);
            }}
          />
        </Paper>
      )}
      {snoozing && data && (
        <SnoozeDialog
          client={{ patientId: snoozing.patientId, name: nameOf(snoozing) }}
          today={data.today}
          onClose={() => {
            setSnoozing(null);
          }}
        />
      )}
    </Stack>
  );
}
