/**
 * Times as the user reads them: in a time zone (the browser's, unless one is given), with that
 * zone's offset written out, in the UI's language — "2026年12月6日 18:30（UTC+08:00）" in Chinese,
 * "6 Dec 2026, 18:30 (UTC+08:00)" in English (strings.ts). Signed files and evidence keep their UTC ISO
 * strings; only what is shown changes. Built from Intl's numeric parts, not its locale patterns,
 * so the text is the same on every browser and Node; a report states the zone it used
 * (report-html.ts), so the same inputs always give the same page.
 */
import type { Lang } from '../store/types';
import { format } from './i18n';
import { timeStrings } from './strings';

const EN_MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** The browser's IANA time zone ("Asia/Shanghai"), or UTC when it names none. */
export function userTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** A zone Intl knows, else UTC (a report must never fail on a zone name). */
function knownZone(zone: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

export interface ShownTime {
  /** The whole text: date, time and offset. */
  readonly text: string;
  /** "UTC+08:00". */
  readonly offset: string;
  /** The IANA zone used. */
  readonly zone: string;
}

/**
 * An ISO 8601 instant shown in `zone` (default: the browser's). Text that is not an instant is
 * returned as it is (a file may carry anything; it is shown, not guessed at).
 */
export function showTime(iso: string, lang: Lang, zone: string = userTimeZone()): ShownTime {
  const at = /^\d{4}-\d{2}-\d{2}T/.test(iso) ? new Date(iso) : new Date(Number.NaN);
  const timeZone = knownZone(zone);
  if (Number.isNaN(at.getTime())) return { text: iso, offset: '', zone: timeZone };
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'longOffset',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  const year = part('year');
  const month = Number(part('month'));
  const day = Number(part('day'));
  const hm = `${part('hour').padStart(2, '0')}:${part('minute').padStart(2, '0')}`;
  // "GMT+08:00" or "GMT" (zero offset)
  const gmt = part('timeZoneName').replace(/^GMT/, '');
  const offset = `UTC${gmt === '' ? '+00:00' : gmt}`;
  const text = format(timeStrings[lang].time, {
    year,
    month: lang === 'zh' ? String(month) : (EN_MONTHS[month - 1] ?? ''),
    day: String(day),
    hm,
    offset,
  });
  return { text, offset, zone: timeZone };
}

/** `showTime(…).text`. */
export function formatTime(iso: string, lang: Lang, zone?: string): string {
  return showTime(iso, lang, zone).text;
}
