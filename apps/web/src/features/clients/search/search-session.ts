import { CLIENT_SEARCH_CONTEXTS } from '@openpractice/domain';

import {
  CLIENT_STATUSES,
  EMPTY_FILTERS,
  SORT_KEYS,
  type ClientSearchFilters,
  type ClientSearchSort,
  type SearchView,
} from './search-criteria';
import type { ClientSearchContext } from '@openpractice/domain';

/**
 * The client search choices remembered for the browser session (spec-1 §9):
 * the filters, shared by the three search routes, and per route the context
 * and sort chosen there. Kept in `sessionStorage`, so they end with the tab.
 * Whatever is stored is read defensively: anything unreadable is dropped.
 */
export const CLIENT_SEARCH_STORAGE_KEY = 'openpractice.clientSearch';

export interface ViewChoices {
  context?: ClientSearchContext;
  sort?: ClientSearchSort;
}

export interface RememberedClientSearch {
  filters: ClientSearchFilters;
  views: Partial<Record<SearchView, ViewChoices>>;
}

// Read by hand rather than with zod, which would add its weight to the search page's first
// load (issue 14). Each reader gives the default for anything it does not recognise.
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isOneOf = <T extends string>(choices: readonly T[], value: unknown): value is T =>
  choices.some((choice) => choice === value);

function readIds(value: unknown): number[] {
  const valid =
    Array.isArray(value) && value.every((id) => Number.isSafeInteger(id) && (id as number) > 0);
  return valid ? (value as number[]) : [];
}

function readStatuses(value: unknown): ClientSearchFilters['clientStatuses'] {
  if (!Array.isArray(value)) return [];
  return value.every((status) => isOneOf(CLIENT_STATUSES, status)) ? value : [];
}

const readFlag = (value: unknown): boolean => (typeof value === 'boolean' ? value : false);

function readFilters(value: unknown): ClientSearchFilters {
  if (!isRecord(value)) return EMPTY_FILTERS;
  const { customSearchableId } = value;
  return {
    therapistIds: readIds(value.therapistIds),
    clientStatuses: readStatuses(value.clientStatuses),
    primaryInsuranceIds: readIds(value.primaryInsuranceIds),
    secondaryInsuranceIds: readIds(value.secondaryInsuranceIds),
    groupIds: readIds(value.groupIds),
    privatePay: readFlag(value.privatePay),
    noInsurance: readFlag(value.noInsurance),
    customSearchableId:
      typeof customSearchableId === 'string' && customSearchableId.length <= 60
        ? customSearchableId
        : '',
  };
}

function readSort(value: unknown): ClientSearchSort | undefined {
  if (!isRecord(value)) return undefined;
  const { sortBy, sortDir } = value;
  if (!isOneOf(SORT_KEYS, sortBy) || !isOneOf(['asc', 'desc'] as const, sortDir)) {
    return undefined;
  }
  return { sortBy, sortDir };
}

function readView(value: unknown): ViewChoices | undefined {
  if (!isRecord(value)) return undefined;
  const context = isOneOf(CLIENT_SEARCH_CONTEXTS, value.context) ? value.context : undefined;
  const sort = readSort(value.sort);
  return { ...(context ? { context } : {}), ...(sort ? { sort } : {}) };
}

const SEARCH_VIEWS: readonly SearchView[] = ['allClients', 'myClients', 'newClients'];

function readViews(value: unknown): RememberedClientSearch['views'] {
  const views: RememberedClientSearch['views'] = {};
  if (!isRecord(value)) return views;
  for (const view of SEARCH_VIEWS) {
    const choices = readView(value[view]);
    if (choices) views[view] = choices;
  }
  return views;
}

export const NOTHING_REMEMBERED: RememberedClientSearch = { filters: EMPTY_FILTERS, views: {} };

/** `storage` is `window.sessionStorage` (null where it is unavailable). */
export function loadRememberedSearch(storage: Storage | null): RememberedClientSearch {
  try {
    const text = storage?.getItem(CLIENT_SEARCH_STORAGE_KEY);
    if (!text) return NOTHING_REMEMBERED;
    const stored: unknown = JSON.parse(text);
    if (!isRecord(stored)) return NOTHING_REMEMBERED;
    return { filters: readFilters(stored.filters), views: readViews(stored.views) };
  } catch {
    return NOTHING_REMEMBERED;
  }
}

export function saveRememberedSearch(
  storage: Storage | null,
  remembered: RememberedClientSearch,
): void {
  try {
    storage?.setItem(CLIENT_SEARCH_STORAGE_KEY, JSON.stringify(remembered));
  } catch {
    // Storage full or refused (private browsing): the choices last until the page closes.
  }
}

/** Re-opening a search route starts it over: no filters, and that route's own context and sort. */
export function forgetForReset(
  remembered: RememberedClientSearch,
  view: SearchView,
): RememberedClientSearch {
  const views = Object.fromEntries(
    Object.entries(remembered.views).filter(([name]) => name !== view),
  );
  return { filters: EMPTY_FILTERS, views };
}

/** `window.sessionStorage`, or null where reading it throws (some privacy modes). */
export function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
