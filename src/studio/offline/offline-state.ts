/**
 * Whether the studio is available offline, as a tiny external store (module state + listeners)
 * that `useOfflineReady()` reads; kept out of the studio store because nothing persists it.
 */

export type OfflineState =
  /** Before `registerServiceWorker()` has run. */
  | 'checking'
  /** `npm run dev`: the dev server never gets a service worker. */
  | 'development'
  /** The browser has no service workers (or forbids them here, e.g. not a secure context). */
  | 'unsupported'
  /** The worker is precaching this build's files. */
  | 'installing'
  /** Every file is cached: a reload works with the network off. */
  | 'ready'
  /** Registration or precaching failed; the studio works, online only. */
  | 'failed'
  /** A newer build is cached and waiting: reloading (applyUpdate) switches to it. */
  | 'update';

let current: OfflineState = 'checking';
const listeners = new Set<() => void>();

export function getOfflineState(): OfflineState {
  return current;
}

export function setOfflineState(next: OfflineState): void {
  if (next === current) return;
  current = next;
  for (const listener of listeners) listener();
}

export function subscribeOfflineState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
