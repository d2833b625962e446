/** A served window: its JSON text, and the clients it names (for each reader's audit row). */
export type CachedWindow = { json: string; clientIds: number[]; events: number };

/** What an entry is reckoned to weigh: its text, and four bytes per client id. */
const weightOf = (entry: CachedWindow) => entry.json.length + entry.clientIds.length * 4;

/**
 * Calendar windows already served, as their JSON text. The key holds the
 * practice's calendar version (bumped at commit by a trigger on every change
 * to events, attendees, external busy time, and the client and location
 * fields an event shows), so an entry can never be stale: a change makes a new
 * key, and old keys age out. Each server process keeps its own; nothing is
 * shared, so scaling out needs nothing more. Staff open the same weeks all day,
 * and after a change every open calendar refetches the same window at once.
 * An entry keeps the clients it names, so a cached answer is audited like a
 * fresh one without reading the text again.
 */
export class WindowCache {
  private readonly entries = new Map<string, CachedWindow>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): CachedWindow | undefined {
    const entry = this.entries.get(key);
    if (entry !== undefined) {
      // Most recently used last: the Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: CachedWindow): void {
    if (weightOf(entry) > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.bytes -= weightOf(old);
    }
    this.entries.set(key, entry);
    this.bytes += weightOf(entry);
    for (const [oldest, stored] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= weightOf(stored);
    }
  }
}
