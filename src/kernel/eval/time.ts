import type { Duration } from '../tree/duration';
import { DateValue } from './date-value';
import type { Value } from './values';

/**
 * §7.3(f): all time work in UTC. Date-only text is UTC midnight; date-time without a zone is UTC;
 * with a zone it is converted. Serialization is ISO 8601 UTC (toISOString). Uses Date only as a
 * calendar calculator on explicit instants — never the clock (E9).
 */
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

export const MS_PER_DAY = 86_400_000;

/** Parses an ISO 8601 date / date-time; null when it is not one (or not a real calendar date). */
export function parseInstant(text: string): number | null {
  const m = DATE_TIME.exec(text);
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > daysInMonth(year, month - 1) ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  )
    return null;
  const ms = Number(frac.padEnd(3, '0').slice(0, 3));
  let t = utc(year, month - 1, day, hour, minute, second, ms);
  if (zone && zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const offsetHours = Number(digits.slice(0, 2));
    const offsetMinutes = Number(digits.slice(2));
    // As at load (tree/compile-expression.ts isIsoDate): an offset is at most 23:59.
    if (offsetHours > 23 || offsetMinutes > 59) return null;
    t -= sign * (offsetHours * 60 + offsetMinutes) * 60_000;
  }
  return Number.isFinite(t) ? t : null;
}

/** 400 Gregorian years, a whole number of days (146,097): the calendar repeats exactly. */
const GREGORIAN_CYCLE_MS = 146_097 * MS_PER_DAY;

/** Date.UTC without its quirk of reading years 0–99 as 1900–1999 (computed one cycle later). */
function utc(y: number, mo: number, d: number, h = 0, mi = 0, s = 0, ms = 0): number {
  if (y >= 0 && y < 100) return Date.UTC(y + 400, mo, d, h, mi, s, ms) - GREGORIAN_CYCLE_MS;
  return Date.UTC(y, mo, d, h, mi, s, ms);
}

/** Days in a month of the proleptic Gregorian calendar (arithmetic: Date.UTC maps years 0–99 to 19xx). */
export function daysInMonth(year: number, monthIndex: number): number {
  if (monthIndex === 1) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][monthIndex] as number;
}

/** A value as an instant: a DateValue, or ISO text. */
export function asInstant(v: Value): number | null {
  if (v instanceof DateValue) return v.ms;
  if (typeof v === 'string') return parseInstant(v);
  return null;
}

/** UTC calendar arithmetic: months first (clamped to the month's last day), then fixed seconds. */
export function addDuration(ms: number, d: Duration): number {
  let t = ms;
  if (d.months !== 0) {
    const date = new Date(t);
    const y = date.getUTCFullYear();
    const m = date.getUTCMonth() + d.months;
    const targetYear = y + Math.floor(m / 12);
    const targetMonth = ((m % 12) + 12) % 12;
    const day = Math.min(date.getUTCDate(), daysInMonth(targetYear, targetMonth));
    t = utc(
      targetYear,
      targetMonth,
      day,
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
      date.getUTCMilliseconds(),
    );
  }
  return t + d.seconds * 1000;
}

/** UTC component; weekday is ISO 8601 (Monday = 1 … Sunday = 7). */
export function datePart(ms: number, part: string): number {
  const d = new Date(ms);
  switch (part) {
    case 'year':
      return d.getUTCFullYear();
    case 'month':
      return d.getUTCMonth() + 1;
    case 'day':
      return d.getUTCDate();
    case 'hour':
      return d.getUTCHours();
    case 'minute':
      return d.getUTCMinutes();
    case 'second':
      return d.getUTCSeconds();
    case 'weekday':
      return d.getUTCDay() === 0 ? 7 : d.getUTCDay();
    default: {
      const start = utc(d.getUTCFullYear(), 0, 1);
      return Math.floor((ms - start) / MS_PER_DAY) + 1;
    }
  }
}

/** The last day of the instant's month, at 00:00:00.000 UTC. */
export function monthLastDay(ms: number): number {
  const d = new Date(ms);
  return utc(d.getUTCFullYear(), d.getUTCMonth(), daysInMonth(d.getUTCFullYear(), d.getUTCMonth()));
}
