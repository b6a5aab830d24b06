import type { TablesRead } from '../../kernel/table-edit';

export type GoodRead = Extract<TablesRead, { ok: true }>;

/**
 * The last good read of each document's tables, and the text it is of. The grid's fast path puts
 * its patched read here for the edited text at once, so the grid never waits for a re-read.
 */
const reads = new Map<string, { readonly text: string; readonly read: GoodRead }>();
const listeners = new Set<() => void>();
let version = 0;

export function goodRead(docId: string) {
  return reads.get(docId);
}

export function setGoodRead(docId: string, text: string, read: GoodRead): void {
  reads.set(docId, { text, read });
  version += 1;
  for (const listener of listeners) listener();
}

export function subscribeReads(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function readsVersion(): number {
  return version;
}
