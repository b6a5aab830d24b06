// Time (§7.3(f), I-34): ISO 8601 parsing to UTC instants, UTC calendar arithmetic, ISO weekdays.
import { describe, expect, it } from 'vitest';
import { addDuration, datePart, daysInMonth, MS_PER_DAY, monthLastDay, parseInstant } from './time';

const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

describe('parseInstant', () => {
  it.each([
    ['2026-09-03', '2026-09-03T00:00:00.000Z'], // date-only is UTC midnight
    ['2026-09-03T10:20', '2026-09-03T10:20:00.000Z'], // no zone: UTC
    ['2026-09-03T10:20:30', '2026-09-03T10:20:30.000Z'],
    ['2026-09-03 10:20:30Z', '2026-09-03T10:20:30.000Z'], // space separator
    ['2026-09-03T10:20:30.5Z', '2026-09-03T10:20:30.500Z'],
    ['2026-09-03T10:20:30.123456789Z', '2026-09-03T10:20:30.123Z'], // beyond ms: truncated
    ['2026-09-03T08:00:00+08:00', '2026-09-03T00:00:00.000Z'],
    ['2026-09-03T08:00:00+0800', '2026-09-03T00:00:00.000Z'],
    ['2026-09-02T19:30:00-04:30', '2026-09-03T00:00:00.000Z'],
    ['2026-01-01T00:30:00+01:00', '2025-12-31T23:30:00.000Z'], // crosses the year
    ['2026-09-03T00:00:00+23:59', '2026-09-02T00:01:00.000Z'],
    ['2024-02-29', '2024-02-29T00:00:00.000Z'], // leap day
    ['2000-02-29', '2000-02-29T00:00:00.000Z'], // divisible by 400
    ['0000-02-29', '0000-02-29T00:00:00.000Z'], // year 0 is a leap year (proleptic Gregorian)
    ['0050-01-31', '0050-01-31T00:00:00.000Z'], // not 1950
    ['9999-12-31T23:59:59Z', '9999-12-31T23:59:59.000Z'],
  ])('%s → %s', (text, want) => {
    expect(iso(parseInstant(text))).toBe(want);
  });

  it.each([
    '2026-02-30', // not a calendar date
    '2026-02-29', // not a leap year
    '1900-02-29', // divisible by 100, not by 400
    '2026-04-31',
    '2026-13-01',
    '2026-00-10',
    '2026-01-00',
    '2026-01-01T24:00',
    '2026-01-01T23:60',
    '2026-01-01T23:59:60', // no leap seconds
    '2026-01-01T00:00:00+24:00',
    '2026-01-01T00:00:00+01:60',
    '2026-1-1',
    '26-01-01',
    '2026/01/01',
    '31/01/2026',
    '2026-01-01T',
    '2026-01-01T10',
    ' 2026-01-01',
    '2026-01-01 ',
    '2026-01-01Z',
    '2026-01-01T00:00:00.Z',
    '2026-01-01T00:00:00.1234567890Z',
    '2026-01-01T00:00:00UTC',
    'yesterday',
    '',
  ])('rejects %j', (text) => {
    expect(parseInstant(text)).toBe(null);
  });
});

describe('daysInMonth', () => {
  it('follows the Gregorian leap rule', () => {
    expect(daysInMonth(2024, 1)).toBe(29);
    expect(daysInMonth(2026, 1)).toBe(28);
    expect(daysInMonth(2100, 1)).toBe(28);
    expect(daysInMonth(2000, 1)).toBe(29);
    expect(daysInMonth(0, 1)).toBe(29);
    expect(daysInMonth(2026, 3)).toBe(30);
    expect(daysInMonth(2026, 11)).toBe(31);
  });
});

describe('addDuration: months first (clamped), then fixed seconds', () => {
  const at = (text: string) => parseInstant(text)!;
  it.each([
    ['2026-01-01', 0, 30 * 86_400, '2026-01-31T00:00:00.000Z'],
    ['2024-01-31', 1, 0, '2024-02-29T00:00:00.000Z'],
    ['2025-01-31', 1, 0, '2025-02-28T00:00:00.000Z'],
    ['2024-02-29', 12, 0, '2025-02-28T00:00:00.000Z'],
    ['2026-03-31', -1, 0, '2026-02-28T00:00:00.000Z'],
    ['2026-01-15T10:30:00Z', -13, 0, '2024-12-15T10:30:00.000Z'],
    ['2026-01-31', 1, 86_400, '2026-03-01T00:00:00.000Z'], // clamp to Feb 28, then + 1 day
    ['2026-03-08T12:00:00Z', 0, -7 * 86_400, '2026-03-01T12:00:00.000Z'],
    ['0050-01-31', 1, 0, '0050-02-28T00:00:00.000Z'],
  ])('%s + %i months + %i s → %s', (start, months, seconds, want) => {
    expect(iso(addDuration(at(start), { months, seconds }))).toBe(want);
  });
});

describe('datePart: UTC components, ISO weekday', () => {
  const t = parseInstant('2026-09-03T10:20:30+08:00')!; // 02:20:30 UTC, a Thursday
  it.each([
    ['year', 2026],
    ['month', 9],
    ['day', 3],
    ['hour', 2],
    ['minute', 20],
    ['second', 30],
    ['weekday', 4],
    ['day_of_year', 246],
  ])('%s', (part, want) => {
    expect(datePart(t, part)).toBe(want);
  });

  it('numbers weekdays Monday = 1 … Sunday = 7', () => {
    const days = ['2026-08-31', '2026-09-01', '2026-09-02', '2026-09-03', '2026-09-04'];
    expect(days.map((d) => datePart(parseInstant(d)!, 'weekday'))).toEqual([1, 2, 3, 4, 5]);
    expect(datePart(parseInstant('2026-09-05')!, 'weekday')).toBe(6);
    expect(datePart(parseInstant('2026-09-06')!, 'weekday')).toBe(7);
  });

  it('counts day_of_year to 366 in a leap year', () => {
    expect(datePart(parseInstant('2024-12-31')!, 'day_of_year')).toBe(366);
    expect(datePart(parseInstant('2026-01-01T23:59:59Z')!, 'day_of_year')).toBe(1);
    expect(datePart(parseInstant('0004-12-31')!, 'day_of_year')).toBe(366);
  });
});

describe('monthLastDay', () => {
  it.each([
    ['2026-04-15T13:00:00Z', '2026-04-30T00:00:00.000Z'],
    ['2024-02-10', '2024-02-29T00:00:00.000Z'],
    ['2100-02-01', '2100-02-28T00:00:00.000Z'],
    ['2026-12-31T23:59:59Z', '2026-12-31T00:00:00.000Z'],
    ['2026-03-01T01:00:00+08:00', '2026-02-28T00:00:00.000Z'], // UTC month: still February
  ])('%s → %s', (text, want) => {
    expect(iso(monthLastDay(parseInstant(text)!))).toBe(want);
  });

  it('uses one day = 86,400,000 ms', () => {
    expect(MS_PER_DAY).toBe(86_400_000);
  });
});
