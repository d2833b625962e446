import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';

import { PageSpinner } from '../../../ui/page-spinner';
import type { BalancesQuery } from '../api';
import { fetchAllRows } from '../logic/csv';
import { LoadFailed } from '../parts/load-state';
import { ListControls } from './list-controls';
import { listViewParams, PAGE_SIZES, queryOf, readListView, type ListView } from './list-view';
import { useCsvExport } from './use-csv-export';

type Page<Row> = { data: Row[]; total: number };

/**
 * The frame both lists share: heading, therapist filter, CSV export of the whole filter, the
 * loading, failed and empty states, the table the list draws, and paging. The view lives in
 * the address, so Back and a shared link show the same page.
 */
export function BalancesListPage<Row, P extends Page<Row>>({
  title,
  description,
  what,
  empty,
  fileName,
  useList,
  fetchPage,
  toCsv,
  children,
}: {
  title: string;
  description: ReactNode;
  /** The list in a sentence ('open balances'), for its failure message. */
  what: string;
  empty: string;
  fileName: string;
  useList: (query: BalancesQuery) => UseQueryResult<P>;
  fetchPage: (query: BalancesQuery) => Promise<P>;
  toCsv: (rows: readonly Row[]) => string;
  children: (page: P, busy: boolean) => ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const view = readListView(params);
  const change = (next: ListView) => {
    setParams(listViewParams(next));
  };
  const list = useList(queryOf(view));
  const data = list.data;
  const exporter = useCsvExport(fileName, async () => {
    const rows = await fetchAllRows((offset, limit) =>
      fetchPage({ therapistId: view.therapistId, limit, offset }),
    );
    return toCsv(rows);
  });

  // A page past the end (rows gone since, or an old address): back to the first.
  const pastTheEnd = data !== undefined && data.data.length === 0 && view.page > 0;
  useEffect(() => {
    if (pastTheEnd) setParams(listViewParams({ ...view, page: 0 }), { replace: true });
  });

  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h4">
        {title}
      </Typography>
      <Typography color="text.secondary">{description}</Typography>
      <ListControls
        therapistId={view.therapistId}
        onTherapist={(therapistId) => {
          change({ ...view, therapistId, page: 0 });
        }}
        onExport={() => {
          exporter.mutate();
        }}
        exporting={exporter.isPending}
        canExport={data !== undefined && data.total > 0}
      />
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
            page={view.page}
            rowsPerPage={view.pageSize}
            rowsPerPageOptions={[...PAGE_SIZES]}
            onPageChange={(_event, page) => {
              change({ ...view, page });
            }}
            onRowsPerPageChange={(event) => {
              change({ ...view, pageSize: Number(event.target.value), page: 0 });
            }}
          />
        </Stack>
      )}
    </Stack>
  );
}
