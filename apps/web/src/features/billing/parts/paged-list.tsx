import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { PageSpinner } from '../../../ui/page-spinner';
import { PAGE_SIZES } from '../logic/paging';
import { LoadFailed } from './load-state';

type Page = { data: unknown[]; total: number };

/**
 * The body every billing list shares under its filters: loading, failed and empty states, the
 * table the list draws, and paging. The caller keeps the page where it likes (the address for
 * the balances lists, the session for the statements report), so this part only reports changes.
 */
export function PagedList<P extends Page>({
  list,
  what,
  empty,
  page,
  pageSize,
  onPage,
  onPageSize,
  children,
}: {
  list: UseQueryResult<P>;
  /** The list in a sentence ('open balances'), for its loading and failure messages. */
  what: string;
  empty: string;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** A new page size; the caller goes back to the first page. */
  onPageSize: (pageSize: number) => void;
  children: (data: P, busy: boolean) => ReactNode;
}) {
  const data = list.data;
  // A page past the end (rows gone since, or an old address) draws nothing: the caller sends
  // the reader back to the first page (see isPastTheEnd).
  const pastTheEnd = isPastTheEnd(data, page);
  return (
    <>
      {list.isPending && <PageSpinner label={`Loading ${what}`} />}
      {list.isError && (
        <LoadFailed what={what} error={list.error} onRetry={() => void list.refetch()} />
      )}
      {data && data.total === 0 && <Alert severity="info">{empty}</Alert>}
      {data && data.total > 0 && !pastTheEnd && (
        <Stack spacing={1} aria-busy={list.isFetching}>
          {children(data, list.isFetching)}
          <TablePagination
            component="div"
            count={data.total}
            page={page}
            rowsPerPage={pageSize}
            rowsPerPageOptions={[...PAGE_SIZES]}
            onPageChange={(_event, next) => {
              onPage(next);
            }}
            onRowsPerPageChange={(event) => {
              onPageSize(Number(event.target.value));
            }}
          />
        </Stack>
      )}
    </>
  );
}

/** True when the list answered no rows for a page after the first: there is nothing there. */
export function isPastTheEnd(data: Page | undefined, page: number): boolean {
  return data !== undefined && data.data.length === 0 && page > 0;
}
