import { useStore } from 'zustand';
import { openIdbKeyStorage } from './idb-key-storage';
import { memoryKeyStorage } from './key-storage';
import { createSigningStore, type SigningState } from './signing-state';
import { verifyInWorker } from './signing-worker';

/**
 * The page's signing state: keys in IndexedDB `erdl-studio-signing`, memory when that fails;
 * verification in the batch worker.
 */
export const signing = createSigningStore(
  openIdbKeyStorage,
  memoryKeyStorage,
  () => new Date(),
  verifyInWorker,
);

export function useSigning<T>(selector: (state: SigningState) => T): T {
  return useStore(signing.store, selector);
}
