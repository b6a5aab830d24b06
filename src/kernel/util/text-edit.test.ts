import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyTextEdits, composeEdits, diffText, spanOfEdits, type TextEdit } from './text-edit';

/** Characters that make offsets interesting: line breaks of both kinds, CJK, a surrogate pair. */
const char = fc.constantFrom('a', 'b', ' ', '\n', '\r', '\r\n', '退', '款', '😀', '"', ':');
const text = fc.array(char, { maxLength: 40 }).map((cs) => cs.join(''));
const editOf = (t: string): fc.Arbitrary<TextEdit> =>
  fc
    .tuple(fc.nat({ max: t.length }), fc.nat({ max: t.length }), text)
    .map(([a, b, newText]) => ({ range: { start: Math.min(a, b), end: Math.max(a, b) }, newText }));
/** Up to four non-overlapping edits of `t`, in any order (as one fix or one change event). */
const simultaneous = (t: string): fc.Arbitrary<TextEdit[]> =>
  fc
    .uniqueArray(fc.nat({ max: t.length }), { maxLength: 8 })
    .chain((cuts) => {
      const sorted = [...cuts].sort((a, b) => a - b);
      const ranges: { start: number; end: number }[] = [];
      for (let i = 0; i + 1 < sorted.length; i += 2)
        ranges.push({ start: sorted[i] as number, end: sorted[i + 1] as number });
      return fc.tuple(
        fc.constant(ranges),
        fc.array(text, { minLength: ranges.length, maxLength: ranges.length }),
      );
    })
    .chain(([ranges, texts]) =>
      fc.shuffledSubarray(
        ranges.map((range, i) => ({ range, newText: texts[i] as string })),
        { minLength: ranges.length, maxLength: ranges.length },
      ),
    );

describe('applyTextEdits', () => {
  it('applies non-overlapping edits given in any order against the original offsets', () => {
    const t = 'then: deny\nmessage: x\n';
    const out = applyTextEdits(t, [
      { range: { start: 20, end: 21 }, newText: '"why"' },
      { range: { start: 6, end: 10 }, newText: 'DENY' },
    ]);
    expect(out).toBe('then: DENY\nmessage: "why"\n');
  });

  it('inserts at an empty range, including at the very end', () => {
    expect(applyTextEdits('a', [{ range: { start: 1, end: 1 }, newText: '\nb' }])).toBe('a\nb');
  });

  it('refuses edits outside the text or overlapping each other', () => {
    expect(applyTextEdits('abc', [{ range: { start: 2, end: 9 }, newText: '' }])).toBeNull();
    expect(applyTextEdits('abc', [{ range: { start: -1, end: 1 }, newText: '' }])).toBeNull();
    expect(
      applyTextEdits('abcdef', [
        { range: { start: 0, end: 3 }, newText: 'x' },
        { range: { start: 2, end: 4 }, newText: 'y' },
      ]),
    ).toBeNull();
    expect(applyTextEdits('abc', [{ range: { start: 2, end: 1 }, newText: '' }])).toBeNull();
  });
});

describe('diffText', () => {
  const roundTrip = (before: string, after: string) =>
    applyTextEdits(before, [diffText(before, after)]);

  it('is an empty replacement for equal texts', () => {
    expect(diffText('same', 'same').newText).toBe('');
    expect(roundTrip('same', 'same')).toBe('same');
  });

  it('keeps the common prefix and suffix', () => {
    expect(diffText('then: deny\n', 'then: DENY\n')).toEqual({
      range: { start: 6, end: 10 },
      newText: 'DENY',
    });
    expect(diffText('abc', 'abXc')).toEqual({ range: { start: 2, end: 2 }, newText: 'X' });
    expect(diffText('aaaa', 'aa')).toEqual({ range: { start: 2, end: 4 }, newText: '' });
  });

  it('never splits a surrogate pair', () => {
    const edit = diffText('x😀y', 'x😃y'); // same high surrogate, different low surrogate
    expect(edit.range).toEqual({ start: 1, end: 3 });
    expect(roundTrip('x😀y', 'x😃y')).toBe('x😃y');
  });

  it('finds one small edit in a large text (chunked comparison)', () => {
    const base = 'rules:\n'.repeat(50_000);
    const after = `${base.slice(0, 200_001)}XY${base.slice(200_003)}`;
    expect(diffText(base, after)).toEqual({
      range: { start: 200_001, end: 200_003 },
      newText: 'XY',
    });
  });

  it('turns any text into any other, exactly', () => {
    fc.assert(
      fc.property(text, text, (before, after) => {
        const edit = diffText(before, after);
        expect(applyTextEdits(before, [edit])).toBe(after);
        expect(edit.range.start).toBeLessThanOrEqual(edit.range.end);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('composing edits', () => {
  it('one edit, then one of its result, compose into edits of the original giving the same text', () => {
    fc.assert(
      fc.property(
        text.chain((t) =>
          editOf(t).chain((e1) => {
            const middle = applyTextEdits(t, [e1]) as string;
            return fc.tuple(fc.constant(t), fc.constant(e1), editOf(middle));
          }),
        ),
        ([t, e1, e2]) => {
          const both = applyTextEdits(applyTextEdits(t, [e1]) as string, [e2]);
          expect(applyTextEdits(t, composeEdits(t, [e1], [e2]))).toBe(both);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('simultaneous edits are one spanning edit giving the same text', () => {
    fc.assert(
      fc.property(
        text.chain((t) => fc.tuple(fc.constant(t), simultaneous(t))),
        ([t, edits]) => {
          const span = spanOfEdits(t, edits);
          if (edits.length === 0) expect(span).toBeNull();
          else expect(applyTextEdits(t, [span as TextEdit])).toBe(applyTextEdits(t, edits));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
