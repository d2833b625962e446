import { DEFAULT_INTAKE_PREFERENCES } from '@openpractice/domain';
import { describe, expect, it } from 'vitest';

import {
  INTAKE_PREFERENCES_KEY,
  loadIntakePreferences,
  saveIntakePreferences,
} from './intake-preferences';

function memoryStorage(initial: Record<string, string> = {}): Storage {
  const values = new Map(Object.entries(initial));
  return {
    get length() {
      return values.size;
    },
    clear: () => {
      values.clear();
    },
    getItem: (key) => values.get(key) ?? null,
    key: (i) => [...values.keys()][i] ?? null,
    removeItem: (key) => {
      values.delete(key);
    },
    setItem: (key, value) => {
      values.set(key, value);
    },
  };
}

describe('intake preferences', () => {
  it('start at the defaults', () => {
    expect(loadIntakePreferences(memoryStorage())).toEqual(DEFAULT_INTAKE_PREFERENCES);
  });

  it('are remembered across loads', () => {
    const storage = memoryStorage();
    saveIntakePreferences({ sortBy: 'name', sortDir: 'desc', rowsPerPage: 100 }, storage);
    expect(loadIntakePreferences(storage)).toEqual({
      sortBy: 'name',
      sortDir: 'desc',
      rowsPerPage: 100,
    });
  });

  it('fall back to the defaults for damaged or foreign values', () => {
    expect(loadIntakePreferences(memoryStorage({ [INTAKE_PREFERENCES_KEY]: '{oops' }))).toEqual(
      DEFAULT_INTAKE_PREFERENCES,
    );
    expect(
      loadIntakePreferences(
        memoryStorage({ [INTAKE_PREFERENCES_KEY]: '{"sortBy":"ssn","rowsPerPage":3}' }),
      ),
    ).toEqual(DEFAULT_INTAKE_PREFERENCES);
  });

  it('survive storage that refuses writes', () => {
    const refusing = memoryStorage();
    refusing.setItem = () => {
      throw new Error('quota');
    };
    expect(() => {
      saveIntakePreferences(DEFAULT_INTAKE_PREFERENCES, refusing);
    }).not.toThrow();
  });
});
