/**
 * A size-bounded cache with least-recently-used eviction. Recency is a use counter rather than a
 * re-insertion per hit, so a hit costs one Map lookup; eviction (when the bound is passed by an
 * eighth) sorts once and drops the least recently used entries down to the bound.
 */
export class Lru<K, V> {
  private readonly entries = new Map<K, { value: V; used: number }>();
  private clock = 0;

  constructor(readonly max: number) {}

  get(key: K): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    e.used = ++this.clock;
    return e.value;
  }

  set(key: K, value: V): void {
    this.entries.set(key, { value, used: ++this.clock });
    if (this.entries.size > this.max + Math.max(1, this.max >> 3)) this.evict();
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }

  private evict(): void {
    const byAge = [...this.entries].sort((a, b) => a[1].used - b[1].used);
    for (let i = 0; i < byAge.length - this.max; i++)
      this.entries.delete((byAge[i] as [K, unknown])[0]);
  }
}
