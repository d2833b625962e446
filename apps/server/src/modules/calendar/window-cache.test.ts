import { describe, expect, it } from 'vitest';
import { WindowCache, type CachedWindow } from './window-cache.ts';

const entry = (json: string, clientIds: number[] = []): CachedWindow => ({
  json,
  clientIds,
  events: clientIds.length,
});

describe('WindowCache', () => {
  it('returns what was stored under the same key only, with the clients it names', () => {
    const cache = new WindowCache(100);
    cache.set('1|v1|a', entry('[1]', [7, 9]));
    expect(cache.get('1|v1|a')).toEqual(entry('[1]', [7, 9]));
    expect(cache.get('1|v2|a')).toBeUndefined();
  });

  it('drops the least recently used entries beyond its size', () => {
    const cache = new WindowCache(10);
    cache.set('a', entry('1234'));
    cache.set('b', entry('1234'));
    expect(cache.get('a')?.json).toBe('1234'); // a is now the most recent
    cache.set('c', entry('1234'));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.json).toBe('1234');
    expect(cache.get('c')?.json).toBe('1234');
  });

  it('counts the client ids towards the size', () => {
    // Three texts of 2 fit in 13; with 4 per id (6 each) only two do.
    const cache = new WindowCache(13);
    cache.set('a', entry('12', [1]));
    cache.set('b', entry('12', [1]));
    expect(cache.get('a')?.json).toBe('12');
    expect(cache.get('b')?.json).toBe('12');
    cache.set('c', entry('12', [1]));
    expect(cache.get('a')).toBeUndefined();
  });

  it('never keeps an entry larger than the whole cache', () => {
    const cache = new WindowCache(3);
    cache.set('big', entry('12345'));
    expect(cache.get('big')).toBeUndefined();
    cache.set('ids', entry('1', [1, 2]));
    expect(cache.get('ids')).toBeUndefined();
  });
});
