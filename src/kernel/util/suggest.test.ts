import { describe, expect, it } from 'vitest';
import { closest, hint } from './suggest';

const OPERATORS = ['eq', 'ne', 'gt', 'gte', 'in', 'not_in', 'contains', 'starts_with', 'between'];

describe('closest', () => {
  it('suggests the nearest name within two edits (one for short names)', () => {
    expect(closest('contians', OPERATORS)).toBe('contains');
    expect(closest('GTE', OPERATORS)).toBe('gte');
    expect(closest('betwen', OPERATORS)).toBe('between');
    expect(closest('gx', OPERATORS)).toBe('gt');
    expect(closest('zz', OPERATORS)).toBeUndefined();
    expect(closest('greater_than', OPERATORS, { greater_than: 'gt' })).toBe('gt');
    expect(hint('notin', OPERATORS).hint.en).toBe(' (did you mean "not_in"?)');
  });

  it('answers at once for a word far longer than every name (no distance is computed)', () => {
    // 20 million characters against every name took seconds, cell by cell.
    const started = performance.now();
    expect(closest('x'.repeat(20_000_000), OPERATORS)).toBeUndefined();
    expect(closest(`${'contains'}${'s'.repeat(3)}`, OPERATORS)).toBeUndefined();
    expect(closest('containss', OPERATORS)).toBe('contains');
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
