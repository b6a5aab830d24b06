/**
 * What the UI benchmark measures inside the page, and the arithmetic on it. `installProbes` runs
 * in the page before its scripts (Playwright `addInitScript`, so it must be self-contained).
 */

export interface KeyProbe {
  /** The keydown event's timeStamp (ms since navigation start). */
  readonly t0: number;
  /** keydown → after the next frame's rAF callbacks (a task posted from rAF runs after paint). */
  readonly probeMs: number;
}

export interface TimedEntry {
  readonly name: string;
  readonly startTime: number;
  readonly duration: number;
}

/** A script that ran in a long animation frame (the Long Animation Frames API's attribution). */
export interface FrameScript {
  /** What ran it: `Worker.onmessage`, `TimerHandler:setTimeout`, `FrameRequestCallback`, … */
  readonly invoker: string;
  /** The function and its file (no folder), where the browser knows them. */
  readonly source: string;
  readonly startTime: number;
  readonly duration: number;
}

/** A long animation frame (≥ 50 ms), with the scripts that ran in it for at least 5 ms. */
export interface LongFrame extends TimedEntry {
  /** Rendering (style, layout, paint) at the frame's end. */
  readonly renderMs: number;
  readonly scripts: readonly FrameScript[];
}

export interface PageProbes {
  keys: KeyProbe[];
  /** Event Timing entries (durationThreshold 16) and the first-input entry. */
  events: TimedEntry[];
  longTasks: TimedEntry[];
  /** Long animation frames, which say what a long task ran (empty where the API is missing). */
  frames: LongFrame[];
}

declare global {
  var __ERDL_BENCH__: PageProbes | undefined;
}

/**
 * Serialized into the page: no named inner functions (tsx's keepNames would wrap them in a
 * `__name` helper the page does not have), only inline callbacks.
 */
export function installProbes(): void {
  const probes: PageProbes = { keys: [], events: [], longTasks: [], frames: [] };
  globalThis.__ERDL_BENCH__ = probes;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as {
        startTime: number;
        duration: number;
        renderStart: number;
        scripts: {
          invoker: string;
          sourceFunctionName: string;
          sourceURL: string;
          startTime: number;
          duration: number;
        }[];
      }[]) {
        probes.frames.push({
          name: 'long-animation-frame',
          startTime: e.startTime,
          duration: e.duration,
          renderMs: e.renderStart > 0 ? e.startTime + e.duration - e.renderStart : 0,
          scripts: e.scripts
            .filter((script) => script.duration >= 5)
            .map((script) => ({
              invoker: script.invoker,
              source: `${script.sourceFunctionName || '(anonymous)'}@${script.sourceURL.split('/').pop()}`,
              startTime: script.startTime,
              duration: script.duration,
            })),
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    // No Long Animation Frames API: long tasks are counted, not attributed.
  }
  const observed = [
    ['event', probes.events],
    ['first-input', probes.events],
    ['longtask', probes.longTasks],
  ] as const;
  for (const [type, into] of observed) {
    try {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          into.push({ name: e.name, startTime: e.startTime, duration: e.duration });
        }
      }).observe({
        type,
        buffered: true,
        ...(type === 'event' ? { durationThreshold: 16 } : {}),
      } as PerformanceObserverInit);
    } catch {
      // An entry type this browser lacks: the benchmark reports the missing figures.
    }
  }
  addEventListener(
    'keydown',
    (event) => {
      const t0 = event.timeStamp;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => probes.keys.push({ t0, probeMs: performance.now() - t0 });
        channel.port2.postMessage(null);
      });
    },
    { capture: true },
  );
}

/** A keystroke's events up to its text change; keyup is a separate interaction (Playwright's
 * `delay` holds the key down that long), so it is not part of keystroke-to-paint. */
const KEY_EVENTS = new Set(['keydown', 'keypress', 'beforeinput', 'input']);

export interface KeystrokeFigures {
  readonly count: number;
  readonly p50: number;
  readonly p95: number;
  readonly max: number;
  /** Keystrokes the browser's Event Timing reported (≥ 16 ms to the next paint). */
  readonly overThreshold: number;
  /** The in-page probe alone (keydown → after the next frame), as a cross-check. */
  readonly probeP50: number;
  readonly probeP95: number;
}

/**
 * Keystroke-to-paint per keystroke: Event Timing's figure (event start → next paint after its
 * handlers, rounded to 8 ms) where the browser reported one — the latest end among that
 * keystroke's keydown/keypress/beforeinput/input entries — and otherwise, below the 16 ms reporting
 * threshold, the in-page probe's figure for the same keydown.
 */
export function keystrokeFigures(
  keys: readonly KeyProbe[],
  events: readonly TimedEntry[],
): KeystrokeFigures {
  const sorted = [...keys].sort((a, b) => a.t0 - b.t0);
  if (sorted.length === 0) throw new Error('no keystroke was observed in the page');
  let overThreshold = 0;
  const values = sorted.map((key, i) => {
    const next = sorted[i + 1]?.t0 ?? Number.POSITIVE_INFINITY;
    const ends = events
      .filter((e) => KEY_EVENTS.has(e.name) && e.startTime >= key.t0 && e.startTime < next)
      .map((e) => e.startTime + e.duration - key.t0);
    if (ends.length === 0) return key.probeMs;
    overThreshold += 1;
    return Math.max(...ends);
  });
  return {
    count: values.length,
    p50: percentile(values, 0.5),
    p95: percentile(values, 0.95),
    max: Math.max(...values),
    overThreshold,
    probeP50: percentile(
      sorted.map((k) => k.probeMs),
      0.5,
    ),
    probeP95: percentile(
      sorted.map((k) => k.probeMs),
      0.95,
    ),
  };
}

/** Nearest-rank percentile. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil(p * sorted.length));
  return sorted[rank - 1] as number;
}

export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/**
 * What each long task was: the long animation frame that holds it (the frame a task belongs to
 * starts with it), as "start +duration ms: its scripts (invoker function@file ms) and rendering".
 */
export function describeLongTasks(
  tasks: readonly TimedEntry[],
  frames: readonly LongFrame[],
  origin: number,
): string[] {
  return tasks.map((task) => {
    const frame = frames.find(
      (f) => f.startTime <= task.startTime + 1 && f.startTime + f.duration >= task.startTime,
    );
    const head = `+${(task.startTime - origin).toFixed(0)} ms, ${task.duration.toFixed(0)} ms`;
    if (!frame) return `${head}: (no frame attribution)`;
    const scripts = frame.scripts
      .map((s) => `${s.invoker} ${s.source} ${s.duration.toFixed(0)} ms`)
      .join('; ');
    return `${head}: ${scripts || 'no script ≥ 5 ms'}; rendering ${frame.renderMs.toFixed(0)} ms`;
  });
}

/** Long tasks that overlap [from, to]. */
export function longTasksBetween(
  tasks: readonly TimedEntry[],
  from: number,
  to: number,
): TimedEntry[] {
  return tasks.filter((t) => t.startTime <= to && t.startTime + t.duration >= from);
}

/** Resamples for the bootstrap interval of a ratio (rounds drawn with replacement, in pairs). */
const BOOTSTRAP_RESAMPLES = 4000;

/**
 * The 95% bootstrap percentile interval of median(a) / median(b) over paired rounds: each
 * resample draws rounds with replacement, keeping a round's two sides together (they were typed
 * one after the other, on the same machine state). A fixed-seed generator (mulberry32) makes a
 * run's interval reproducible from its figures.
 */
export function ratioInterval(
  a: readonly number[],
  b: readonly number[],
  resamples = BOOTSTRAP_RESAMPLES,
): { low: number; high: number } {
  let seed = 0x9e3779b9;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const n = a.length;
  if (n === 0 || b.length !== n)
    throw new Error(`ratioInterval needs paired rounds: ${n} and ${b.length}`);
  const ratios: number[] = [];
  for (let r = 0; r < resamples; r++) {
    const sa: number[] = [];
    const sb: number[] = [];
    for (let i = 0; i < n; i++) {
      const k = Math.floor(random() * n);
      sa.push(a[k] as number);
      sb.push(b[k] as number);
    }
    ratios.push(median(sa) / median(sb));
  }
  return { low: percentile(ratios, 0.025), high: percentile(ratios, 0.975) };
}
