/**
 * Calendar windows already served, as their JSON text. The key holds the
 * practice's calendar version (bumped at commit by a trigger on every change
 * to events, attendees, external busy time, and the client and location
 * fields an event shows), so an entry can never be stale: a change makes a new
 * key, and old keys age out. Each server process keeps its own; nothing is
 * shared, so scaling out needs nothing more. Staff open the same weeks all day,
 * and after a change every open calendar refetches the same window at once.
 */
export class WindowCache {
  private readonly entries = new Map<string, string>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): string | undefined {
    const json = this.entries.get(key);
    if (json !== undefined) {
      // Most recently used last: the Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, json);
    }
    return json;
  }

  set(key: string, json: string): void {
    if (json.length > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.bytes -= old.length;
    }
    this.entries.set(key, json);
    this.bytes += json.length;
    for (const [oldest, text] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= text.length;
    }
  }
}
