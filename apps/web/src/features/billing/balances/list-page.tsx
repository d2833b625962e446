import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';

import type { BalancesQuery } from '../api';
import { fetchAllRows } from '../logic/csv';
import { isPastTheEnd, PagedList } from '../parts/paged-list';
import { ListControls } from './list-controls';
import { listViewParams, queryOf, readListView, type ListView } from './list-view';
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
  const pastTheEnd = isPastTheEnd(data, view.page);
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
      <PagedList
        list={list}
        what={what}
        empty={empty}
        page={view.page}
        pageSize={view.pageSize}
        onPage={(page) => {
          change({ ...view, page });
        }}
        onPageSize={(pageSize) => {
          change({ ...view, pageSize, page: 0 });
        }}
      >
        {children}
      </PagedList>
    </Stack>
  );
}
