import { useSyncExternalStore } from 'react';
import { getOfflineState, type OfflineState, subscribeOfflineState } from './offline-state';

/** The offline state, re-rendering when it changes (`'ready'` = a reload works offline). */
export function useOfflineReady(): OfflineState {
  return useSyncExternalStore(subscribeOfflineState, getOfflineState, getOfflineState);
}
