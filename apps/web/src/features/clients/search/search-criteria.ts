import type { QueryOf } from '@openpractice/contracts';
import type { findPatients } from '@openpractice/contracts/clients/search';
import {
  CLIENT_SEARCH_CONTEXTS,
  CLIENT_SEARCH_SORT_KEYS,
  type ClientStatus,
  CLIENT_SEARCH_PAGE_SIZE,
  type ClientSearchContext,
} from '@openpractice/domain';

/**
 * The client search terms (spec-1 §3, spec-2 §3) as the page holds them, and
 * their mapping to the query string of `GET /api/patient/findPatients` (and the
 * CSV export, which takes the same terms).
 */

/** Statuses and the sort allow-list are the domain's, shared with the server. */
export { CLIENT_STATUSES, CLIENT_STATUS_LABELS, type ClientStatus } from '@openpractice/domain';
export const SORT_KEYS = CLIENT_SEARCH_SORT_KEYS;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';

export interface ClientSearchSort {
  sortBy: SortKey;
  sortDir: SortDirection;
}

/** The filters a user sets beside the search box (remembered for the session). */
export interface ClientSearchFilters {
  therapistIds: number[];
  clientStatuses: ClientStatus[];
  primaryInsuranceIds: number[];
  secondaryInsuranceIds: number[];
  groupIds: number[];
  privatePay: boolean;
  noInsurance: boolean;
  customSearchableId: string;
}

export const EMPTY_FILTERS: ClientSearchFilters = {
  therapistIds: [],
  clientStatuses: [],
  primaryInsuranceIds: [],
  secondaryInsuranceIds: [],
  groupIds: [],
  privatePay: false,
  noInsurance: false,
  customSearchableId: '',
};

/** Everything one search asks the server for. */
export interface ClientSearchRequest extends ClientSearchSort {
  search: string;
  /** Omitted: the first context the server offers the caller. */
  context: ClientSearchContext | undefined;
  filters: ClientSearchFilters;
  limit: number;
  offset: number;
  /** Pages need the number of matches; the typeahead does not. */
  includeTotal?: boolean;
  /** The typeahead leaves therapy groups out. */
  omitGroups?: boolean;
}

export type SearchQuery = Record<string, string | number | boolean | undefined>;

const list = (values: readonly (string | number)[]) =>
  values.length > 0 ? values.join(',') : undefined;
const text = (value: string) => (value.trim() === '' ? undefined : value.trim());
const flag = (value: boolean | undefined) => (value ? true : undefined);

/**
 * The request as query parameters, by the contract's names: empty terms are
 * left out, lists are comma-separated.
 */
export function toSearchQuery(request: ClientSearchRequest): SearchQuery {
  const { filters } = request;
  return {
    search: text(request.search),
    context: request.context,
    limit: request.limit,
    offset: request.offset,
    sortBy: request.sortBy,
    sortDir: request.sortDir,
    includeTotal: flag(request.includeTotal),
    omitGroups: flag(request.omitGroups),
    therapistIds: list(filters.therapistIds),
    clientStatuses: list(filters.clientStatuses),
    primaryInsuranceIds: list(filters.primaryInsuranceIds),
    secondaryInsuranceIds: list(filters.secondaryInsuranceIds),
    groupIds: list(filters.groupIds),
    privatePay: flag(filters.privatePay),
    noInsurance: flag(filters.noInsurance),
    customSearchableId: text(filters.customSearchableId),
  } satisfies Partial<Record<keyof QueryOf<typeof findPatients>, unknown>>;
}

/** The request for page `page` (0-based) of a results table. */
export function pageRequest(
  terms: Omit<ClientSearchRequest, 'limit' | 'offset' | 'includeTotal'>,
  page: number,
): ClientSearchRequest {
  return {
    ...terms,
    limit: CLIENT_SEARCH_PAGE_SIZE,
    offset: page * CLIENT_SEARCH_PAGE_SIZE,
    includeTotal: true,
  };
}

/** How many filters are set (for the 'Filters (3)' summary and 'Clear filters'). */
export function countActiveFilters(filters: ClientSearchFilters): number {
  return (
    (filters.therapistIds.length > 0 ? 1 : 0) +
    (filters.clientStatuses.length > 0 ? 1 : 0) +
    (filters.primaryInsuranceIds.length > 0 ? 1 : 0) +
    (filters.secondaryInsuranceIds.length > 0 ? 1 : 0) +
    (filters.groupIds.length > 0 ? 1 : 0) +
    (filters.privatePay ? 1 : 0) +
    (filters.noInsurance ? 1 : 0) +
    (filters.customSearchableId.trim() !== '' ? 1 : 0)
  );
}

// --- Where the search starts -------------------------------------------------------

/** The three routes that open the client search. */
export type SearchView = 'allClients' | 'myClients' | 'newClients';

/** The context each route asks for first; newClients looks across the practice. */
const VIEW_CONTEXT: Record<SearchView, ClientSearchContext> = {
  allClients: 'all',
  myClients: 'my',
  newClients: 'all',
};

/** newClients is the client search sorted by date added, newest first. */
export function defaultSort(view: SearchView): ClientSearchSort {
  return view === 'newClients'
    ? { sortBy: 'added', sortDir: 'desc' }
    : { sortBy: 'name', sortDir: 'asc' };
}

/**
 * The context to search in: the one remembered for this route if the server
 * still offers it, else the route's own, else the first the server offers.
 * Null while the server's list is not known (or offers nothing).
 */
export function chooseContext(
  view: SearchView,
  offered: readonly ClientSearchContext[],
  remembered?: ClientSearchContext | null,
): ClientSearchContext | null {
  if (remembered && offered.includes(remembered)) return remembered;
  const wanted = VIEW_CONTEXT[view];
  if (offered.includes(wanted)) return wanted;
  return offered[0] ?? null;
}

export function isSearchContext(value: unknown): value is ClientSearchContext {
  return (CLIENT_SEARCH_CONTEXTS as readonly unknown[]).includes(value);
}
