// Durations: within / rate windows (s m h d) and date_add durations (adds w mo y). Equal durations
// print one way — the largest unit that divides them exactly — so they hash equally.
import { describe, expect, it } from 'vitest';
import {
  canonicalDuration,
  canonicalWindow,
  parseDuration,
  parseRate,
  parseWindow,
} from './duration';
import { canonical, compileWhenText, duration, field, n, onlyRule } from './test-support';

describe('within / rate windows', () => {
  it.each([
    ['1s', 1, '1s'],
    ['59s', 59, '59s'],
    ['60s', 60, '1m'],
    ['600s', 600, '10m'],
    ['90m', 5400, '90m'],
    ['120m', 7200, '2h'],
    ['24h', 86400, '1d'],
    ['14d', 1209600, '14d'],
  ])('%s = %i seconds, canonical %s', (text, seconds, out) => {
    expect(parseWindow(text)).toBe(seconds);
    expect(canonicalWindow(seconds)).toBe(out);
  });

  it.each(['0s', '-1m', '1w', '1mo', '1y', '1.5h', ' 1h', '1H', '01h', '1000000000s', ''])(
    'rejects window %j',
    (text) => {
      expect(parseWindow(text)).toBeNull();
    },
  );

  it('a rate is N/window with N ≥ 1', () => {
    expect(parseRate('5/1h')).toEqual({ limit: 5, seconds: 3600 });
    expect(parseRate('100/30s')).toEqual({ limit: 100, seconds: 30 });
    for (const bad of ['0/1h', '5/0s', '5', '/1h', '5/1h/2', '5.0/1h', '05/1h'])
      expect(parseRate(bad), bad).toBeNull();
  });
});

describe('date_add durations', () => {
  it.each([
    ['30d', '30d'],
    ['720h', '30d'],
    ['7d', '1w'],
    ['14d', '2w'],
    ['2w', '2w'],
    ['60s', '1m'],
    ['3600s', '1h'],
    ['90m', '90m'],
    ['12mo', '1y'],
    ['18mo', '18mo'],
    ['2y', '2y'],
    ['-7d', '-1w'],
    ['-12mo', '-1y'],
    ['-90s', '-90s'],
    ['0d', '0s'],
    ['0y', '0s'],
    ['-0mo', '0s'],
  ])('%s → %s', (text, out) => {
    const d = parseDuration(text);
    expect(d).not.toBeNull();
    expect(canonicalDuration(d!)).toBe(out);
  });

  it('months and years are calendar units, never converted to days', () => {
    expect(parseDuration('1mo')).toEqual({ seconds: 0, months: 1 });
    expect(parseDuration('1y')).toEqual({ seconds: 0, months: 12 });
    expect(parseDuration('30d')).toEqual({ seconds: 2592000, months: 0 });
  });

  it.each(['1.5d', '1 d', '1D', '+1d', '1', 'd', '1min', '1yr', '01d', '--1d', ''])(
    'rejects duration %j',
    (text) => {
      expect(parseDuration(text)).toBeNull();
    },
  );

  it('date_add stores the canonical duration literal: 720h and 30d hash equally', () => {
    const tree = (d: string) =>
      onlyRule(
        compileWhenText(
          `expr: {lt: [{date_add: [{field: "context.start"}, "${d}"]}, {field: "context.end"}]}`,
        ),
      );
    expect(canonical(tree('720h').when)).toStrictEqual(
      n('lt', n('date_add', field('context.start'), duration('30d')), field('context.end')),
    );
    expect(tree('720h').hash).toBe(tree('30d').hash);
    expect(tree('4w').hash).toBe(tree('28d').hash);
    expect(tree('1mo').hash).not.toBe(tree('30d').hash);
  });
});
