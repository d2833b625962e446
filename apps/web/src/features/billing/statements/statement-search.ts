import { useEffect, useState } from 'react';

import { DEFAULT_PAGE_SIZE, offeredPageSize } from '../logic/paging';

/**
 * The statements report's search criteria, remembered for the session (spec-1 §9 "billing
 * statement search criteria", session-level): the client filter and the page size, in
 * sessionStorage as the other session-level choices are (client search, contact state), so
 * they last through reloads and visits to other pages and end with the tab.
 */
export const STATEMENT_SEARCH_KEY = 'openpractice.billing.statementSearch';

export type StatementSearch = {
  /** The client the report is filtered to, with the name the picker showed. */
  client: { id: number; name: string } | null;
  pageSize: number;
};

export const NO_STATEMENT_SEARCH: StatementSearch = { client: null, pageSize: DEFAULT_PAGE_SIZE };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function readClient(value: unknown): StatementSearch['client'] {
  if (!isRecord(value)) return null;
  const { id, name } = value;
  const valid =
    Number.isSafeInteger(id) && (id as number) > 0 && typeof name === 'string' && name.length < 300;
  return valid ? { id: id as number, name } : null;
}

/** What was remembered; anything unreadable (another version, a hand edit) is dropped. */
export function loadStatementSearch(storage: Storage | null): StatementSearch {
  try {
    const text = storage?.getItem(STATEMENT_SEARCH_KEY);
    if (!text) return NO_STATEMENT_SEARCH;
    const stored: unknown = JSON.parse(text);
    if (!isRecord(stored)) return NO_STATEMENT_SEARCH;
    return {
      client: readClient(stored.client),
      pageSize: offeredPageSize(stored.pageSize) ?? DEFAULT_PAGE_SIZE,
    };
  } catch {
    return NO_STATEMENT_SEARCH;
  }
}

export function saveStatementSearch(storage: Storage | null, search: StatementSearch): void {
  try {
    storage?.setItem(STATEMENT_SEARCH_KEY, JSON.stringify(search));
  } catch {
    // Storage refused (private browsing) or full: the criteria last until the page closes.
  }
}

function sessionStore(): Storage | null {
  try {
    return globalThis.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * The remembered criteria and a setter. `initial` (a client named in the address, from the
 * client's Billing page) wins over what was remembered; its name arrives once the client's
 * summary is read. Whatever is shown is what is remembered: the storage is written after each
 * render that changed it, never during one.
 */
export function useStatementSearch(
  initial: StatementSearch['client'],
): [StatementSearch, (next: StatementSearch) => void] {
  const [search, setSearch] = useState(() => {
    const remembered = loadStatementSearch(sessionStore());
    return initial ? { ...remembered, client: initial } : remembered;
  });
  const current =
    initial && search.client?.id === initial.id ? { ...search, client: initial } : search;
  const text = JSON.stringify(current);
  useEffect(() => {
    saveStatementSearch(sessionStore(), JSON.parse(text) as StatementSearch);
  }, [text]);
  return [current, setSearch];
}
