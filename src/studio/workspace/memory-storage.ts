import type { WorkspaceSnapshot } from '../store/types';
import {
  type OrphanEntry,
  orphanKey,
  type SaveBackup,
  type SaveOutcome,
  type WorkspaceRecord,
  type WorkspaceStorage,
} from './storage';

/** What an in-memory "database" holds; two storages over one of these behave like two tabs. */
export interface MemoryDatabase {
  record: WorkspaceRecord | null;
  orphans: Map<string, OrphanEntry>;
  backups: { snapshot: WorkspaceSnapshot; tabId: string; reason: string }[];
  /**
   * Tests: the next save fails at its write number `failAtWrite` (1: the journal, then the backup
   * if any, the record, the journal's removal) with `error`, as a transaction aborted midway
   * (quota, a value that cannot be stored): none of its writes land.
   */
  fault?: { readonly failAtWrite: number; readonly error: Error } | undefined;
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
    backup?: SaveBackup,
  ): Promise<SaveOutcome> {
    // One transaction: the writes are collected, then applied together or not at all.
    const writes: (() => void)[] = [];
    const key = orphanKey(tabId);
    writes.push(() => this.db.orphans.set(key, { key, snapshot, baseStamp, savedBy: tabId }));
    const stored = this.db.record;
    const matches =
      stored === null ||
      (stored.stamp === baseStamp && (baseSavedBy === undefined || stored.savedBy === baseSavedBy));
    let outcome: SaveOutcome;
    if (!matches) {
      writes.push(() => this.db.orphans.delete(key));
      writes.push(() => this.db.backups.push({ snapshot, tabId, reason: 'conflict' }));
      outcome = { kind: 'conflict', theirs: stored };
    } else {
      const stamp = baseStamp + 1;
      if (backup) {
        writes.push(() =>
          this.db.backups.push({ snapshot: backup.snapshot, tabId, reason: backup.reason }),
        );
      }
      writes.push(() => {
        this.db.record = { snapshot, stamp, savedBy: tabId };
      });
      writes.push(() => this.db.orphans.delete(key));
      outcome = { kind: 'saved', stamp };
    }
    const fault = this.db.fault;
    if (fault && fault.failAtWrite <= writes.length) {
      this.db.fault = undefined;
      return Promise.reject(fault.error);
    }
    for (const write of writes) write();
    return Promise.resolve(outcome);
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
