import { describe, expect, it } from 'vitest';
import { filteredPage, type Batch } from './filtered-page.ts';

/** Rows 1..n as an "indexed query": keyset by the last id read. */
function source(n: number) {
  const calls: number[] = [];
  const fetchBatch = (cursor: number | null, size: number): Promise<Batch<number, number>> => {
    calls.push(size);
    const start = cursor ?? 0;
    const rows = Array.from(
      { length: Math.max(0, Math.min(size, n - start)) },
      (_, i) => start + i + 1,
    );
    return Promise.resolve({ rows, next: rows.length ? rows[rows.length - 1]! : null });
  };
  return { fetchBatch, calls };
}

describe('filteredPage', () => {
  it('reads one batch when nothing is dropped', async () => {
    const { fetchBatch, calls } = source(500);
    const page = await filteredPage({ fetchBatch, select: (r) => r, offset: 0, limit: 50 });
    expect(page.rows).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(page.hasMore).toBe(true);
    expect(calls).toEqual([100]);
  });

  it('keeps reading until the page is full when the rule drops rows', async () => {
    const { fetchBatch, calls } = source(1000);
    const even = (rows: number[]) => rows.filter((r) => r % 10 === 0);
    const page = await filteredPage({
      fetchBatch,
      select: even,
      offset: 10,
      limit: 20,
      batchSize: 50,
    });
    expect(page.rows).toEqual(Array.from({ length: 20 }, (_, i) => (i + 11) * 10));
    expect(page.hasMore).toBe(true);
    expect(calls.length).toBe(7);
  });

  it('says when the last page is reached', async () => {
    const { fetchBatch } = source(30);
    const page = await filteredPage({ fetchBatch, select: (r) => r, offset: 25, limit: 10 });
    expect(page.rows).toEqual([26, 27, 28, 29, 30]);
    expect(page.hasMore).toBe(false);
    const empty = await filteredPage({ fetchBatch, select: () => [], offset: 0, limit: 10 });
    expect(empty).toEqual({ rows: [], hasMore: false });
  });
});
