import { describe, expect, it } from 'vitest';

import { findDurationKeyOf, loadFindDuration, saveFindDuration } from './find-appointment-prefs';

/** A Storage that keeps items in a map, or refuses every write. */
function memoryStorage(refuse = false): Storage {
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
      if (refuse) throw new Error('QuotaExceededError');
      items.set(key, value);
    },
  };
}

describe('the remembered length', () => {
  it('is 60 minutes until one is chosen', () => {
    expect(loadFindDuration(memoryStorage(), 7)).toBe(60);
    expect(loadFindDuration(null, 7)).toBe(60);
  });

  it('is kept per user', () => {
    const storage = memoryStorage();
    saveFindDuration(storage, 7, 45);
    saveFindDuration(storage, 8, 90);
    expect(loadFindDuration(storage, 7)).toBe(45);
    expect(loadFindDuration(storage, 8)).toBe(90);
    expect(storage.getItem(findDurationKeyOf(7))).toBe('{"duration":45}');
  });

  it.each(['not json', '{"duration":50}', '{"duration":"45"}', '45', 'null', '[]'])(
    'falls back to 60 minutes for %s',
    (text) => {
      const storage = memoryStorage();
      storage.setItem(findDurationKeyOf(7), text);
      expect(loadFindDuration(storage, 7)).toBe(60);
    },
  );

  it('survives storage that refuses writes', () => {
    const storage = memoryStorage(true);
    expect(() => {
      saveFindDuration(storage, 7, 45);
    }).not.toThrow();
    expect(loadFindDuration(storage, 7)).toBe(60);
  });
});
