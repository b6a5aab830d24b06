/**
 * The workspace that never loses work: loaded from IndexedDB at start, saved 300 ms after every
 * change and at once when the page is hidden or left; two tabs never silently overwrite each
 * other (version stamps checked in the save transaction, saves announced on a BroadcastChannel).
 */
import type { Bilingual } from '../../kernel';
import { DeadlineTimer } from '../scheduling/deadline-timer';
import type { StudioStore } from '../store';
import type { WorkspaceSnapshot } from '../store/types';
import { freshWorkspace } from './fresh-workspace';
import { openIdbStorage } from './idb-storage';
import { MemoryStorage } from './memory-storage';
import { addCopies, addImported, changedDocuments, forkInto, hasChanges } from './merge';
import { COPY_SUFFIX, MESSAGES, RECOVERED_SUFFIX } from './messages';
import { decodeShare, shareDataFromHash } from './share';
import type {
  OrphanEntry,
  SaveBackup,
  SaveOutcome,
  WorkspaceRecord,
  WorkspaceStorage,
} from './storage';
import {
  checkWorkspaceValue,
  MAX_WORKSPACE_DOCUMENTS,
  problemsMessage,
  salvageWorkspace,
} from './workspace-check';

export const SAVE_DEBOUNCE_MS = 300;
const CHANNEL_NAME = 'erdl-studio';

/** What other tabs are told after a save. */
interface SavedMessage {
  readonly type: 'saved';
  readonly stamp: number;
  readonly tabId: string;
}

/** The part of BroadcastChannel used here (a fake in tests). */
export interface ChannelLike {
  postMessage(message: SavedMessage): void;
  onmessage: ((event: { data: unknown }) => void) | null;
  close(): void;
}

export interface PersistenceDeps {
  readonly openStorage: () => Promise<WorkspaceStorage>;
  readonly channel: ChannelLike | null;
  readonly tabId: string;
  readonly debounceMs?: number;
}

export class WorkspacePersistence {
  private storage: WorkspaceStorage = new MemoryStorage();
  /** The stored version our state builds on, and what it held. */
  private baseStamp = 0;
  private baseSavedBy: string | undefined;
  private base: WorkspaceSnapshot = freshWorkspace();
  /** The store revision last written (or loaded). */
  private savedRevision = -1;
  private inFlight: Promise<void> | null = null;
  private again = false;
  /** The debounced save, pushed back by every change (no timer call for that: deadline-timer.ts). */
  private readonly timer = new DeadlineTimer(() => {
    if (this.theirs) void this.backupNow('conflict');
    else void this.saveNow();
  });
  private theirs: WorkspaceRecord | null = null;
  private unsubscribe: (() => void) | null = null;
  private lastError: string | null = null;
  /**
   * Set when the saved workspace is damaged and no copy of it could be kept: nothing is saved over
   * it from this tab (the work shown stays in memory; the user is told to export it).
   */
  private holdSaves: string | null = null;

  constructor(
    private readonly store: StudioStore,
    private readonly deps: PersistenceDeps,
  ) {}

  /** Loads the saved workspace (or the examples), recovers orphans, then saves on every change. */
  async start(shareData: string | null = null): Promise<void> {
    const state = () => this.store.getState();
    state().setPersistence({ state: 'loading' });
    let loaded: Awaited<ReturnType<WorkspaceStorage['load']>> = { record: null, orphans: [] };
    try {
      this.storage = await this.deps.openStorage();
      loaded = await this.storage.load();
    } catch (error) {
      this.storage = new MemoryStorage();
      state().notify('warning', MESSAGES.storageUnavailable(describe(error)));
    }
    let snapshot = freshWorkspace();
    /** Whether the workspace shown is written at once (a first start). */
    let saveAtOnce = true;
    if (loaded.record) {
      snapshot = readStored(loaded.record.snapshot) ?? (await this.openDamaged(loaded.record));
      saveAtOnce = false;
      this.baseStamp = loaded.record.stamp;
      this.baseSavedBy = loaded.record.savedBy;
    }
    this.base = snapshot;
    state().loadSnapshot(snapshot);
    // A fresh workspace is written at once, so a second tab opens the same one. A damaged one is
    // not: the stored record stays as it is until the user changes something.
    this.savedRevision = saveAtOnce ? -1 : state().revision;

    const recovered = await this.recoverOrphans(loaded.orphans);
    if (shareData !== null) await this.openShared(shareData);

    this.unsubscribe = this.store.subscribe((next, previous) => {
      if (next.revision !== previous.revision) this.changed();
    });
    if (this.deps.channel) this.deps.channel.onmessage = (event) => void this.heard(event.data);
    if (this.holdSaves !== null) state().setPersistence({ state: 'error', detail: this.holdSaves });
    else if (state().revision !== this.savedRevision) await this.saveNow();
    else state().setPersistence({ state: 'saved', revision: this.savedRevision });
    if (recovered.length > 0 && this.store.getState().persistence.state === 'saved') {
      await this.storage.discardOrphans(recovered).catch(() => undefined);
    }
  }

  /** Saves now (pagehide, hidden tab): the storage's first write is issued before this returns. */
  flush(): void {
    this.timer.cancel();
    const state = this.store.getState();
    if (state.revision === this.savedRevision || this.holdSaves !== null) return;
    this.storage.journal(state.snapshot(), this.theirs ? -1 : this.baseStamp, this.deps.tabId);
    if (this.theirs) {
      void this.storage
        .backup(state.snapshot(), this.deps.tabId, 'conflict')
        .catch(() => undefined);
      return;
    }
    if (this.inFlight) {
      // Queued behind the running save; it only applies if that one succeeds (it is ours then).
      void this.storage
        .save(state.snapshot(), this.baseStamp + 1, this.deps.tabId, this.deps.tabId)
        .catch(() => undefined);
      return;
    }
    void this.saveNow();
  }

  /** The user chose to take the other tab's version (ours stays in the backups store). */
  async reloadTheirs(): Promise<void> {
    const mine = this.store.getState().snapshot();
    await this.storage.backup(mine, this.deps.tabId, 'before-reload').catch(() => undefined);
    const theirs = (await this.storage.current().catch(() => null)) ?? this.theirs;
    if (!theirs) return;
    this.adopt(theirs);
    this.store.getState().loadSnapshot(this.base);
    this.savedRevision = this.store.getState().revision;
    this.store.getState().setPersistence({ state: 'saved', revision: this.savedRevision });
  }

  /** The user chose to keep both: their workspace plus our changed documents as copies. */
  async keepMineAsCopies(): Promise<void> {
    const state = this.store.getState();
    const mine = state.snapshot();
    const theirs = (await this.storage.current().catch(() => null)) ?? this.theirs;
    if (!theirs) return;
    const suffix = COPY_SUFFIX[state.lang];
    const base = this.base;
    // Their record is read as a saved one: only its valid documents (a damaged one is kept whole
    // in the backups by the tab that opens it).
    const theirSnapshot = salvageWorkspace(theirs.snapshot).snapshot ?? freshWorkspace();
    const forked = forkInto(theirSnapshot, mine, base, suffix);
    const copies = forked.documents.length - theirSnapshot.documents.length;
    const bothChangedDictionary =
      mine.fieldDictionary !== base.fieldDictionary &&
      theirSnapshot.fieldDictionary !== base.fieldDictionary &&
      mine.fieldDictionary !== theirSnapshot.fieldDictionary;
    if (bothChangedDictionary) {
      await this.storage.backup(mine, this.deps.tabId, 'dictionary').catch(() => undefined);
    }
    // Our active document stays active (as its copy when it was copied).
    const active = mine.documents.find((d) => d.id === mine.activeId);
    const activeCopy = active
      ? forked.documents.slice(theirSnapshot.documents.length).find((d) => d.text === active.text)
      : undefined;
    this.adopt(theirs);
    state.loadSnapshot({ ...forked, activeId: activeCopy?.id ?? forked.activeId });
    state.notify('info', MESSAGES.forked(copies));
    if (bothChangedDictionary) state.notify('warning', MESSAGES.dictionaryKeptAsBackup);
    await this.saveNow();
  }

  /** Whether this tab holds edits the other tab's version lacks (decides what the banner offers). */
  hasUnsavedChanges(): boolean {
    return hasChanges(this.base, this.store.getState().snapshot());
  }

  changedDocumentCount(): number {
    return changedDocuments(this.base, this.store.getState().snapshot()).length;
  }

  /** A backup of the current workspace (before an import replaces it). */
  async backupNow(reason: string): Promise<void> {
    await this.storage
      .backup(this.store.getState().snapshot(), this.deps.tabId, reason)
      .catch(() => undefined);
  }

  /** Opens a share link's document as a new document (boot, or a link pasted into this tab). */
  async openShared(data: string): Promise<void> {
    const decoded = await decodeShare(data);
    const state = this.store.getState();
    if (!decoded.ok) {
      state.notify('error', decoded.message);
      return;
    }
    const { name, text, fact, asOf } = decoded.doc;
    const id = state.addDocument({
      name,
      text,
      fact,
      asOf,
      temporalState: '',
      cursor: { line: 1, column: 1 },
    });
    state.notify('info', MESSAGES.sharedOpened(this.store.getState().documents[id]?.name ?? name));
  }

  stop(): void {
    this.timer.cancel();
    this.unsubscribe?.();
    if (this.deps.channel) this.deps.channel.onmessage = null;
  }

  private changed(): void {
    if (this.store.getState().revision === this.savedRevision) return;
    this.timer.after(this.deps.debounceMs ?? SAVE_DEBOUNCE_MS);
  }

  /** One save at a time; a change during a save saves again after it. */
  saveNow(): Promise<void> {
    if (this.theirs || this.holdSaves !== null) return Promise.resolve();
    if (this.inFlight) {
      this.again = true;
      return this.inFlight;
    }
    const state = this.store.getState();
    const revision = state.revision;
    const snapshot = state.snapshot();
    state.setPersistence({ state: 'saving' });
    let outcome: Promise<SaveOutcome>;
    try {
      outcome = this.storage.save(snapshot, this.baseStamp, this.deps.tabId, this.baseSavedBy);
    } catch (error) {
      outcome = Promise.reject(error);
    }
    const run = outcome
      .then(
        (result) => this.saved(result, snapshot, revision),
        (error: unknown) => this.failed(error),
      )
      .finally(() => {
        this.inFlight = null;
        if (this.again) {
          this.again = false;
          if (this.store.getState().revision !== this.savedRevision) void this.saveNow();
        }
      });
    this.inFlight = run;
    return run;
  }

  private saved(result: SaveOutcome, snapshot: WorkspaceSnapshot, revision: number): void {
    const state = this.store.getState();
    if (result.kind === 'conflict') {
      this.enterConflict(result.theirs);
      return;
    }
    this.baseStamp = result.stamp;
    this.baseSavedBy = this.deps.tabId;
    this.base = snapshot;
    this.savedRevision = revision;
    this.lastError = null;
    state.setPersistence({ state: 'saved', revision });
    this.deps.channel?.postMessage({ type: 'saved', stamp: result.stamp, tabId: this.deps.tabId });
    if (state.revision !== revision && !this.timer.pending) this.changed();
  }

  private failed(error: unknown): void {
    const detail = describe(error);
    const state = this.store.getState();
    state.setPersistence({ state: 'error', detail });
    // One notice per kind of failure, not one per keystroke.
    if (this.lastError !== detail) state.notify('error', MESSAGES.saveFailed(detail));
    this.lastError = detail;
  }

  private async heard(data: unknown): Promise<void> {
    if (!isSavedMessage(data) || data.tabId === this.deps.tabId || data.stamp <= this.baseStamp)
      return;
    const record = await this.storage.current().catch(() => null);
    if (record && record.stamp > this.baseStamp && record.savedBy !== this.deps.tabId) {
      this.enterConflict(record);
    }
  }

  private enterConflict(theirs: WorkspaceRecord): void {
    this.timer.cancel();
    this.theirs = theirs;
    this.store.getState().setPersistence({ state: 'conflict', theirs: theirs.snapshot });
    if (this.hasUnsavedChanges()) void this.backupNow('conflict');
  }

  private adopt(record: WorkspaceRecord): void {
    this.base = salvageWorkspace(record.snapshot).snapshot ?? this.base;
    this.baseStamp = record.stamp;
    this.baseSavedBy = record.savedBy;
    this.theirs = null;
  }

  /**
   * Work of tabs that died mid-save: one based on the stored version is newer than it and is
   * restored whole — as is one based on the version just before it when the stored version is
   * that same tab's save that was under way as it wrote its journal (a reload right after typing:
   * the debounced save lands, the one started in `pagehide` does not). The others are added as
   * "(recovered)" copies. Returns the keys handled.
   */
  private async recoverOrphans(orphans: readonly OrphanEntry[]): Promise<string[]> {
    const state = this.store.getState();
    let snapshot = state.snapshot();
    let restored = false;
    let copies = 0;
    const handled: string[] = [];
    for (const orphan of orphans) {
      const valid = readStored(orphan.snapshot);
      if (valid === null) {
        // Its readable documents come back as copies; the whole entry is kept aside first, and
        // left where it is when that fails (the next start tries again).
        const salvaged = salvageWorkspace(orphan.snapshot);
        const kept = await this.storage
          .backup(orphan.snapshot, 'damaged', `unsaved-${orphan.key}`)
          .then(
            () => true,
            () => false,
          );
        if (salvaged.snapshot) {
          const before = snapshot.documents.length;
          snapshot = addCopies(snapshot, salvaged.snapshot.documents, RECOVERED_SUFFIX[state.lang]);
          copies += snapshot.documents.length - before;
        }
        state.notify(
          'warning',
          MESSAGES.damagedOrphan(problemsMessage(salvaged.problems), salvaged.snapshot !== null),
        );
        if (kept) handled.push(orphan.key);
        continue;
      }
      handled.push(orphan.key);
      const ownSaveLanded =
        orphan.baseStamp + 1 === this.baseStamp && orphan.savedBy === this.baseSavedBy;
      if (!restored && (orphan.baseStamp === this.baseStamp || ownSaveLanded)) {
        snapshot = valid;
        restored = true;
        continue;
      }
      const before = snapshot.documents.length;
      snapshot = addCopies(snapshot, valid.documents, RECOVERED_SUFFIX[state.lang]);
      copies += snapshot.documents.length - before;
    }
    if (orphans.length === 0) return [];
    state.loadSnapshot(snapshot);
    if (restored) state.notify('info', MESSAGES.restoredUnsaved);
    if (copies > 0) state.notify('warning', MESSAGES.recovered(copies));
    return handled;
  }

  /**
   * A saved workspace that does not pass the check: a copy of the record exactly as stored is kept
   * in the backups first (under a key of its stamp, so reopening a tab does not pile up copies),
   * then its valid documents are shown — the examples when none is — and every problem is named.
   * The record itself is left as it is until the user changes something. When no copy can be
   * kept, nothing is saved from this tab at all.
   */
  private async openDamaged(record: WorkspaceRecord): Promise<WorkspaceSnapshot> {
    const state = this.store.getState();
    const salvaged = salvageWorkspace(record.snapshot);
    const problems = problemsMessage(salvaged.problems);
    const documents = salvaged.snapshot?.documents.length ?? 0;
    let keptError: unknown = null;
    try {
      await this.storage.backup(record.snapshot, 'damaged', `stamp-${record.stamp}`);
    } catch (error) {
      keptError = error ?? new Error('backup failed');
    }
    if (keptError !== null) {
      this.holdSaves = describe(keptError);
      state.notify('error', MESSAGES.storedWorkspaceNotKept(problems, describe(keptError)));
    } else if (documents > 0) {
      state.notify('error', MESSAGES.storedWorkspaceDamaged(problems, documents));
    } else {
      state.notify('error', MESSAGES.storedWorkspaceUnreadable(problems));
    }
    return salvaged.snapshot && documents > 0 ? salvaged.snapshot : freshWorkspace();
  }

  /**
   * Imports a checked workspace file (use-import.ts): `replace` makes it the workspace, `merge`
   * adds its documents (new ids, unique names). The new workspace is saved first — with, for a
   * replace, a backup of the one it replaces, in the same transaction — and shown only once that
   * save has landed: when it fails (quota, a storage error, another tab saved first) the saved
   * workspace and the one shown are both unchanged, and the returned message says why.
   */
  async importWorkspace(
    imported: WorkspaceSnapshot,
    mode: 'replace' | 'merge',
    fileName: string,
  ): Promise<{ readonly ok: true } | { readonly ok: false; readonly message: Bilingual }> {
    if (this.holdSaves !== null) {
      return { ok: false, message: MESSAGES.importNotSaved(fileName, this.holdSaves) };
    }
    // Checked again here, whoever the caller: nothing unchecked reaches the storage or the store.
    const checked = checkWorkspaceValue(imported);
    if (!checked.ok)
      return { ok: false, message: MESSAGES.importInvalid(fileName, checked.message) };
    const total =
      mode === 'merge'
        ? this.store.getState().order.length + checked.snapshot.documents.length
        : checked.snapshot.documents.length;
    if (total > MAX_WORKSPACE_DOCUMENTS) {
      return { ok: false, message: MESSAGES.importTooMany(fileName, total) };
    }
    this.timer.cancel();
    while (this.inFlight) await this.inFlight;
    if (this.theirs) return { ok: false, message: MESSAGES.importConflict(fileName) };
    // The import is the save in flight: a change meanwhile waits for it, then saves after it.
    let release = () => {};
    this.inFlight = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      return await this.writeImport(checked.snapshot, mode, fileName);
    } finally {
      this.inFlight = null;
      this.again = false;
      release();
      if (!this.theirs) this.changed();
    }
  }

  private async writeImport(
    imported: WorkspaceSnapshot,
    mode: 'replace' | 'merge',
    fileName: string,
  ): Promise<{ readonly ok: true } | { readonly ok: false; readonly message: Bilingual }> {
    const state = this.store.getState();
    const shownBefore = state.persistence;
    const current = state.snapshot();
    const revision = state.revision;
    const next = mode === 'replace' ? imported : addImported(current, imported);
    const backup: SaveBackup | undefined =
      mode === 'replace' ? { snapshot: current, reason: 'before-replace' } : undefined;
    state.setPersistence({ state: 'saving' });
    let outcome: SaveOutcome;
    try {
      outcome = await this.storage.save(
        next,
        this.baseStamp,
        this.deps.tabId,
        this.baseSavedBy,
        backup,
      );
    } catch (error) {
      // Nothing of it was written: the saved workspace and the one shown are as they were.
      this.store.getState().setPersistence(shownBefore);
      return { ok: false, message: MESSAGES.importNotSaved(fileName, describe(error)) };
    }
    if (outcome.kind === 'conflict') {
      this.enterConflict(outcome.theirs);
      return { ok: false, message: MESSAGES.importConflict(fileName) };
    }
    this.baseStamp = outcome.stamp;
    this.baseSavedBy = this.deps.tabId;
    this.base = next;
    this.lastError = null;
    const now = this.store.getState();
    if (now.revision === revision) {
      now.loadSnapshot(next);
      this.savedRevision = this.store.getState().revision;
      now.setPersistence({ state: 'saved', revision: this.savedRevision });
    } else {
      // Edited while the import was written: a replace keeps those edits as a backup; a merge
      // adds the imported documents to them (the next save writes the result).
      if (mode === 'replace') await this.backupNow('before-replace');
      const latest = this.store.getState();
      latest.loadSnapshot(mode === 'replace' ? next : addImported(latest.snapshot(), imported));
      if (mode === 'replace') this.savedRevision = this.store.getState().revision;
      this.store.getState().setPersistence({ state: 'saved', revision: this.savedRevision });
    }
    this.deps.channel?.postMessage({ type: 'saved', stamp: outcome.stamp, tabId: this.deps.tabId });
    return { ok: true };
  }
}

/** A saved workspace that passes the check, or null (then `salvageWorkspace` says what is wrong). */
function readStored(value: unknown): WorkspaceSnapshot | null {
  const salvaged = salvageWorkspace(value);
  return salvaged.problems.length === 0 ? salvaged.snapshot : null;
}

function isSavedMessage(data: unknown): data is SavedMessage {
  const d = data as Partial<SavedMessage> | null;
  return (
    typeof d === 'object' &&
    d !== null &&
    d.type === 'saved' &&
    typeof d.stamp === 'number' &&
    typeof d.tabId === 'string'
  );
}

function describe(error: unknown): string {
  if (error instanceof DOMException || error instanceof Error)
    return `${error.name}: ${error.message}`;
  return String(error);
}

let current: WorkspacePersistence | null = null;

/** The running persistence (the conflict banner and the import dialog act through it). */
export function currentPersistence(): WorkspacePersistence | null {
  return current;
}

/**
 * Boots the workspace for the page: IndexedDB, a share link in the fragment, the examples on a
 * first start; then saves on every change. Resolves once the workspace is in the store.
 */
export async function startPersistence(store: StudioStore): Promise<void> {
  const tabId = crypto.randomUUID();
  const channel =
    typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);
  const persistence = new WorkspacePersistence(store, {
    openStorage: openIdbStorage,
    channel: channel as ChannelLike | null,
    tabId,
  });
  current = persistence;
  const shareData = shareDataFromHash(location.hash);
  if (shareData !== null) clearFragment();
  addEventListener('pagehide', () => persistence.flush());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') persistence.flush();
  });
  // A share link pasted into the address bar of an open studio changes only the fragment.
  addEventListener('hashchange', () => {
    const data = shareDataFromHash(location.hash);
    if (data === null) return;
    clearFragment();
    void persistence.openShared(data);
  });
  await persistence.start(shareData);
}

function clearFragment(): void {
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
}

export type { Bilingual };
