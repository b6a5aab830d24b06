import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { WorkspaceSnapshot } from '../store/types';
import {
  type OrphanEntry,
  orphanKey,
  type SaveBackup,
  type SaveOutcome,
  type WorkspaceRecord,
  type WorkspaceStorage,
} from './storage';

const DB_NAME = 'erdl-studio';
const WORKSPACE_KEY = 'default';

interface BackupEntry {
  readonly snapshot: WorkspaceSnapshot;
  readonly tabId: string;
  readonly reason: string;
  /** Wall-clock time of the backup, for a person looking at the database. */
  readonly at: string;
}

interface StudioDb extends DBSchema {
  workspaces: { key: string; value: WorkspaceRecord };
  /** Orphans (`unsaved:<tab>`) and backups (`backup:<tab>:<n>`) of work not in `workspaces`. */
  backups: { key: string; value: OrphanEntry | BackupEntry };
}

const isOrphan = (value: OrphanEntry | BackupEntry): value is OrphanEntry => 'baseStamp' in value;

/** IndexedDB `erdl-studio`: store `workspaces` (key `default`) and store `backups`. */
export async function openIdbStorage(): Promise<WorkspaceStorage> {
  if (typeof indexedDB === 'undefined') throw new Error('IndexedDB is not available');
  const db = await openDB<StudioDb>(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore('workspaces');
      database.createObjectStore('backups');
    },
  });
  return new IdbStorage(db);
}

class IdbStorage implements WorkspaceStorage {
  constructor(private readonly db: IDBPDatabase<StudioDb>) {}

  async load() {
    const journaled = readLocalJournal();
    const tx = this.db.transaction(['workspaces', 'backups'], 'readonly');
    const [record, keys, values] = await Promise.all([
      tx.objectStore('workspaces').get(WORKSPACE_KEY),
      tx.objectStore('backups').getAllKeys(),
      tx.objectStore('backups').getAll(),
    ]);
    const orphans: OrphanEntry[] = [];
    keys.forEach((key, i) => {
      const value = values[i];
      if (value && key.startsWith('unsaved:') && isOrphan(value)) orphans.push({ ...value, key });
    });
    return { record: record ?? null, orphans: [...orphans, ...journaled] };
  }

  async current() {
    return (await this.db.get('workspaces', WORKSPACE_KEY)) ?? null;
  }

  save(
    snapshot: WorkspaceSnapshot,
    baseStamp: number,
    tabId: string,
    baseSavedBy?: string,
    backup?: SaveBackup,
  ): Promise<SaveOutcome> {
    // Everything below is issued before the first await: when the page is being torn down the
    // journal write still lands, and the next start recovers it as an orphan.
    const tx = this.db.transaction(['workspaces', 'backups'], 'readwrite');
    const workspaces = tx.objectStore('workspaces');
    const backups = tx.objectStore('backups');
    const key = orphanKey(tabId);
    const journal: OrphanEntry = { key, snapshot, baseStamp, savedBy: tabId };
    /**
     * A write that throws as it is issued (a value that cannot be cloned, a closing database)
     * aborts the whole transaction, so no other write of this save lands without it.
     */
    const abort = (error: unknown): never => {
      try {
        tx.abort();
      } catch {
        // Already finished or aborted: nothing of it was committed by this save.
      }
      throw error;
    };
    const done = tx.done;
    try {
      quiet(backups.put(journal, key));
    } catch (error) {
      quiet(done);
      return Promise.reject(error).catch(abort);
    }
    const outcome = workspaces.get(WORKSPACE_KEY).then((stored): SaveOutcome => {
      try {
        if (stored && !matchesBase(stored, baseStamp, baseSavedBy)) {
          quiet(backups.delete(key));
          quiet(
            backups.put(backupEntry(snapshot, tabId, 'conflict'), backupKey(tabId, 'conflict')),
          );
          return { kind: 'conflict', theirs: stored };
        }
        const stamp = baseStamp + 1;
        if (backup) {
          quiet(
            backups.put(
              backupEntry(backup.snapshot, tabId, backup.reason),
              backupKey(tabId, backup.reason),
            ),
          );
        }
        quiet(workspaces.put({ snapshot, stamp, savedBy: tabId }, WORKSPACE_KEY));
        quiet(backups.delete(key));
        return { kind: 'saved', stamp };
      } catch (error) {
        return abort(error);
      }
    });
    return Promise.all([outcome, done]).then(([result]) => {
      if (result.kind === 'saved') removeLocal(localKey(tabId));
      return result;
    });
  }

  async backup(snapshot: WorkspaceSnapshot, tabId: string, reason: string) {
    await this.db.put('backups', backupEntry(snapshot, tabId, reason), backupKey(tabId, reason));
  }

  async discardOrphans(keys: readonly string[]) {
    for (const key of keys) if (key.startsWith(LOCAL_PREFIX)) removeLocal(key);
    const tx = this.db.transaction('backups', 'readwrite');
    const stored = keys.filter((key) => !key.startsWith(LOCAL_PREFIX));
    await Promise.all([...stored.map((key) => tx.store.delete(key)), tx.done]);
  }

  journal(snapshot: WorkspaceSnapshot, baseStamp: number, tabId: string): void {
    const key = localKey(tabId);
    const entry: OrphanEntry = { key, snapshot, baseStamp, savedBy: tabId };
    try {
      localStorage.setItem(key, JSON.stringify(entry));
    } catch {
      // Full or blocked: the IndexedDB save started beside it is all there is.
    }
  }
}

function backupEntry(snapshot: WorkspaceSnapshot, tabId: string, reason: string): BackupEntry {
  return { snapshot, tabId, reason, at: new Date().toISOString() };
}

/** One backup per tab and reason: a later backup for the same reason is the newer state of the same work. */
function backupKey(tabId: string, reason: string): string {
  return `backup:${tabId}:${reason}`;
}

/** A request's own failure aborts its transaction; `tx.done` reports it, so it is not reported twice. */
function quiet(request: Promise<unknown>): void {
  request.catch(() => undefined);
}

function matchesBase(stored: WorkspaceRecord, stamp: number, savedBy: string | undefined): boolean {
  return stored.stamp === stamp && (savedBy === undefined || stored.savedBy === savedBy);
}

/**
 * The unload journal lives in localStorage: its writes are synchronous, so they survive the page
 * being torn down, which an IndexedDB transaction started in `pagehide` does not (Chromium).
 */
const LOCAL_PREFIX = 'erdl-studio.unsaved.';
const localKey = (tabId: string) => `${LOCAL_PREFIX}${tabId}`;

function readLocalJournal(): OrphanEntry[] {
  const entries: OrphanEntry[] = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (!key?.startsWith(LOCAL_PREFIX)) continue;
      const value = JSON.parse(localStorage.getItem(key) ?? 'null') as Partial<OrphanEntry> | null;
      if (
        value &&
        typeof value.baseStamp === 'number' &&
        typeof value.savedBy === 'string' &&
        value.snapshot
      ) {
        entries.push({
          key,
          snapshot: value.snapshot,
          baseStamp: value.baseStamp,
          savedBy: value.savedBy,
        });
      }
    }
  } catch {
    // Unreadable journal entries are left for a person to inspect; the stored workspace still loads.
  }
  return entries;
}

function removeLocal(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Blocked storage: nothing was journaled there either.
  }
}
