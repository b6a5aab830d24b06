/** Document ids: random, so two tabs or an imported workspace never collide. */
export function newDocumentId(): string {
  return `doc-${crypto.randomUUID()}`;
}

/**
 * A record keyed by document id. Ids come from files — an imported workspace may name a document
 * `__proto__`, `constructor` or `toString` — so every such record of the store has no prototype:
 * a lookup finds the entry or `undefined` (never `Object.prototype` or one of its methods), and
 * setting the key `__proto__` stores an entry instead of replacing the prototype. Build them only
 * with these helpers (a spread `{ ...record }` gives back an object with a prototype).
 */
export type IdRecord<T> = Record<string, T>;

export function emptyRecord<T>(): IdRecord<T> {
  return Object.create(null) as IdRecord<T>;
}

/** A copy of `record` (own entries only) with `id` set to `value`. */
export function withEntry<T>(record: Readonly<IdRecord<T>>, id: string, value: T): IdRecord<T> {
  const next = emptyRecord<T>();
  for (const key of Object.keys(record)) next[key] = record[key] as T;
  next[id] = value;
  return next;
}

/** A copy of `record` without `id`. */
export function withoutEntry<T>(record: Readonly<IdRecord<T>>, id: string): IdRecord<T> {
  const next = emptyRecord<T>();
  for (const key of Object.keys(record)) if (key !== id) next[key] = record[key] as T;
  return next;
}

/** A record of `entries` (a later entry of the same id wins). */
export function recordOf<T>(entries: Iterable<readonly [string, T]>): IdRecord<T> {
  const next = emptyRecord<T>();
  for (const [id, value] of entries) next[id] = value;
  return next;
}

/** Whether `record` holds an entry of its own for `id`. */
export function hasEntry(record: Readonly<IdRecord<unknown>>, id: string): boolean {
  return Object.hasOwn(record, id);
}
