import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import {
  formatTime,
  formatUsDate,
  type IntakeSortKey,
  type SortDirection,
} from '@openpractice/domain';

import type { IntakeRow } from './api';
import { ClientLink } from './intake-section';

const SORTABLE: { key: IntakeSortKey; label: string }[] = [
  { key: 'name', label: 'Client' },
  { key: 'firstAppointment', label: 'First appointment' },
  { key: 'added', label: 'Added' },
];

function appointmentText(value: string | null): string {
  if (value === null) return '';
  const time = value.length > 10 ? formatTime(value) : '';
  return [formatUsDate(value), time].filter(Boolean).join(' ');
}

/** New clients with their first appointment, sortable by name, appointment or day added. */
export function UpcomingClientsTable({
  label,
  rows,
  sortBy,
  sortDir,
  onSort,
}: {
  label: string;
  rows: IntakeRow[];
  sortBy: IntakeSortKey;
  sortDir: SortDirection;
  onSort: (sortBy: IntakeSortKey, sortDir: SortDirection) => void;
}) {
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {SORTABLE.map((column) => (
              <TableCell key={column.key} sortDirection={sortBy === column.key ? sortDir : false}>
                <TableSortLabel
                  active={sortBy === column.key}
                  direction={sortBy === column.key ? sortDir : 'asc'}
                  onClick={() => {
                    onSort(column.key, sortBy === column.key && sortDir === 'asc' ? 'desc' : 'asc');
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
          {rows.map((row) => (
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
  );
}
