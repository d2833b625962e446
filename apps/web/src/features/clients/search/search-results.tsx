import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { CLIENT_SEARCH_PAGE_SIZE } from '@openpractice/domain';

import { ResultsTable, type ResultsTableProps } from './results-table';

export interface SearchResultsProps extends ResultsTableProps {
  /** No search context yet: nothing is searched, nothing can be exported. */
  waiting: boolean;
  total: number;
  page: number;
  onPageChange: (page: number) => void;
  exporting: boolean;
  onExport: () => void;
}

/** The count of matching clients, 'Export CSV', the page of rows and the fixed-size paging. */
export function SearchResults({
  waiting,
  total,
  page,
  onPageChange,
  exporting,
  onExport,
  ...table
}: SearchResultsProps) {
  return (
    <Paper variant="outlined">
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1 }}
      >
        <Typography role="status" color="text.secondary">
          {table.loading || waiting
            ? 'Searching…'
            : `${total} ${total === 1 ? 'client' : 'clients'}`}
        </Typography>
        <Button variant="outlined" disabled={waiting || exporting} onClick={onExport}>
          Export CSV
        </Button>
      </Stack>
      <ResultsTable {...table} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center' }}>
        {/* MUI shows the rows-per-page label only with a choice; the page size is fixed. */}
        <Typography variant="body2" sx={{ pl: 2 }}>
          Rows per page: {CLIENT_SEARCH_PAGE_SIZE}
        </Typography>
        <TablePagination
          component="div"
          count={total}
          page={total === 0 ? 0 : page}
          rowsPerPage={CLIENT_SEARCH_PAGE_SIZE}
          rowsPerPageOptions={[CLIENT_SEARCH_PAGE_SIZE]}
          onPageChange={(_event, next) => {
            onPageChange(next);
          }}
        />
      </Box>
    </Paper>
  );
}
