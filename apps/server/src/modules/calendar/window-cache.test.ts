import { describe, expect, it } from 'vitest';
import { WindowCache } from './window-cache.ts';

describe('WindowCache', () => {
  it('returns what was stored under the same key only', () => {
    const cache = new WindowCache(100);
    cache.set('1|v1|a', '[1]');
    expect(cache.get('1|v1|a')).toBe('[1]');
    expect(cache.get('1|v2|a')).toBeUndefined();
  });

  it('drops the least recently used entries beyond its size', () => {
    const cache = new WindowCache(10);
    cache.set('a', '1234');
    cache.set('b', '1234');
    expect(cache.get('a')).toBe('1234'); // a is now the most recent
    cache.set('c', '1234');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('1234');
    expect(cache.get('c')).toBe('1234');
  });

  it('never keeps an entry larger than the whole cache', () => {
    const cache = new WindowCache(3);
    cache.set('big', '12345');
    expect(cache.get('big')).toBeUndefined();
  });
});
