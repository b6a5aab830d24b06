/**
 * Durations for within windows (s|m|h|d, §5.2), rate windows and date_add (adds w, mo, y).
 * Canonical form: the same duration always prints the same way — the largest unit that divides it
 * exactly ("600s" → "10m", "24h" → "1d", "12mo" → "1y") — so equal windows hash equally.
 */
const FIXED_UNITS = [
  ['w', 604_800],
  ['d', 86_400],
  ['h', 3_600],
  ['m', 60],
  ['s', 1],
] as const;

export interface Duration {
  /** Fixed part in seconds (s, m, h, d, w). */
  readonly seconds: number;
  /** Calendar part in months (mo, y): applied with UTC calendar arithmetic. */
  readonly months: number;
}

const WINDOW = /^([1-9]\d{0,8})(s|m|h|d)$/;
const DURATION = /^(-?)(0|[1-9]\d{0,8})(s|m|h|d|w|mo|y)$/;

function unitSeconds(unit: string): number {
  return FIXED_UNITS.find(([u]) => u === unit)?.[1] ?? 0;
}

/** A within/rate window: positive integer + s|m|h|d. Returns seconds or null. */
export function parseWindow(text: string): number | null {
  const m = WINDOW.exec(text);
  if (!m) return null;
  return Number(m[1]) * unitSeconds(m[2] as string);
}

/** `N/window`, e.g. "5/1h". */
export function parseRate(text: string): { limit: number; seconds: number } | null {
  const m = /^([1-9]\d{0,8})\/(.+)$/.exec(text);
  if (!m) return null;
  const seconds = parseWindow(m[2] as string);
  return seconds === null ? null : { limit: Number(m[1]), seconds };
}

/** A date_add duration: integer (may be negative) + s|m|h|d|w|mo|y. */
export function parseDuration(text: string): Duration | null {
  const m = DURATION.exec(text);
  if (!m) return null;
  const sign = m[1] === '-' ? -1 : 1;
  const n = Number(m[2]) * sign;
  const unit = m[3] as string;
  if (unit === 'mo') return { seconds: 0, months: n };
  if (unit === 'y') return { seconds: 0, months: n * 12 };
  return { seconds: n * unitSeconds(unit), months: 0 };
}

/** Canonical window text (units s|m|h|d only, so it parses back as a window). */
export function canonicalWindow(seconds: number): string {
  return canonicalSeconds(seconds, false);
}

function canonicalSeconds(seconds: number, weeks: boolean): string {
  if (seconds === 0) return '0s';
  for (const [unit, size] of FIXED_UNITS) {
    if (unit === 'w' && !weeks) continue;
    if (seconds % size === 0) return `${seconds / size}${unit}`;
  }
  return `${seconds}s`;
}

export function canonicalDuration(d: Duration): string {
  if (d.months !== 0) return d.months % 12 === 0 ? `${d.months / 12}y` : `${d.months}mo`;
  return canonicalSeconds(d.seconds, true);
}
