import type { ClientSearchContext } from '@openpractice/domain';
import { useEffect, useState } from 'react';

import type { ClientSearchFilters, ClientSearchSort, SearchView } from './search-criteria';
import {
  forgetForReset,
  loadRememberedSearch,
  saveRememberedSearch,
  sessionStore,
  type RememberedClientSearch,
} from './search-session';

/**
 * The search choices the session remembers (spec-1 §9), so they survive opening a client and
 * coming back: the filters shared by every view, and each view's context and sort.
 * `startOver` forgets what a reset forgets (the same route opened again).
 */
export function useRememberedSearch(view: SearchView, startOver: boolean) {
  const [remembered, setRemembered] = useState<RememberedClientSearch>(() => {
    const stored = loadRememberedSearch(sessionStore());
    return startOver ? forgetForReset(stored, view) : stored;
  });
  useEffect(() => {
    saveRememberedSearch(sessionStore(), remembered);
  }, [remembered]);

  const chooseView = (choices: { context?: ClientSearchContext; sort?: ClientSearchSort }) => {
    setRemembered((current) => ({
      ...current,
      views: { ...current.views, [view]: { ...current.views[view], ...choices } },
    }));
  };
  const setFilters = (next: ClientSearchFilters) => {
    setRemembered((current) => ({ ...current, filters: next }));
  };

  return {
    filters: remembered.filters,
    viewChoices: remembered.views[view],
    chooseView,
    setFilters,
  };
}
