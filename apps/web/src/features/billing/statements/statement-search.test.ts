import { describe, expect, it } from 'vitest';

import {
  loadStatementSearch,
  NO_STATEMENT_SEARCH,
  saveStatementSearch,
  STATEMENT_SEARCH_KEY,
} from './statement-search';

function memoryStorage(initial: Record<string, string> = {}): Storage {
  const items = new Map(Object.entries(initial));
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

describe('the remembered statement search', () => {
  it('reads back what was saved', () => {
    const storage = memoryStorage();
    const search = { client: { id: 42, name: 'Ada Lovelace' }, pageSize: 100 };
    saveStatementSearch(storage, search);
    expect(loadStatementSearch(storage)).toEqual(search);
  });

  it('starts with no client and the usual page size', () => {
    expect(loadStatementSearch(memoryStorage())).toEqual(NO_STATEMENT_SEARCH);
    expect(loadStatementSearch(null)).toEqual(NO_STATEMENT_SEARCH);
  });

  it.each([
    ['not JSON', '{'],
    ['not an object', '[1]'],
    ['a bad client id', JSON.stringify({ client: { id: -1, name: 'X' }, pageSize: 25 })],
    ['a page size not offered', JSON.stringify({ client: null, pageSize: 7 })],
  ])('drops what it cannot read: %s', (_what, text) => {
    const read = loadStatementSearch(memoryStorage({ [STATEMENT_SEARCH_KEY]: text }));
    expect(read.client).toBeNull();
    expect([25, 50]).toContain(read.pageSize);
  });

  it('keeps going when storage refuses to save', () => {
    const storage = memoryStorage();
    storage.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    expect(() => {
      saveStatementSearch(storage, NO_STATEMENT_SEARCH);
    }).not.toThrow();
  });
});
