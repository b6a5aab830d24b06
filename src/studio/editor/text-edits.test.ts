import { describe, expect, it } from 'vitest';
import { sameEdits } from './text-edits';

describe('sameEdits', () => {
  it('compares ranges and texts in order', () => {
    const a = [{ range: { start: 1, end: 2 }, newText: 'x' }];
    expect(sameEdits(a, [{ range: { start: 1, end: 2 }, newText: 'x' }])).toBe(true);
    expect(sameEdits(a, [{ range: { start: 1, end: 3 }, newText: 'x' }])).toBe(false);
    expect(sameEdits(a, [])).toBe(false);
  });
});
