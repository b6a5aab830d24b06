import type { WorkspaceSnapshot } from '../store/types';
import {
  type OrphanEntry,
  orphanKey,
  type SaveOutcome,
  type WorkspaceRecord,
  type WorkspaceStorage,
} from './storage';

/** What an in-memory "database" holds; two storages over one of these behave like two tabs. */
export interface MemoryDatabase {
  record: WorkspaceRecord | null;
  orphans: Map<string, OrphanEntry>;
  backups: { snapshot: WorkspaceSnapshot; tabId: string; reason: string }[];
}

export const emptyMemoryDatabase = (): MemoryDatabase => ({
  record: null,
  orphans: new Map(),
  backups: [],
});

/**
 * The storage used when IndexedDB is unavailable (work continues in memory, nothing survives a
 * reload) and in unit tests, with the same compare-and-save semantics as IndexedDB.
 */
export class MemoryStorage implements WorkspaceStorage {
  constructor(readonly db: MemoryDatabase = emptyMemoryDatabase()) {}

  async load() {
    return { record: this.db.record, orphans: [...this.db.orphans.values()] };
  }

  async current() {
    return this.db.record;
  }

  save(
    snapshot: WorkspaceSnapshot,
    baseStamp: number,
    tabId: string,
    baseSavedBy?: string,
  ): Promise<SaveOutcome> {
    const stored = this.db.record;
    const matches =
      stored === null ||
      (stored.stamp === baseStamp && (baseSavedBy === undefined || stored.savedBy === baseSavedBy));
    if (!matches) {
      this.db.backups.push({ snapshot, tabId, reason: 'conflict' });
      return Promise.resolve({ kind: 'conflict', theirs: stored });
    }
    const stamp = baseStamp + 1;
    this.db.record = { snapshot, stamp, savedBy: tabId };
    this.db.orphans.delete(orphanKey(tabId));
    return Promise.resolve({ kind: 'saved', stamp });
  }

  async backup(snapshot: WorkspaceSnapshot, tabId: string, reason: string) {
    this.db.backups.push({ snapshot, tabId, reason });
  }

  journal(snapshot: WorkspaceSnapshot, baseStamp: number, tabId: string): void {
    const key = orphanKey(tabId);
    this.db.orphans.set(key, { key, snapshot, baseStamp, savedBy: tabId });
  }

  async discardOrphans(keys: readonly string[]) {
    for (const key of keys) this.db.orphans.delete(key);
  }
}
