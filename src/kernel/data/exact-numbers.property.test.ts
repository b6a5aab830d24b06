// Fact numbers keep every digit (issue #35 §3, ruling I-89), property-tested against exact decimal
// arithmetic (decimal.js): for random big integers and long decimals written in a fact — JSON, YAML,
// JSON Lines or CSV — a rule `gt` / `lt` / `eq` LITERAL answers exactly as comparing the two
// written decimals does; the number's canonical text is decimal.js's own; the result hash tells
// two different facts apart.
import DecimalJs from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile';
import { Evaluator } from '../eval/evaluate';
import { numberText, type Value } from '../eval/values';
import { createCsvParser } from '../suite/csv-facts';
import { parseFactSet } from '../suite/fact-set';
import { createJsonLinesParser } from '../suite/jsonl-facts';
import { decimalText, JsonNumber } from './json-number';
import { readFact } from './read-fact';
import { readNumberText } from './read-number';

/** Exact decimals, never rounded (decimal.js keeps every digit it is given). */
const Exact = DecimalJs.clone({ precision: 1e9 });

const digits = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
const integerPart = (max: number) =>
  fc.oneof(
    fc.constant('0'),
    fc.tuple(fc.constantFrom(...'123456789'), digits(0, max - 1)).map(([a, b]) => a + b),
  );

/** A JSON number token: up to 40 integer digits, 30 fraction digits, an exponent. */
const factNumber = fc
  .tuple(
    fc.boolean(),
    integerPart(40),
    fc.option(digits(1, 30), { nil: undefined }),
    fc.option(fc.integer({ min: -30, max: 30 }), { nil: undefined }),
  )
  .map(
    ([neg, int, frac, exp]) =>
      `${neg ? '-' : ''}${int}${frac === undefined ? '' : `.${frac}`}${exp === undefined ? '' : `e${exp}`}`,
  );

/** A rule literal: what a rule may hold (≤ 29 integer digits, ≤ 14 decimals, I-20). */
const ruleNumber = fc
  .tuple(fc.boolean(), integerPart(29), fc.option(digits(1, 14), { nil: undefined }))
  .map(([neg, int, frac]) => `${neg ? '-' : ''}${int}${frac === undefined ? '' : `.${frac}`}`);

/** Pairs that are often equal or one unit apart in the last place, where doubles fail. */
const pair = fc.oneof(
  fc.tuple(factNumber, ruleNumber),
  ruleNumber.map((r) => [r, r] as const),
  fc
    .tuple(ruleNumber, digits(1, 20), fc.constantFrom('1', '9', '0'))
    .map(([r, zeros, last]) => [`${r}${r.includes('.') ? '' : '.'}${zeros}${last}`, r] as const),
  fc
    .tuple(fc.bigInt({ min: 2n ** 53n, max: 2n ** 80n }), fc.integer({ min: -2, max: 2 }))
    .map(([n, d]) => [String(n + BigInt(d)), String(n)] as const),
);

type Op = 'gt' | 'lt' | 'eq';
const OPS: readonly Op[] = ['gt', 'lt', 'eq'];

function document(literal: string): Evaluator {
  const rules = OPS.map(
    (op, i) => `  - name: R-${op}
    description: d
    priority: ${i + 1}
    ring: ${i + 1}
    when: { logic: AND, conditions: [{ field: x, operator: ${op}, value: ${literal} }] }
    then: NOTIFY
    message: m
`,
  ).join('');
  const compiled = compileDocument(`protocol: "erdl/v2"
version: "2.1.0"
metadata: { name: n, description: d, category: coding, decision: ALLOW }
rules:
${rules}`);
  if (!compiled.document) throw new Error(compiled.diagnostics.map((d) => d.message.en).join('; '));
  return new Evaluator(compiled.document);
}

/** The fact `{x: N}` as each format reads it. */
const READERS: Record<string, (n: string) => Value> = {
  json: (n) => unwrap(readFact(`{"x": ${n}}`, { format: 'json' })),
  yaml: (n) => unwrap(readFact(`x: ${n}\n`, { format: 'yaml' })),
  jsonl: (n) => only(parseFactSet(createJsonLinesParser(), `{"x": ${n}}\n`).cases),
  csv: (n) => only(parseFactSet(createCsvParser(), `x\n${n}\n`).cases),
};

function unwrap(r: ReturnType<typeof readFact>): Value {
  if (!r.ok) throw new Error(r.message.en);
  return r.fact;
}

function only(cases: readonly { fact: Value }[]): Value {
  expect(cases).toHaveLength(1);
  return (cases[0] as { fact: Value }).fact;
}

describe('fact numbers are exact (properties)', () => {
  it("a number reads back as exactly the decimal written, in decimal.js's canonical text", () => {
    fc.assert(
      fc.property(factNumber, (written) => {
        const r = readNumberText(written);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        const exact = new Exact(written);
        const text = numberText(r.value);
        expect(new Exact(text).eq(exact)).toBe(true);
        // One value, one text: decimal.js's toString (exponent from 1e21 and below 1e-6, as
        // ECMAScript writes doubles); a double only when it is exactly that decimal.
        expect(text).toBe(exact.isZero() ? '0' : exact.toString());
        expect(typeof r.value === 'number').toBe(String(Number(text)) === text);
        const json = JsonNumber.of(text);
        expect(typeof json === 'number' ? String(json) : json.text).toBe(text);
      }),
      { numRuns: 500 },
    );
  });

  it('decimalText agrees with decimal.js for any digits and exponent', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        digits(1, 60),
        fc.integer({ min: -400, max: 300 }),
        (neg, ds, e) => {
          const exact = new Exact(`${neg ? '-' : ''}${ds}e${e}`);
          expect(decimalText(neg, ds, e)).toBe(exact.isZero() ? '0' : exact.toString());
        },
      ),
      { numRuns: 500 },
    );
  });

  for (const [format, read] of Object.entries(READERS)) {
    it(`${format}: gt, lt and eq LITERAL answer as exact decimal comparison does`, () => {
      fc.assert(
        fc.property(pair, ([written, literal]) => {
          const fact = read(written);
          const result = document(literal).evaluate(fact, { as_of: '2026-01-01T00:00:00Z' });
          const c = new Exact(written).cmp(new Exact(literal));
          expect(result.matched_rules).toEqual(
            OPS.filter((op) => (op === 'gt' ? c > 0 : op === 'lt' ? c < 0 : c === 0)).map(
              (op) => `R-${op}`,
            ),
          );
        }),
        { numRuns: 60 },
      );
    });
  }

  it('two facts that differ in any digit have different result hashes', () => {
    const evaluator = document('0');
    fc.assert(
      fc.property(pair, ([a, b]) => {
        const hash = (n: string) =>
          evaluator.evaluate(READERS.json?.(n), { as_of: '2026-01-01T00:00:00Z' }).result_hash;
        expect(hash(a) === hash(b)).toBe(new Exact(a).eq(new Exact(b)));
      }),
      { numRuns: 200 },
    );
  });
});
