/**
 * A bounded cache: at most `capacity` entries, each forgotten `ttlMs` (or its own time to live) after it was set; when full,
 * the least recently used entry makes room (a Map keeps insertion order: a hit moves to the end).
 */
export class TtlLru<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();
  private readonly capacity: number;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(opts: { capacity: number; ttlMs: number; now?: () => number }) {
    this.capacity = opts.capacity;
    this.ttlMs = opts.ttlMs;
    this.now = opts.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.now()) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, ttlMs = this.ttlMs): void {
    this.entries.delete(key);
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs });
  }
}
