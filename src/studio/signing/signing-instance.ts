import { useStore } from 'zustand';
import { studioStore } from '../store';
import { hasEntry } from '../store/ids';
import { openIdbKeyStorage } from './idb-key-storage';
import { memoryKeyStorage } from './key-storage';
import { createSigningStore, type NameJournal, type SigningState } from './signing-state';
import { verifyInWorker } from './signing-worker';

const JOURNAL_KEY = 'erdl-studio.signing.pending-names';

/** Pending trusted-key names in localStorage: synchronous, so a reload cannot abort the write. */
const localNameJournal: NameJournal = {
  read() {
    try {
      const value = JSON.parse(localStorage.getItem(JOURNAL_KEY) ?? '{}') as unknown;
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
      return Object.fromEntries(
        Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'),
      );
    } catch {
      return {};
    }
  },
  put(keyId, name) {
    try {
      localStorage.setItem(JOURNAL_KEY, JSON.stringify({ ...this.read(), [keyId]: name }));
    } catch {
      // Blocked storage: the IndexedDB write still runs; only its unload race is unguarded.
    }
  },
  done(keyId, name) {
    const entries = this.read();
    if (!(keyId in entries) || (name !== undefined && entries[keyId] !== name)) return;
    delete entries[keyId];
    try {
      if (Object.keys(entries).length === 0) localStorage.removeItem(JOURNAL_KEY);
      else localStorage.setItem(JOURNAL_KEY, JSON.stringify(entries));
    } catch {
      // Blocked storage: nothing was journaled there either.
    }
  },
};

/**
 * The page's signing state: keys in IndexedDB `erdl-studio-signing`, memory when that fails;
 * verification in the batch worker.
 */
export const signing = createSigningStore(
  openIdbKeyStorage,
  memoryKeyStorage,
  () => new Date(),
  verifyInWorker,
  localNameJournal,
);

export function useSigning<T>(selector: (state: SigningState) => T): T {
  return useStore(signing.store, selector);
}

// A closed document takes its attachments with it (kept across reloads otherwise, issue #37).
studioStore.subscribe((state, prev) => {
  if (state.documents === prev.documents) return;
  for (const id of Object.keys(prev.documents))
    if (!hasEntry(state.documents, id)) void signing.forgetDocument(id);
});
