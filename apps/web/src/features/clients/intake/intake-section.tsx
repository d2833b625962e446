import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { CLIENT_LIST_PAGE_SIZES, fullName } from '@openpractice/domain';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { PageSpinner } from '../../../ui/page-spinner';
import type { IntakeRow } from './api';

/** The client's name, opening their profile. */
export function ClientLink({ row }: { row: IntakeRow }) {
  return (
    <Link component={RouterLink} to={paths.client.profile.getHref(row.patientId)}>
      {fullName(row)}
    </Link>
  );
}

export interface IntakeSectionProps {
  heading: string;
  emptyText: string;
  list: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    data?: { data: IntakeRow[]; total: number };
  };
  page: number;
  rowsPerPage: number;
  onPage: (page: number) => void;
  onRowsPerPage: (rows: number) => void;
  /** The table of one page of rows. */
  children: (rows: IntakeRow[]) => ReactNode;
}

/**
 * One intake list under its heading: loading, its failure, the words for no client,
 * or the page of clients with its paging.
 */
export function IntakeSection({
  heading,
  emptyText,
  list,
  page,
  rowsPerPage,
  onPage,
  onRowsPerPage,
  children,
}: IntakeSectionProps) {
  const headingId = useId();
  return (
    <Stack spacing={1} component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h2" variant="h6">
        {heading}
      </Typography>
      {list.isPending && <PageSpinner />}
      {list.isError && <Alert severity="error">{errorMessage(list.error)}</Alert>}
      {list.data?.total === 0 && <Typography color="text.secondary">{emptyText}</Typography>}
      {list.data && list.data.total > 0 && (
        <Paper variant="outlined">
          {children(list.data.data)}
          <TablePagination
            component="div"
            count={list.data.total}
            page={page}
            rowsPerPage={rowsPerPage}
            rowsPerPageOptions={[...CLIENT_LIST_PAGE_SIZES]}
            onPageChange={(_event, next) => {
              onPage(next);
            }}
            onRowsPerPageChange={(event) => {
              onRowsPerPage(Number(event.target.value));
            }}
          />
        </Paper>
      )}
    </Stack>
  );
}
