import type { BalancesQuery } from '../api';
import { DEFAULT_PAGE_SIZE, offeredPageSize } from '../logic/paging';

/** What a list shows: the therapist filter and the page, kept in the address so it can be shared. */
export type ListView = { therapistId: number | undefined; page: number; pageSize: number };

function positiveInt(text: string | null): number | undefined {
  if (text === null || !/^\d{1,9}$/.test(text)) return undefined;
  return Number(text);
}

export function readListView(params: URLSearchParams): ListView {
  const therapistId = positiveInt(params.get('therapistId'));
  const size = positiveInt(params.get('pageSize'));
  return {
    therapistId: therapistId === 0 ? undefined : therapistId,
    page: positiveInt(params.get('page')) ?? 0,
    pageSize: offeredPageSize(size) ?? DEFAULT_PAGE_SIZE,
  };
}

export function listViewParams(view: ListView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.therapistId !== undefined) params.set('therapistId', String(view.therapistId));
  if (view.page > 0) params.set('page', String(view.page));
  if (view.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(view.pageSize));
  return params;
}

export function queryOf(view: ListView): BalancesQuery {
  return {
    therapistId: view.therapistId,
    limit: view.pageSize,
    offset: view.page * view.pageSize,
  };
}
