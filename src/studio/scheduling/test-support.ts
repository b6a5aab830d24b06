import type { Timing } from './deadline-timer';

/**
 * A clock a test moves: timers fire, in time order, when `advance` passes their time (a timer set
 * by a firing one fires too if its time is passed). Counts timer calls.
 */
export function manualTiming(start = 1_000) {
  let now = start;
  let calls = 0;
  const timers = new Set<{ at: number; run: () => void }>();
  const timing: Timing = {
    now: () => now,
    setTimer: (run, ms) => {
      calls++;
      const timer = { at: now + ms, run };
      timers.add(timer);
      return timer;
    },
    clearTimer: (handle) => {
      calls++;
      timers.delete(handle as { at: number; run: () => void });
    },
  };
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const next = [...timers].filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      timers.delete(next);
      now = next.at;
      next.run();
    }
    now = until;
  };
  return { timing, advance, now: () => now, calls: () => calls, armed: () => timers.size };
}
