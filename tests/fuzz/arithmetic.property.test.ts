// E2 / §7.3(c), ruling I-33, through the evaluator: arithmetic inside an expression is exact
// (bounded rationals) and a comparison of an arithmetic result with a number compares exact
// values — no rounding to scale 14 before it. Random doubles and quotients near a 14-decimal
// boundary (where rounding first would flip the answer: div(1, 3) gt 0.33333333333333).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileDocument, Evaluator } from '../../src/kernel';
import { fuzzParams, fuzzTimeout } from './runs';

function evaluatorOf(rules: { name: string; ring: number; expr: string }[]): Evaluator {
  const text = [
    'protocol: "erdl/v2"',
    'version: "2.1.0"',
    'metadata:',
    '  name: "arith"',
    '  decision: ALLOW',
    'rules:',
    ...rules.flatMap((r) => [
      `  - name: "${r.name}"`,
      `    description: "${r.name}"`,
      '    priority: 1',
      `    ring: ${r.ring}`,
      '    when:',
      `      expr: ${r.expr}`,
      '    then: NOTIFY',
    ]),
    '',
  ].join('\n');
  const document = compileDocument(text).document;
  if (!document) throw new Error('the property document does not load');
  return new Evaluator(document);
}

const AS_OF = { as_of: '2026-01-15T09:00:00Z', hash: false } as const;
const X = '{field: "context.x"}';
const Y = '{field: "context.y"}';

describe('exact arithmetic (property)', () => {
  const identities = evaluatorOf([
    { name: 'ARI-001-div-one', ring: 0, expr: `{eq: [{div: [${X}, 1]}, ${X}]}` },
    { name: 'ARI-002-div-mul', ring: 1, expr: `{eq: [{mul: [{div: [${X}, ${Y}]}, ${Y}]}, ${X}]}` },
    { name: 'ARI-003-add-sub', ring: 2, expr: `{eq: [{sub: [{add: [${X}, ${Y}]}, ${Y}]}, ${X}]}` },
  ]);

  it('x / 1 = x, (x / y) × y = x and (x + y) − y = x for any doubles', {
    timeout: fuzzTimeout(),
  }, () => {
    const double = fc.double({ noNaN: true, noDefaultInfinity: true });
    fc.assert(
      fc.property(
        double,
        double.filter((y) => y !== 0),
        (x, y) => {
          const r = identities.evaluate({ context: { x, y } }, AS_OF);
          expect(r.eval_warnings).toEqual([]);
          expect(r.matched_rules).toEqual([
            'ARI-001-div-one',
            'ARI-002-div-mul',
            'ARI-003-add-sub',
          ]);
        },
      ),
      fuzzParams(1433),
    );
  });

  const compare = evaluatorOf([
    { name: 'ARI-010-gt', ring: 0, expr: `{gt: [{div: [${X}, ${Y}]}, {field: "context.l"}]}` },
    { name: 'ARI-011-eq', ring: 1, expr: `{eq: [{div: [${X}, ${Y}]}, {field: "context.l"}]}` },
    { name: 'ARI-012-lt', ring: 2, expr: `{lt: [{div: [${X}, ${Y}]}, {field: "context.l"}]}` },
  ]);

  it('x / y against a 14-decimal number is decided by exact value', {
    timeout: fuzzTimeout(),
  }, () => {
    const int = fc.integer({ min: -1_000_000, max: 1_000_000 });
    fc.assert(
      fc.property(
        int,
        int.filter((y) => y !== 0),
        fc.integer({ min: -2, max: 2 }),
        (x, y, offset) => {
          // l = x / y truncated to 14 decimals, moved by `offset` units in the last place: the
          // numbers where rounding the quotient to scale 14 first would decide wrongly.
          const m = (BigInt(x) * 10n ** 14n) / BigInt(y) + BigInt(offset);
          fc.pre(m > -(10n ** 15n) && m < 10n ** 15n); // l is then exactly the double m / 10^14
          const l = Number(m) / 1e14;
          // exact: x / y ⋛ m / 10^14  ⇔  x · 10^14 · sign(y) ⋛ m · |y|
          const lhs = BigInt(x) * 10n ** 14n * (y < 0 ? -1n : 1n);
          const rhs = m * BigInt(Math.abs(y));
          const want = [
            ...(lhs > rhs ? ['ARI-010-gt'] : []),
            ...(lhs === rhs ? ['ARI-011-eq'] : []),
            ...(lhs < rhs ? ['ARI-012-lt'] : []),
          ];
          const r = compare.evaluate({ context: { x, y, l } }, AS_OF);
          expect(r.matched_rules).toEqual(want);
        },
      ),
      fuzzParams(1434),
    );
  });
});
