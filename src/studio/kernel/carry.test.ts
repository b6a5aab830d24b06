import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SourceText } from '../../kernel';
import { commonPrefix, commonSuffix } from '../../kernel/util/text-edit';
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
    // As the kernel reports them: positions in `text`.
    start: new SourceText(text).position(start),
    end: new SourceText(text).position(start + word.length),
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

describe('carryDiagnostics (property)', () => {
  /** Text of letters and every kind of line break, and an edit of it. */
  const piece = fc.constantFrom('a', 'b', ' ', '\n', '\r', '\r\n', '中');
  const textArb = fc.array(piece, { maxLength: 40 }).map((p) => p.join(''));
  const caseArb = textArb.chain((before) =>
    fc
      .tuple(
        fc.nat({ max: before.length }),
        fc.nat({ max: before.length }),
        textArb,
        fc.array(fc.tuple(fc.nat({ max: before.length }), fc.nat({ max: 6 })), { maxLength: 8 }),
      )
      .map(([a, b, inserted, spans]) => {
        const [from, to] = [Math.min(a, b), Math.max(a, b)];
        const after = before.slice(0, from) + inserted + before.slice(to);
        const source = new SourceText(before);
        const diagnostics = spans
          .map(([start, length]) => ({ start, end: Math.min(before.length, start + length) }))
          .sort((x, y) => x.start - y.start)
          .map(
            (range): PositionedDiagnostic => ({
              code: 'ERDL-W901',
              severity: 'warning',
              category: 'completeness',
              message: { en: 'm', zh: 'm' },
              range,
              recoverable: true,
              start: source.position(range.start),
              end: source.position(range.end),
            }),
          );
        return { before, after, diagnostics };
      }),
  );

  it('carried diagnostics sit where the line index of the new text puts them', () => {
    fc.assert(
      fc.property(caseArb, ({ before, after, diagnostics }) => {
        const source = new SourceText(after);
        for (const d of carryDiagnostics(before, after, diagnostics)) {
          expect(d.start).toEqual(source.position(d.range.start));
          expect(d.end).toEqual(source.position(d.range.end));
          // The text under a carried diagnostic is the text it was reported on.
          const original = diagnostics.find(
            (o) =>
              o.message === d.message &&
              o.range.end - o.range.start === d.range.end - d.range.start &&
              before.slice(o.range.start, o.range.end) === after.slice(d.range.start, d.range.end),
          );
          expect(original).toBeDefined();
        }
      }),
      { numRuns: 2000, seed: 1130 },
    );
  });
});

describe('commonPrefix / commonSuffix', () => {
  const naivePrefix = (a: string, b: string, max: number) => {
    let i = 0;
    while (i < max && a[i] === b[i]) i++;
    return i;
  };
  const naiveSuffix = (a: string, b: string, max: number) => {
    let n = 0;
    while (n < max && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
    return n;
  };
  it('agree with a character loop, across chunk boundaries', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 5000 }),
        fc.nat(9000),
        fc.string({ maxLength: 3 }),
        fc.nat(5),
        (base, at, inserted, removed) => {
          const cut = Math.min(at, base.length);
          const edited = base.slice(0, cut) + inserted + base.slice(cut + removed);
          const max = Math.min(base.length, edited.length);
          const p = commonPrefix(base, edited, max);
          expect(p).toBe(naivePrefix(base, edited, max));
          expect(commonSuffix(base, edited, max - p)).toBe(naiveSuffix(base, edited, max - p));
        },
      ),
      { numRuns: 300 },
    );
  });
  it('finds a change far into a long text', () => {
    const base = 'rule: x\n'.repeat(70_000);
    const edited = `${base.slice(0, 300_001)}!${base.slice(300_001)}`;
    expect(commonPrefix(base, edited, base.length)).toBe(300_001);
    expect(commonSuffix(base, edited, base.length - 300_001)).toBe(base.length - 300_001);
  });
});
