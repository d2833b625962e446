import Alert from '@mui/material/Alert';
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
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import {
  CLIENT_LIST_PAGE_SIZES,
  DEFAULT_INTAKE_DAYS,
  formatTime,
  formatUsDate,
  fullName,
  type IntakeSortKey,
} from '@openpractice/domain';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { PageSpinner } from '../../ui/page-spinner';
import {
  useNewClientsWithAppointments,
  useNewClientsWithoutAppointments,
  type IntakeRow,
} from './api';
import { useIntakePreferences } from './intake-preferences';

export const NO_NEW_CLIENTS_WITH_APPOINTMENTS = 'No new clients with upcoming appointments.';
export const NO_NEW_CLIENTS = `No clients were added in the last ${DEFAULT_INTAKE_DAYS} days.`;

const WITH_APPOINTMENTS_HEADING = 'New clients with upcoming appointments';
const WITHOUT_APPOINTMENTS_HEADING = 'New clients without appointments';

function ClientLink({ row }: { row: IntakeRow }) {
  return (
    <Link component={RouterLink} to={paths.client.profile.getHref(row.patientId)}>
      {fullName(row)}
    </Link>
  );
}

function appointmentText(value: string | null): string {
  if (value === null) return '';
  const time = value.length > 10 ? formatTime(value) : '';
  return [formatUsDate(value), time].filter(Boolean).join(' ');
}

const SORTABLE: { key: IntakeSortKey; label: string }[] = [
  { key: 'name', label: 'Client' },
  { key: 'firstAppointment', label: 'First appointment' },
  { key: 'added', label: 'Added' },
];

function Pagination(props: {
  total: number;
  page: number;
  rowsPerPage: number;
  onPage: (page: number) => void;
  onRowsPerPage: (rows: number) => void;
}) {
  return (
    <TablePagination
      component="div"
      count={props.total}
      page={props.page}
      rowsPerPage={props.rowsPerPage}
      rowsPerPageOptions={[...CLIENT_LIST_PAGE_SIZES]}
      onPageChange={(_event, next) => {
        props.onPage(next);
      }}
      onRowsPerPageChange={(event) => {
        props.onRowsPerPage(Number(event.target.value));
      }}
    />
  );
}

/**
 * `/client/intake` (spec-2 §2): clients added in the last 30 days. First those
 * with an upcoming first appointment (sort and rows per page remembered in this
 * browser), then those still without one.
 */
export function IntakePage() {
  const [preferences, remember] = useIntakePreferences();
  const { sortBy, sortDir, rowsPerPage } = preferences;
  const [page, setPage] = useState(0);
  const withId = useId();
  const withoutId = useId();
  const [otherPage, setOtherPage] = useState(0);
  const withAppointments = useNewClientsWithAppointments({
    sortBy,
    sortDir,
    limit: rowsPerPage,
    offset: page * rowsPerPage,
  });
  const withoutAppointments = useNewClientsWithoutAppointments({
    limit: rowsPerPage,
    offset: otherPage * rowsPerPage,
  });
  const changeRowsPerPage = (rows: number) => {
    remember({ rowsPerPage: rows });
    setPage(0);
    setOtherPage(0);
  };

  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <Typography component="h1" variant="h4">
          Intake
        </Typography>
        <Typography color="text.secondary">
          Clients added in the last {DEFAULT_INTAKE_DAYS} days.
        </Typography>
      </Stack>

      <Stack spacing={1} component="section" aria-labelledby={withId}>
        <Typography id={withId} component="h2" variant="h6">
          {WITH_APPOINTMENTS_HEADING}
        </Typography>
        {withAppointments.isPending && <PageSpinner />}
        {withAppointments.isError && (
          <Alert severity="error">{errorMessage(withAppointments.error)}</Alert>
        )}
        {withAppointments.data?.total === 0 && (
          <Typography color="text.secondary">{NO_NEW_CLIENTS_WITH_APPOINTMENTS}</Typography>
        )}
        {withAppointments.data && withAppointments.data.total > 0 && (
          <Paper variant="outlined">
            <TableContainer>
              <Table size="small" aria-label={WITH_APPOINTMENTS_HEADING}>
                <TableHead>
                  <TableRow>
                    {SORTABLE.map((column) => (
                      <TableCell
                        key={column.key}
                        sortDirection={sortBy === column.key ? sortDir : false}
                      >
                        <TableSortLabel
                          active={sortBy === column.key}
                          direction={sortBy === column.key ? sortDir : 'asc'}
                          onClick={() => {
                            remember({
                              sortBy: column.key,
                              sortDir: sortBy === column.key && sortDir === 'asc' ? 'desc' : 'asc',
                            });
                            setPage(0);
                          }}
                        >
                          {column.label}
                        </TableSortLabel>
                      </TableCell>
                    ))}
                    <TableCell>Therapists</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {withAppointments.data.data.map((row) => (
                    <TableRow key={row.patientId} hover>
                      <TableCell>
                        <ClientLink row={row} />
                      </TableCell>
                      <TableCell>{appointmentText(row.firstAppointment)}</TableCell>
                      <TableCell>{formatUsDate(row.addedOn)}</TableCell>
                      <TableCell>{row.therapistNames.join(', ')}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <Pagination
              total={withAppointments.data.total}
              page={page}
              rowsPerPage={rowsPerPage}
              onPage={setPage}
              onRowsPerPage={changeRowsPerPage}
            />
          </Paper>
        )}
      </Stack>

      <Stack spacing={1} component="section" aria-labelledby={withoutId}>
        <Typography id={withoutId} component="h2" variant="h6">
          {WITHOUT_APPOINTMENTS_HEADING}
        </Typography>
        {withoutAppointments.isPending && <PageSpinner />}
        {withoutAppointments.isError && (
          <Alert severity="error">{errorMessage(withoutAppointments.error)}</Alert>
        )}
        {withoutAppointments.data?.total === 0 && (
          <Typography color="text.secondary">{NO_NEW_CLIENTS}</Typography>
        )}
        {withoutAppointments.data && withoutAppointments.data.total > 0 && (
          <Paper variant="outlined">
            <TableContainer>
              <Table size="small" aria-label={WITHOUT_APPOINTMENTS_HEADING}>
                <TableHead>
                  <TableRow>
                    <TableCell>Client</TableCell>
                    <TableCell>Therapists</TableCell>
                    <TableCell>Added</TableCell>
                    <TableCell align="right">Days since added</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {withoutAppointments.data.data.map((row) => (
                    <TableRow key={row.patientId} hover>
                      <TableCell>
                        <ClientLink row={row} />
                      </TableCell>
                      <TableCell>{row.therapistNames.join(', ')}</TableCell>
                      <TableCell>{formatUsDate(row.addedOn)}</TableCell>
                      <TableCell align="right">{row.daysSinceAdded}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <Pagination
              total={withoutAppointments.data.total}
              page={otherPage}
              rowsPerPage={rowsPerPage}
              onPage={setOtherPage}
              onRowsPerPage={changeRowsPerPage}
            />
          </Paper>
        )}
      </Stack>
    </Stack>
  );
}
