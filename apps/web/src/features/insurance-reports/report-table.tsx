import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { REPORT_PAGE_SIZES } from '@openpractice/domain';

import type { ReportPage, ReportRequest } from './api';
import { rowKey, type ReportColumn } from './report-columns';

/** A report's rows: every column sorts (aria-sort on the sorted one), pages below. */
export function ReportTable({
  caption,
  columns,
  page,
  view,
  loading,
  onSort,
  onPage,
  onPageSize,
}: {
  caption: string;
  columns: ReportColumn[];
  page: ReportPage;
  view: ReportRequest;
  loading: boolean;
  onSort: (sortKey: string) => void;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}) {
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label={caption} aria-busy={loading}>
          <TableHead>
            <TableRow>
              {columns.map((column) => {
                const active = view.sort === column.sortKey;
                return (
                  // `sortDirection` sets aria-sort, which screen readers announce.
                  <TableCell
                    key={column.sortKey}
                    align={column.numeric ? 'right' : 'left'}
                    sortDirection={active ? view.direction : false}
                    sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}
                  >
                    <TableSortLabel
                      active={active}
                      direction={active ? view.direction : 'asc'}
                      onClick={() => {
                        onSort(column.sortKey);
                      }}
                    >
                      {column.label}
                    </TableSortLabel>
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody>
            {page.data.map((row) => (
              <TableRow key={rowKey(row)} hover>
                {columns.map((column) => (
                  <TableCell key={column.sortKey} align={column.numeric ? 'right' : 'left'}>
                    {column.render(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={page.total}
        page={view.page}
        rowsPerPage={view.pageSize}
        rowsPerPageOptions={[...REPORT_PAGE_SIZES]}
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
