/**
 * A page of a list whose last filter runs outside SQL (a domain rule over
 * facts loaded per batch). Reads the indexed query in batches, keyset by
 * `cursor`, keeps what `select` keeps, skips `offset` kept rows and returns
 * `limit` of them, plus whether more follow. Pages stay full however many rows
 * the rule drops.
 */
export type Batch<R, C> = { rows: R[]; next: C | null };

export async function filteredPage<R, K, C>(options: {
  fetchBatch: (cursor: C | null, size: number) => Promise<Batch<R, C>>;
  select: (rows: R[]) => Promise<K[]> | K[];
  offset: number;
  limit: number;
  /** Rows read per batch; at least one more than the page so a full page needs one batch. */
  batchSize?: number;
}): Promise<{ rows: K[]; hasMore: boolean }> {
  const { offset, limit } = options;
  const want = offset + limit + 1;
  const size = options.batchSize ?? Math.min(Math.max(limit + 1, 100), 1000);
  const kept: K[] = [];
  let cursor: C | null = null;
  for (;;) {
    const batch = await options.fetchBatch(cursor, size);
    kept.push(...(await options.select(batch.rows)));
    if (kept.length >= want || batch.next === null || batch.rows.length < size) break;
    cursor = batch.next;
  }
  return { rows: kept.slice(offset, offset + limit), hasMore: kept.length > offset + limit };
}
