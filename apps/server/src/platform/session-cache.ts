/**
 * Resolved sessions kept in this process for a moment, so the session query
 * (users, authorities, limits) is not paid by every API call.
 *
 * Why it stays correct:
 * - An entry lives `SESSION_CACHE_LIFE_MS` at most, so a sign-out, a role
 *   change or a deactivation made by another process (or by a direct database
 *   write) is seen here within that time, well inside one second.
 * - Any change made through this process (every POST, PUT, PATCH, DELETE but
 *   those declared `keepsSessions`, which touch no session, account, role or
 *   practice setting) empties the cache before its answer leaves (`invalidate`),
 *   so the caller's next request here sees it at once.
 * - A read that began before an invalidation is not stored (`generation`): it
 *   may have read the rows as they were before the change committed.
 * - Expiry, idle time and the impersonation limit are checked against every
 *   cached row at each use (sessions.ts), by the server's clock, exactly as for
 *   a row just read.
 */
export const SESSION_CACHE_LIFE_MS = 500;
/** Enough for every signed-in user of a large deployment; the oldest entry makes room. */
const MAX_ENTRIES = 10_000;

type Entry<T> = { row: T; storedAt: number };

export class SessionCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private currentGeneration = 0;

  constructor(
    private readonly lifeMs = SESSION_CACHE_LIFE_MS,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** Taken before reading the database; `store` refuses the row if anything changed since. */
  get generation(): number {
    return this.currentGeneration;
  }

  get(tokenHash: string): T | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (this.clock() - entry.storedAt >= this.lifeMs) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.row;
  }

  store(tokenHash: string, row: T, readAtGeneration: number): void {
    if (readAtGeneration !== this.currentGeneration) return;
    if (this.entries.size >= MAX_ENTRIES && !this.entries.has(tokenHash)) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(tokenHash, { row, storedAt: this.clock() });
  }

  forget(tokenHash: string): void {
    this.entries.delete(tokenHash);
  }

  /** Something may have changed sessions, users or their roles: read them again. */
  invalidate(): void {
    this.currentGeneration++;
    this.entries.clear();
  }
}
