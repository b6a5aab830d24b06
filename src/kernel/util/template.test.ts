import { describe, expect, it } from 'vitest';
import { fillTemplate } from './template';

describe('fillTemplate, the one template filler', () => {
  it('fills placeholders and chooses the English plural form by the number', () => {
    expect(fillTemplate('{n} {n:row|rows} of {table}', { n: 1, table: 'loan' })).toBe(
      '1 row of loan',
    );
    expect(fillTemplate('{n} {n:row|rows}', { n: 0 })).toBe('0 rows');
    expect(fillTemplate('{n} {n:row|rows}', { n: '2' })).toBe('2 rows');
  });

  it('keeps a placeholder without a value, or drops it when asked', () => {
    expect(fillTemplate('a {x} b', {})).toBe('a {x} b');
    expect(fillTemplate('a{hint} b', {}, { missing: 'drop' })).toBe('a b');
  });

  it('shows each value through `show`, but not the plural words', () => {
    const show = (v: string) => `[${v}]`;
    expect(fillTemplate('{name}: {n} {n:item|items}', { name: 'x', n: 3 }, { show })).toBe(
      '[x]: [3] items',
    );
  });

  it('never re-reads a filled value as a template', () => {
    expect(fillTemplate('{a} {b}', { a: '{b}', b: 'B' })).toBe('{b} B');
  });
});
