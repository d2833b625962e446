import { describe, expect, it, vi } from 'vitest';

import {
  CHUNK_RELOAD_STORAGE_KEY,
  isChunkLoadError,
  reloadOnceForChunkError,
} from './reload-once-for-chunk-error';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      items.set(key, value);
    },
  };
}

const chunkError = new TypeError(
  'Failed to fetch dynamically imported module: http://localhost/n/assets/settings-abc123.js',
);
const NOW = 1_760_000_000_000;

describe('isChunkLoadError', () => {
  it.each([
    [chunkError, true],
    [new TypeError('error loading dynamically imported module: /n/assets/x.js'), true],
    [new TypeError('Importing a module script failed.'), true],
    [new Error('Unable to preload CSS for /n/assets/x.css'), true],
    [Object.assign(new Error('Loading chunk 7 failed.'), { name: 'ChunkLoadError' }), true],
    [new TypeError('Failed to fetch'), false],
    [new Error('Cannot read properties of undefined'), false],
    ['Failed to fetch dynamically imported module', false],
    [undefined, false],
  ])('%s -> %s', (error, expected) => {
    expect(isChunkLoadError(error)).toBe(expected);
  });
});

describe('reloadOnceForChunkError', () => {
  it('reloads on a chunk error and remembers when', () => {
    const storage = memoryStorage();
    const reload = vi.fn();

    expect(reloadOnceForChunkError(chunkError, NOW, storage, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.getItem(CHUNK_RELOAD_STORAGE_KEY)).toBe(String(NOW));
  });

  it('does not reload again within 60 s', () => {
    const storage = memoryStorage({ [CHUNK_RELOAD_STORAGE_KEY]: String(NOW - 59_999) });
    const reload = vi.fn();

    expect(reloadOnceForChunkError(chunkError, NOW, storage, reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads again once 60 s have passed', () => {
    const storage = memoryStorage({ [CHUNK_RELOAD_STORAGE_KEY]: String(NOW - 60_000) });
    const reload = vi.fn();

    expect(reloadOnceForChunkError(chunkError, NOW, storage, reload)).toBe(true);
    expect(storage.getItem(CHUNK_RELOAD_STORAGE_KEY)).toBe(String(NOW));
  });

  it('ignores other errors', () => {
    const storage = memoryStorage();
    const reload = vi.fn();

    expect(reloadOnceForChunkError(new Error('Boom'), NOW, storage, reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('treats a garbled stored time as no earlier reload', () => {
    const storage = memoryStorage({ [CHUNK_RELOAD_STORAGE_KEY]: 'yesterday' });
    const reload = vi.fn();

    expect(reloadOnceForChunkError(chunkError, NOW, storage, reload)).toBe(true);
  });

  it('does not reload when it cannot remember the reload (storage refused)', () => {
    const reload = vi.fn();
    const storage = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('Quota exceeded', 'QuotaExceededError');
      },
    };

    expect(reloadOnceForChunkError(chunkError, NOW, storage, reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
