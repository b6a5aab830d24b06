// parseJsonExact (JSON.parse where it reads the same value, else parseJson) against parseJson
// with exact numbers, over generated JSON Lines rows: duplicate and "__proto__" keys, long and
// exponent numbers, -0, numbers out of range, \u escapes (lone surrogates too), raw Unicode,
// deep nesting, and the same texts with one character inserted or removed (mostly invalid). Both
// must give the same value — the same numbers (Object.is, or the same exact Rational), the same
// keys in the same order as own properties — or throw the same JsonError (class, offset,
// message in both languages). A value it calls plain is one prepareFact returns as it is (the
// JSON Lines reader then does not walk it again).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exactJsonNumber } from '../../src/kernel/data/read-fact';
import { prepareFact } from '../../src/kernel/eval/fact';
import { Rational } from '../../src/kernel/eval/rational';
import { parseJsonExact, readJsonExact } from '../../src/kernel/suite/json-exact';
import { JsonError, parseJson } from '../../src/kernel/suite/json-value';
import { fuzzParams, fuzzTimeout } from './runs';

/** A value as text that tells every difference that matters (-0, Rational, key order, prototype). */
function show(v: unknown): string {
  if (typeof v === 'number') return Object.is(v, -0) ? 'n:-0' : `n:${v}`;
  if (v instanceof Rational) return `r:${v.n}/${v.d}:${v.written ?? ''}`;
  if (typeof v === 'string') return `s:${JSON.stringify(v)}`;
  if (v === null || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[${v.map(show).join(',')}]`;
  if (typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .map((k) => `${JSON.stringify(k)}:${show(Object.getOwnPropertyDescriptor(o, k)?.value)}`)
      .join(',')}}`;
  }
  return `?${String(v)}`;
}

function outcome(read: (text: string) => unknown, text: string): string {
  try {
    return `ok ${show(read(text))}`;
  } catch (e) {
    if (!(e instanceof JsonError)) throw e;
    return `error ${e.constructor.name} ${e.offset} ${e.message.en} | ${e.message.zh}`;
  }
}

const digits = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });

/** Number tokens around the fast path's bounds (15 integer digits, 16 characters with a point). */
const numberText = fc.oneof(
  fc.constantFrom('0', '-0', '0.0', '-0.0', '1e400', '-1e400', '1e-400', '5e-324', '1E2', '1e+2'),
  fc.constantFrom('9007199254740993', '123456789012345', '1234567890123456', '0.1', '00', '01'),
  fc.tuple(fc.boolean(), digits(1, 20)).map(([neg, d]) => `${neg ? '-' : ''}${d}`),
  fc
    .tuple(fc.boolean(), digits(1, 12), digits(1, 12))
    .map(([neg, i, f]) => `${neg ? '-' : ''}${i}.${f}`),
  fc
    .tuple(digits(1, 4), fc.constantFrom('e', 'E', 'e-', 'e+'), digits(1, 4))
    .map(([m, e, x]) => `${m}${e}${x}`),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => JSON.stringify(x)),
);

/** String bodies as written in JSON: plain, raw Unicode, escapes, \u escapes (lone surrogates). */
const stringText = fc
  .array(
    fc.oneof(
      fc.constantFrom('a', 'tool', ' ', ':', ',', '{', '}', '[', ']', '1', '-', 'e', '中', '😀'),
      fc.constantFrom(
        '\\"',
        '\\\\',
        '\\/',
        '\\n',
        '\\t',
        '\\u0041',
        '\\ud800',
        '\\uDC00',
        '\\u4e2d',
      ),
    ),
    { maxLength: 6 },
  )
  .map((parts) => `"${parts.join('')}"`);

/** Keys from a small set, so objects often write one twice. */
const keyText = fc.oneof(
  fc.constantFrom('"a"', '"b"', '"__proto__"', '"1"', '"tool"', '"\\u0061"', '"中"'),
  stringText,
);

const ws = fc.constantFrom('', '', ' ', '\t', ' \r ');

const { value: valueText } = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    numberText,
    stringText,
    fc.constantFrom('true', 'false', 'null'),
    fc
      .array(fc.tuple(ws, keyText, ws, tie('value'), ws), { maxLength: 5 })
      .map((ms) => `{${ms.map(([a, k, b, v, c]) => `${a}${k}${b}:${v}${c}`).join(',')}}`),
    fc.array(tie('value'), { maxLength: 5 }).map((xs) => `[${xs.join(',')}]`),
  ),
}));

/** Nesting around the fast path's and parseJson's limits. */
const deepText = fc
  .tuple(fc.integer({ min: 25, max: 140 }), fc.boolean(), numberText)
  .map(([n, obj, inner]) =>
    obj
      ? `${'{"a":'.repeat(n)}${inner}${'}'.repeat(n)}`
      : `${'['.repeat(n)}${inner}${']'.repeat(n)}`,
  );

/** A text with one character inserted or removed at some place. */
const mutated = fc
  .tuple(
    valueText,
    fc.nat(),
    fc.constantFrom('', '"', '\\', ',', ':', '}', ']', '-', '1', 'e', '.'),
  )
  .map(([t, at, c]) => {
    const i = at % (t.length + 1);
    return c === '' ? t.slice(0, i) + t.slice(i + 1) : t.slice(0, i) + c + t.slice(i);
  });

const line = fc
  .tuple(ws, fc.oneof({ weight: 4, arbitrary: valueText }, deepText, mutated), ws)
  .map(([a, v, b]) => `${a}${v}${b}`);

describe('parseJsonExact', () => {
  it(
    'reads every text as parseJson with exact numbers does: the same value or the same error',
    () => {
      const exact = (text: string) => parseJson(text, undefined, exactJsonNumber);
      fc.assert(
        fc.property(line, (text) => {
          expect(outcome(parseJsonExact, text)).toBe(outcome(exact, text));
          let read: ReturnType<typeof readJsonExact> | null = null;
          try {
            read = readJsonExact(text);
          } catch {}
          if (read?.plain && typeof read.value === 'object' && read.value !== null) {
            const prepared = prepareFact(read.value);
            if (!Array.isArray(read.value)) expect(prepared.ok && prepared.fact).toBe(read.value);
          }
        }),
        fuzzParams(4141, 400),
      );
    },
    fuzzTimeout(2),
  );

  it('takes the fast path on the common row, and refuses what JSON.parse would accept', () => {
    const row = '{"tool":{"name":"x","args":{"amount":12.5,"n":-0}},"context":{"c":"中"}}';
    expect(parseJsonExact(row)).toEqual(JSON.parse(row));
    expect(Object.is((parseJsonExact('{"a":-0}') as { a: number }).a, -0)).toBe(true);
    for (const text of [
      '{"a":1,"a":2}',
      '{"x":{"a":1,"a":2}}',
      '[{"a":1},{"b":{"c":1,"c":1}}]',
      '{"__proto__":1,"__proto__":2}',
      '{"a":1e400}',
    ])
      expect(() => parseJsonExact(text)).toThrow(JsonError);
    expect(parseJsonExact('{"a":9007199254740993}')).toEqual({
      a: exactJsonNumber('9007199254740993', 5),
    });
  });
});
