import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatUsDate } from '@openpractice/domain';

import type { IntakeRow } from './api';
import { ClientLink } from './intake-section';

/** New clients still without an appointment, with how long they have waited. */
export function UnscheduledClientsTable({ label, rows }: { label: string; rows: IntakeRow[] }) {
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>Client</TableCell>
            <TableCell>Therapists</TableCell>
            <TableCell>Added</TableCell>
            <TableCell align="right">Days since added</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
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
  );
}
