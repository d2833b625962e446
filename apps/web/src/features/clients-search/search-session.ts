import { CLIENT_SEARCH_CONTEXTS } from '@openpractice/domain';
import { z } from 'zod';

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

const ids = z.array(z.number().int().positive()).catch([]);

const filtersSchema = z.object({
  therapistIds: ids,
  clientStatuses: z.array(z.enum(CLIENT_STATUSES)).catch([]),
  primaryInsuranceIds: ids,
  secondaryInsuranceIds: ids,
  groupIds: ids,
  privatePay: z.boolean().catch(false),
  noInsurance: z.boolean().catch(false),
  customSearchableId: z.string().max(60).catch(''),
});

const viewSchema = z
  .object({
    context: z.enum(CLIENT_SEARCH_CONTEXTS).optional().catch(undefined),
    sort: z
      .object({ sortBy: z.enum(SORT_KEYS), sortDir: z.enum(['asc', 'desc']) })
      .optional()
      .catch(undefined),
  })
  .optional()
  .catch(undefined);

const storedSchema = z.object({
  filters: filtersSchema.catch(EMPTY_FILTERS),
  views: z
    .object({ allClients: viewSchema, myClients: viewSchema, newClients: viewSchema })
    .catch({}),
});

export const NOTHING_REMEMBERED: RememberedClientSearch = { filters: EMPTY_FILTERS, views: {} };

/** `storage` is `window.sessionStorage` (null where it is unavailable). */
export function loadRememberedSearch(storage: Storage | null): RememberedClientSearch {
  try {
    const text = storage?.getItem(CLIENT_SEARCH_STORAGE_KEY);
    if (!text) return NOTHING_REMEMBERED;
    const parsed = storedSchema.safeParse(JSON.parse(text));
    if (!parsed.success) return NOTHING_REMEMBERED;
    const views: RememberedClientSearch['views'] = {};
    for (const [view, choices] of Object.entries(parsed.data.views) as [
      SearchView,
      z.infer<typeof viewSchema>,
    ][]) {
      if (!choices) continue;
      views[view] = {
        ...(choices.context ? { context: choices.context } : {}),
        ...(choices.sort ? { sort: choices.sort } : {}),
      };
    }
    return { filters: parsed.data.filters, views };
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
