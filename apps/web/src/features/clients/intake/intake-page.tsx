import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DEFAULT_INTAKE_DAYS } from '@openpractice/domain';
import { useState } from 'react';

import { useNewClientsWithAppointments, useNewClientsWithoutAppointments } from './api';
import { useIntakePreferences } from './intake-preferences';
import { IntakeSection } from './intake-section';
import { UnscheduledClientsTable } from './unscheduled-clients-table';
import { UpcomingClientsTable } from './upcoming-clients-table';

export const NO_NEW_CLIENTS_WITH_APPOINTMENTS = 'No new clients with upcoming appointments.';
export const NO_NEW_CLIENTS = `No clients were added in the last ${DEFAULT_INTAKE_DAYS} days.`;

const WITH_APPOINTMENTS_HEADING = 'New clients with upcoming appointments';
const WITHOUT_APPOINTMENTS_HEADING = 'New clients without appointments';

/**
 * `/client/intake` (spec-2 §2): clients added in the last 30 days. First those
 * with an upcoming first appointment (sort and rows per page remembered in this
 * browser), then those still without one.
 */
export function IntakePage() {
  const [preferences, remember] = useIntakePreferences();
  const { sortBy, sortDir, rowsPerPage } = preferences;
  const [page, setPage] = useState(0);
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
          Clients added in the last {DEFAULT_INTAKE_DAYS} days: first those with an upcoming
          appointment, then those still without one. New Clients lists every client, newest first.
        </Typography>
      </Stack>

      <IntakeSection
        heading={WITH_APPOINTMENTS_HEADING}
        emptyText={NO_NEW_CLIENTS_WITH_APPOINTMENTS}
        list={withAppointments}
        page={page}
        rowsPerPage={rowsPerPage}
        onPage={setPage}
        onRowsPerPage={changeRowsPerPage}
      >
        {(rows) => (
          <UpcomingClientsTable
            label={WITH_APPOINTMENTS_HEADING}
            rows={rows}
            sortBy={sortBy}
            sortDir={sortDir}
            onSort={(nextSortBy, nextSortDir) => {
              remember({ sortBy: nextSortBy, sortDir: nextSortDir });
              setPage(0);
            }}
          />
        )}
      </IntakeSection>

      <IntakeSection
        heading={WITHOUT_APPOINTMENTS_HEADING}
        emptyText={NO_NEW_CLIENTS}
        list={withoutAppointments}
        page={otherPage}
        rowsPerPage={rowsPerPage}
        onPage={setOtherPage}
        onRowsPerPage={changeRowsPerPage}
      >
        {(rows) => <UnscheduledClientsTable label={WITHOUT_APPOINTMENTS_HEADING} rows={rows} />}
      </IntakeSection>
    </Stack>
  );
}
