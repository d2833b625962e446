import { describe, expect, it } from 'vitest';

import { EMPTY_FILTERS } from './search-criteria';
import {
  CLIENT_SEARCH_STORAGE_KEY,
  forgetForReset,
  loadRememberedSearch,
  NOTHING_REMEMBERED,
  saveRememberedSearch,
  type RememberedClientSearch,
} from './search-session';

/** A Storage in memory, like the one jsdom gives, but fresh for each test. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => {
      items.clear();
    },
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => {
      items.delete(key);
    },
    setItem: (key, value) => {
      items.set(key, value);
    },
  };
}

const chosen: RememberedClientSearch = {
  filters: {
    ...EMPTY_FILTERS,
    therapistIds: [4],
    clientStatuses: ['WAITLIST'],
    privatePay: true,
    customSearchableId: 'RB-0007',
  },
  views: {
    allClients: { context: 'supervisees', sort: { sortBy: 'dateOfBirth', sortDir: 'desc' } },
    newClients: { sort: { sortBy: 'name', sortDir: 'asc' } },
  },
};

describe('the remembered client search', () => {
  it('comes back as it was saved', () => {
    const storage = memoryStorage();
    saveRememberedSearch(storage, chosen);
    expect(loadRememberedSearch(storage)).toEqual(chosen);
  });

  it('is empty when nothing was saved, or when there is no storage', () => {
    expect(loadRememberedSearch(memoryStorage())).toEqual(NOTHING_REMEMBERED);
    expect(loadRememberedSearch(null)).toEqual(NOTHING_REMEMBERED);
  });

  it('drops what it cannot read and keeps the rest', () => {
    const storage = memoryStorage();
    storage.setItem(
      CLIENT_SEARCH_STORAGE_KEY,
      JSON.stringify({
        filters: {
          ...EMPTY_FILTERS,
          therapistIds: ['x'],
          clientStatuses: ['ACTIVE'],
          privatePay: 'yes',
        },
        views: { myClients: { context: 'everyone', sort: { sortBy: 'name', sortDir: 'desc' } } },
      }),
    );
    expect(loadRememberedSearch(storage)).toEqual({
      filters: { ...EMPTY_FILTERS, clientStatuses: ['ACTIVE'] },
      views: { myClients: { sort: { sortBy: 'name', sortDir: 'desc' } } },
    });
  });

  it('falls back field by field for values of the wrong shape', () => {
    const storage = memoryStorage();
    const read = (stored: unknown) => {
      storage.setItem(CLIENT_SEARCH_STORAGE_KEY, JSON.stringify(stored));
      return loadRememberedSearch(storage);
    };
    expect(read([chosen])).toEqual(NOTHING_REMEMBERED);
    expect(read({ filters: 'all', views: [] })).toEqual(NOTHING_REMEMBERED);
    expect(
      read({
        filters: {
          therapistIds: [4, 0],
          clientStatuses: ['ACTIVE', 'GONE'],
          groupIds: [2.5],
          noInsurance: true,
          customSearchableId: 'x'.repeat(61),
        },
        views: { allClients: 'x', myClients: { context: 'nobody', sort: { sortBy: 'name' } } },
      }),
    ).toEqual({ filters: { ...EMPTY_FILTERS, noInsurance: true }, views: { myClients: {} } });
  });

  it('survives text that is not JSON, and storage that throws', () => {
    const storage = memoryStorage();
    storage.setItem(CLIENT_SEARCH_STORAGE_KEY, '{not json');
    expect(loadRememberedSearch(storage)).toEqual(NOTHING_REMEMBERED);

    const refusing = memoryStorage();
    refusing.getItem = () => {
      throw new Error('SecurityError');
    };
    refusing.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    expect(loadRememberedSearch(refusing)).toEqual(NOTHING_REMEMBERED);
    expect(() => {
      saveRememberedSearch(refusing, chosen);
    }).not.toThrow();
  });

  it('starting a route over clears the filters and that route’s choices only', () => {
    expect(forgetForReset(chosen, 'allClients')).toEqual({
      filters: EMPTY_FILTERS,
      views: { newClients: { sort: { sortBy: 'name', sortDir: 'asc' } } },
    });
  });
});
