/**
 * Where the workspace is kept between visits. Behind an interface so the persistence logic runs
 * unchanged over IndexedDB in the browser and over an in-memory fake in unit tests.
 */
import type { WorkspaceSnapshot } from '../store/types';

/** The stored workspace: `stamp` goes up by one on every save, whichever tab saves. */
export interface WorkspaceRecord {
  readonly snapshot: WorkspaceSnapshot;
  readonly stamp: number;
  readonly savedBy: string;
}

/**
 * Work a tab had not finished saving when it died (written in the same transaction as the save,
 * removed by it when the save completes, so only an interrupted save leaves one behind).
 */
export interface OrphanEntry {
  readonly key: string;
  readonly snapshot: WorkspaceSnapshot;
  /** The stamp the dead tab's edits were based on. */
  readonly baseStamp: number;
  readonly savedBy: string;
}

/** A copy written with a save, in its transaction. */
export interface SaveBackup {
  readonly snapshot: WorkspaceSnapshot;
  readonly reason: string;
}

export type SaveOutcome =
  | { readonly kind: 'saved'; readonly stamp: number }
  /** Another tab saved since `baseStamp`: nothing was overwritten; ours went to a backup. */
  | { readonly kind: 'conflict'; readonly theirs: WorkspaceRecord };

export interface WorkspaceStorage {
  load(): Promise<{ record: WorkspaceRecord | null; orphans: readonly OrphanEntry[] }>;
  /** The stored record only (after another tab announced a save). */
  current(): Promise<WorkspaceRecord | null>;
  /**
   * Saves `snapshot` when the stored stamp still equals `baseStamp` (and, when given, the record
   * was saved by `baseSavedBy`), in one transaction: every write lands or none does (a failing
   * write — quota, a value that cannot be stored — aborts them all and the promise rejects). With
   * `backup`, that copy is written in the same transaction (an import's "replace": the workspace
   * it replaces is kept exactly when the new one is saved). Must issue its first write
   * synchronously, so a save started in `pagehide` reaches the disk.
   */
  save(
    snapshot: WorkspaceSnapshot,
    baseStamp: number,
    tabId: string,
    baseSavedBy?: string,
    backup?: SaveBackup,
  ): Promise<SaveOutcome>;
  /**
   * Keeps a copy that saves never overwrite (on conflict, before a reload or a replace discards
   * it); one per tab and reason, the newest kept.
   */
  backup(snapshot: WorkspaceSnapshot, tabId: string, reason: string): Promise<void>;
  discardOrphans(keys: readonly string[]): Promise<void>;
  /**
   * Synchronously keeps `snapshot` where the next start finds it as an orphan, for the moment the
   * page is torn down (an IndexedDB transaction started in `pagehide` may be aborted). A later
   * successful save of this tab removes it. Best effort: never throws.
   */
  journal(snapshot: WorkspaceSnapshot, baseStamp: number, tabId: string): void;
}

export const orphanKey = (tabId: string) => `unsaved:${tabId}`;
