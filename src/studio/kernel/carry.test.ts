import { describe, expect, it } from 'vitest';
import type { PositionedDiagnostic } from '../../worker/kernel-protocol';
import { carryDiagnostics } from './carry';

const diag = (text: string, word: string): PositionedDiagnostic => {
  const start = text.indexOf(word);
  return {
    code: 'ERDL-W901',
    severity: 'warning',
    category: 'completeness',
    message: { en: word, zh: word },
    range: { start, end: start + word.length },
    recoverable: true,
    start: { line: 1, column: 1 },
    end: { line: 1, column: 1 },
    fix: {
      title: { en: 'x', zh: 'x' },
      edits: [{ range: { start, end: start + word.length }, newText: 'Z' }],
    },
  };
};

describe('carryDiagnostics', () => {
  const before = 'alpha\nbeta\ngamma\n';
  const all = ['alpha', 'beta', 'gamma'].map((w) => diag(before, w));

  it('keeps diagnostics before the edit, shifts those after it, drops those it touches', () => {
    const after = 'alpha\nbetaXYZ\ngamma\n';
    const carried = carryDiagnostics(before, after, all);
    expect(carried.map((d) => after.slice(d.range.start, d.range.end))).toEqual(['alpha', 'gamma']);
    const gamma = carried[1]!;
    expect(gamma.start).toEqual({ line: 3, column: 1 });
    expect(gamma.fix?.edits[0]?.range).toEqual(gamma.range);
  });

  it('handles an inserted line and a deletion', () => {
    const inserted = 'new\nalpha\nbeta\ngamma\n';
    expect(
      carryDiagnostics(before, inserted, all).map((d) =>
        inserted.slice(d.range.start, d.range.end),
      ),
    ).toEqual(['alpha', 'beta', 'gamma']);
    const deleted = 'alpha\ngamma\n';
    expect(
      carryDiagnostics(before, deleted, all).map((d) => deleted.slice(d.range.start, d.range.end)),
    ).toEqual(['alpha', 'gamma']);
  });

  it('returns the same diagnostics for the same text', () => {
    expect(carryDiagnostics(before, before, all)).toEqual(all);
  });
});
