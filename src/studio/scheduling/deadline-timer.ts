/**
 * A timer for "run this once the input has been quiet for a while", cheap to push back.
 *
 * Debouncing by re-arming a timer (`clearTimeout` then `setTimeout`) on every event cost a pair of
 * timer calls per controller per store change: with the analysis, evaluation, suite and
 * persistence controllers each doing so on the text change and again on the cursor move, that was
 * about a dozen timer calls inside every keystroke, a visible share of what the studio adds to a
 * keystroke in bare Monaco (docs/performance-log.md, "Typing, round 11"). They, and the wait for a
 * quiet studio before offline precaching (offline/quiet.ts), share this one. A `DeadlineTimer` only
 * notes the new time when it moves later; its one timer, when it fires early, arms itself again
 * for what is left. A time moved earlier re-arms at once.
 */

/** A clock and timers (injectable, so the scheduling is unit-tested without waiting). */
export interface Timing {
  readonly now: () => number;
  readonly setTimer: (callback: () => void, ms: number) => unknown;
  readonly clearTimer: (handle: unknown) => void;
}

export const REAL_TIMING: Timing = {
  now: () => performance.now(),
  setTimer: (callback, ms) => setTimeout(callback, ms),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * A timer firing before its time by less than this runs the callback rather than arming again for
 * the rest (timers may fire a fraction of a millisecond early against `now`).
 */
const EARLY_MS = 1;

export class DeadlineTimer {
  private handle: unknown = null;
  /** When the armed timer fires (meaningful while `handle` is set). */
  private armedFor = 0;
  /** When the callback is due. */
  private due = 0;

  constructor(
    private readonly callback: () => void,
    private readonly timing: Timing = REAL_TIMING,
  ) {}

  /** True while the callback is due to run. */
  get pending(): boolean {
    return this.handle !== null;
  }

  /** Runs the callback `ms` from now, instead of whenever it was due (a trailing debounce). */
  after(ms: number): void {
    this.at(this.timing.now() + ms);
  }

  /** Runs the callback at `due` (on `timing.now()`'s clock), instead of whenever it was due. */
  at(due: number): void {
    this.due = due;
    if (this.handle !== null) {
      if (due >= this.armedFor) return;
      this.timing.clearTimer(this.handle);
    }
    this.arm();
  }

  /** The callback will not run (until the next `after` or `at`). */
  cancel(): void {
    if (this.handle !== null) this.timing.clearTimer(this.handle);
    this.handle = null;
  }

  private arm(): void {
    const now = this.timing.now();
    const wait = Math.max(0, this.due - now);
    this.armedFor = now + wait;
    this.handle = this.timing.setTimer(this.fire, wait);
  }

  private readonly fire = (): void => {
    this.handle = null;
    if (this.due - this.timing.now() >= EARLY_MS) {
      this.arm();
      return;
    }
    this.callback();
  };
}
