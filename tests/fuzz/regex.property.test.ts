// re2js (the kernel's matcher) against re2-wasm (Google RE2 compiled to WebAssembly, test-only
// oracle) on generated patterns and inputs: both accept or both reject each pattern, and for an
// accepted pattern both give the same match / no match on every input. The fixed corpus is in
// tests/regex-oracle.test.ts; this one explores combinations of its pieces.
import fc from 'fast-check';
import { RE2JS } from 're2js';
import { describe, expect, it } from 'vitest';
import {
  MAX_PATTERN_LENGTH,
  type Refusal,
  re2Verdict,
  refusalOf,
} from '../../src/kernel/tree/regex';
import { re2Answers, re2Matcher } from './re2-oracle';
import { fuzzParams, fuzzTimeout } from './runs';

/** Pattern pieces: literals, classes, anchors, groups, escapes, and some invalid ones. */
const ATOMS = [
  'a',
  'b',
  'ab',
  '.',
  '\\d',
  '\\w',
  '\\s',
  '\\D',
  '\\W',
  '[a-c]',
  '[^a]',
  '[0-9]',
  '\\.',
  '\\|',
  '\\p{Han}',
  '\\p{L}',
  '\\pN',
  'é',
  '中',
  '😀',
  '^',
  '$',
  '\\b',
  '\\B',
  '\\A',
  '\\z',
  '(a|b)',
  '(?:ab)',
  '(?i)a',
  '(?s).',
  '(?m)^a',
  '[[:alpha:]]',
  '\\x41',
  '\\Qa.\\E',
  '(',
  ')',
  '[',
  ']',
  '\\1',
  '(?=a)',
  '\\Z',
  '{',
  '}',
  '\\',
  '[z-a]',
];
const QUANTIFIERS = ['', '', '', '*', '+', '?', '*?', '+?', '{2}', '{1,3}', '{2,}', '{0}', '**'];

const patternArb = fc
  .array(fc.tuple(fc.constantFrom(...ATOMS), fc.constantFrom(...QUANTIFIERS)), {
    minLength: 1,
    maxLength: 6,
  })
  .chain((parts) =>
    fc.boolean().map((alternate) => {
      const pieces = parts.map(([a, q]) => a + q);
      return alternate && pieces.length > 1 ? pieces.join('|') : pieces.join('');
    }),
  );

const inputArb = fc.oneof(
  fc.string({ unit: fc.constantFrom(...'ab01 .|\nAé中'.split('')), maxLength: 10 }),
  fc.string({ unit: 'grapheme', maxLength: 6 }),
  fc.constantFrom('', 'aaa', 'ABab', '😀😀', 'e\u0301', 'a\nb'),
);

/** Every non-ASCII character replaced by `-` (a non-word ASCII character). */
const asciiOnly = (s: string) =>
  Array.from(s, (c) => ((c.codePointAt(0) ?? 0) < 0x80 ? c : '-')).join('');

/**
 * Characters re2-wasm's Unicode tables (older than re2js's and the JS engine's) do not know — in
 * none of its general categories, e.g. CJK Extension I of Unicode 15.1 — replaced by `-`: on
 * those the oracle is out of date, not RE2's semantics (interpretations.md I-37).
 */
const known = new Map<number, boolean>();
const inAnyCategory = re2Matcher('^[\\p{L}\\p{M}\\p{N}\\p{P}\\p{S}\\p{Z}\\p{C}]$');
const inOracleTables = (s: string) =>
  Array.from(s, (c) => {
    const cp = c.codePointAt(0) ?? 0;
    let ok = known.get(cp);
    if (ok === undefined) {
      ok = cp < 0x80 || inAnyCategory(c) || !/\P{Cn}/u.test(c);
      known.set(cp, ok);
    }
    return ok ? c : '-';
  }).join('');

/** re2js's answer: null when it rejects the pattern, else match / no match per input. */
function re2jsAnswers(pattern: string, inputs: readonly string[]): boolean[] | null {
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(pattern);
  } catch {
    return null;
  }
  return inputs.map((s) => compiled.matcher(s).find());
}

describe('re2js vs re2-wasm (property)', () => {
  it('same acceptance and the same answer on every input', { timeout: fuzzTimeout() }, () => {
    fc.assert(
      fc.property(patternArb, fc.array(inputArb, { minLength: 1, maxLength: 6 }), (p, given) => {
        // `\B` inside a multi-byte character: C++ RE2 searches bytes (interpretations.md I-37).
        const inputs = (p.includes('\\B') ? given.map(asciiOnly) : given).map(inOracleTables);
        expect({ p, inputs, answers: re2jsAnswers(p, inputs) }).toEqual({
          p,
          inputs,
          answers: re2Answers(p, inputs),
        });
      }),
      fuzzParams(2),
    );
  });
});

// The kernel asks RE2's parser alone for its verdict on a pattern (re2Verdict: `RE2Set.add`), not
// `RE2JS.compile`, which also builds the matcher: both refuse the same patterns with the same
// message and fragment.
function compileVerdict(pattern: string): Refusal | null {
  try {
    RE2JS.compile(pattern);
    return null;
  } catch (e) {
    return refusalOf(e);
  }
}

describe("RE2's verdict from its parser is compile's verdict (property)", () => {
  it('generated patterns, nested and repeated, and any text', { timeout: fuzzTimeout() }, () => {
    const nestedArb = fc
      .tuple(
        patternArb,
        fc.nat(3),
        fc.constantFrom(...QUANTIFIERS),
        fc.constantFrom('(', '(?:', '(?P<n>', '(?<n>', '[', ''),
      )
      .map(([p, depth, q, open]) => {
        let out = p;
        for (let i = 0; i < depth; i++)
          out = `${open}${out}${open === '[' ? ']' : open ? ')' : ''}${q}`;
        return out;
      });
    const repeatArb = fc
      .tuple(fc.constantFrom(...ATOMS), fc.nat(1200), fc.nat(1200), fc.nat(4))
      .map(([a, m, n, k]) => `(${a}{${m},${n}}){${k},${m % 1001}}`);
    fc.assert(
      fc.property(
        fc.oneof(
          patternArb,
          nestedArb,
          repeatArb,
          fc.string({ maxLength: 40 }),
          fc.string({
            unit: fc.constantFrom(...'()[]{}|*+?.^$\\-:<>=!PpQEdwx0123,aé中'.split('')),
            maxLength: 30,
          }),
          fc.constantFrom(
            'a'.repeat(MAX_PATTERN_LENGTH),
            '(a{1000}){1000}',
            '((a{100}){100}){100}',
            '\\C',
            '(?P<n>a)(?P<n>b)',
            '(?<=a)b',
          ),
        ),
        (p) => {
          expect({ p, verdict: re2Verdict(p) }).toEqual({ p, verdict: compileVerdict(p) });
        },
      ),
      fuzzParams(17_31, 2000),
    );
  });
});
