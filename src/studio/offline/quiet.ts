import { firstMarkersDue } from '../editor/yaml-gate';
import type { StudioStore } from '../store';

/** How long the studio stays quiet before precaching for offline use starts. */
export const QUIET_MS = 1_000;
/**
 * Precaching starts this long after it was asked for at the latest. Long: with 10 s it started in
 * the middle of typing (every keystroke changes the store, so typing is never quiet) and its
 * ~1 s of CPU on a first visit gave the 1,000-rule typing benchmark long tasks it had not had
 * (p50 1.44× bare Monaco instead of 1.01×, two long tasks of ~56 ms). Any pause of a second
 * starts it well before.
 */
export const QUIET_MAX_MS = 60_000;

/**
 * Resolves once the studio has been quiet for `quietMs` — the kernel ready, no change in the store
 * (no edit, no analysis arriving) and no document waiting for its first markers — or after `maxMs`.
 * The service worker's precaching (fetching every file of the studio and compiling its scripts
 * for the code cache, ~1 s of CPU on a first visit) waits for it: on a 2-core machine it competed
 * with the kernel's first compile of a document opened at start (issue #17 point 2).
 */
export function whenStudioQuiet(
  store: StudioStore,
  quietMs: number = QUIET_MS,
  maxMs: number = QUIET_MAX_MS,
): Promise<void> {
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      clearTimeout(timer);
      clearTimeout(latest);
      unsubscribe();
      resolve();
    };
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(check, quietMs);
    };
    const check = () => {
      if (store.getState().kernelStatus === 'ready' && !firstMarkersDue()) done();
      else arm();
    };
    const unsubscribe = store.subscribe(arm);
    const latest = setTimeout(done, maxMs);
    arm();
  });
}
