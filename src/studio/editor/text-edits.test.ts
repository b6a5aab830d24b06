import { describe, expect, it } from 'vitest';
import { applyEdits, minimalEdit, sameEdits } from './text-edits';

describe('applyEdits', () => {
  it('applies non-overlapping edits given in any order against the original offsets', () => {
    const text = 'then: deny\nmessage: x\n';
    const out = applyEdits(text, [
      { range: { start: 20, end: 21 }, newText: '"why"' },
      { range: { start: 6, end: 10 }, newText: 'DENY' },
    ]);
    expect(out).toBe('then: DENY\nmessage: "why"\n');
  });

  it('inserts at an empty range, including at the very end', () => {
    expect(applyEdits('a', [{ range: { start: 1, end: 1 }, newText: '\nb' }])).toBe('a\nb');
  });

  it('refuses edits outside the text or overlapping each other', () => {
    expect(applyEdits('abc', [{ range: { start: 2, end: 9 }, newText: '' }])).toBeNull();
    expect(
      applyEdits('abcdef', [
        { range: { start: 0, end: 3 }, newText: 'x' },
        { range: { start: 2, end: 4 }, newText: 'y' },
      ]),
    ).toBeNull();
    expect(applyEdits('abc', [{ range: { start: 2, end: 1 }, newText: '' }])).toBeNull();
  });
});

describe('minimalEdit', () => {
  const roundTrip = (before: string, after: string) => {
    const edit = minimalEdit(before, after);
    if (!edit) return before;
    return before.slice(0, edit.start) + edit.newText + before.slice(edit.end);
  };

  it('is null for equal texts', () => {
    expect(minimalEdit('same', 'same')).toBeNull();
  });

  it('keeps the common prefix and suffix', () => {
    expect(minimalEdit('then: deny\n', 'then: DENY\n')).toEqual({
      start: 6,
      end: 10,
      newText: 'DENY',
    });
    expect(minimalEdit('abc', 'abXc')).toEqual({ start: 2, end: 2, newText: 'X' });
    expect(minimalEdit('aaaa', 'aa')).toEqual({ start: 2, end: 4, newText: '' });
  });

  it('never splits a surrogate pair', () => {
    const before = 'x😀y';
    const after = 'x😃y'; // same high surrogate, different low surrogate
    const edit = minimalEdit(before, after)!;
    expect(edit.start).toBe(1);
    expect(edit.end).toBe(3);
    expect(roundTrip(before, after)).toBe(after);
  });

  it('reproduces the target for assorted edits', () => {
    const pairs: [string, string][] = [
      ['', 'abc'],
      ['abc', ''],
      ['rules:\n  - a\n', 'rules:\n  - b\n  - a\n'],
      ['ababab', 'abab'],
      ['中文规则', '中文的规则'],
      ['😀😀', '😀'],
    ];
    for (const [before, after] of pairs) expect(roundTrip(before, after)).toBe(after);
  });
});

describe('sameEdits', () => {
  it('compares ranges and texts in order', () => {
    const a = [{ range: { start: 1, end: 2 }, newText: 'x' }];
    expect(sameEdits(a, [{ range: { start: 1, end: 2 }, newText: 'x' }])).toBe(true);
    expect(sameEdits(a, [{ range: { start: 1, end: 3 }, newText: 'x' }])).toBe(false);
    expect(sameEdits(a, [])).toBe(false);
  });
});
