import { firstMarkersDue } from '../editor/yaml-gate';
import { DeadlineTimer } from '../scheduling/deadline-timer';
import type { StudioStore } from '../store';

/**
 * How long the studio stays quiet before precaching for offline use starts. Two seconds, not one:
 * with one, opening the 500-row table and clicking a cell a second later started the precaching
 * just as the first grid edits ran (`bench:ui`, issue #15 point 6).
 */
export const QUIET_MS = 2_000;
/**
 * Precaching starts this long after it was asked for at the latest. Long: with 10 s it started in
 * the middle of typing (every keystroke changes the store, so typing is never quiet) and its
 * ~1 s of CPU on a first visit gave the 1,000-rule typing benchmark long tasks it had not had
 * (p50 1.44× bare Monaco instead of 1.01×, two long tasks of ~56 ms). Any pause of two seconds
 * starts it well before.
 */
export const QUIET_MAX_MS = 60_000;

/**
 * The user's input that ends a quiet period although the store may not change: clicking a grid
 * cell and typing into its editor are local to the grid until Enter, and a scroll is not stored.
 */
export const INPUT_EVENTS = ['pointerdown', 'keydown', 'wheel'] as const;

/** Seen before any handler can stop the event; never delays it (no `preventDefault`). */
const LISTEN = { capture: true, passive: true } as const;

/**
 * Resolves once the studio has been quiet for `quietMs` — the kernel ready, no change in the store
 * (no edit, no analysis arriving), no input from the user on `input` (INPUT_EVENTS) and no
 * document waiting for its first markers — or after `maxMs`.
 * The service worker's precaching (fetching every file of the studio and compiling its scripts
 * for the code cache, ~1 s of CPU on a first visit) waits for it: on a 2-core machine it competed
 * with the kernel's first compile of a document opened at start (issue #17 point 2), and, when it
 * started while an analyst clicked into a grid cell and typed (no store change), with the first
 * grid edits (issue #15 point 6: its thread busy 60–110 ms inside the first edit).
 */
export function whenStudioQuiet(
  store: StudioStore,
  quietMs: number = QUIET_MS,
  maxMs: number = QUIET_MAX_MS,
  input: EventTarget | undefined = globalThis.window,
): Promise<void> {
  return new Promise((resolve) => {
    // Every store change and input pushes the wait back: only a time to note, no timer call on
    // the keystroke's path (scheduling/deadline-timer.ts).
    const quiet = new DeadlineTimer(() => {
      if (store.getState().kernelStatus === 'ready' && !firstMarkersDue()) done();
      else arm();
    });
    const arm = () => quiet.after(quietMs);
    const done = () => {
      quiet.cancel();
      clearTimeout(latest);
      unsubscribe();
      for (const type of INPUT_EVENTS) input?.removeEventListener(type, arm, LISTEN);
      resolve();
    };
    const unsubscribe = store.subscribe(arm);
    for (const type of INPUT_EVENTS) input?.addEventListener(type, arm, LISTEN);
    const latest = setTimeout(done, maxMs);
    arm();
  });
}
