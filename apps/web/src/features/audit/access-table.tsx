import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';

import { AccessReportRow } from './access-row';
import type { AccessReport, AccessSort } from './api';

const PAGE_SIZES = [10, 25, 50, 100];

const COLUMNS: { sort: AccessSort | null; label: string }[] = [
  { sort: 'time', label: 'When' },
  { sort: 'user', label: 'Who' },
  { sort: 'kind', label: 'What' },
  { sort: null, label: 'Clients' },
  { sort: null, label: 'Address' },
];

type Direction = 'asc' | 'desc';

/** Times start newest first; every other column starts A to Z. */
const firstDirection = (sort: AccessSort): Direction => (sort === 'time' ? 'desc' : 'asc');

interface AccessTableProps {
  report: AccessReport;
  sort: AccessSort;
  direction: Direction;
  onSort: (sort: AccessSort, direction: Direction) => void;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}

/** One page of the record access report, sortable by time, user and kind. */
export function AccessTable(props: AccessTableProps) {
  const { report, sort, direction, page, pageSize } = props;
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label="Record access">
          <TableHead>
            <TableRow>
              {COLUMNS.map((column) => (
                <TableCell
                  key={column.label}
                  sortDirection={column.sort === sort ? direction : false}
                >
                  {column.sort === null ? (
                    column.label
                  ) : (
                    <TableSortLabel
                      active={column.sort === sort}
                      direction={column.sort === sort ? direction : firstDirection(column.sort)}
                      onClick={() => {
                        const chosen = column.sort;
                        if (chosen === null) return;
                        const flipped = direction === 'asc' ? 'desc' : 'asc';
                        props.onSort(chosen, chosen === sort ? flipped : firstDirection(chosen));
                      }}
                    >
                      {column.label}
                    </TableSortLabel>
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {report.data.map((row) => (
              <AccessReportRow key={row.id} row={row} timezone={report.timezone} />
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
