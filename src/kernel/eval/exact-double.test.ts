import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile';
import { exactJsonNumber } from '../data/read-fact';
import { Evaluator } from './evaluate';

/** One Expression rule per comparison, so matched_rules says how each comparison came out. */
function evaluator(conditions: readonly unknown[]) {
  const text = JSON.stringify({
    protocol: 'erdl/v2',
    version: '2.1.0',
    metadata: { name: 'exact', decision: 'ALLOW' },
    rules: conditions.map((expr, i) => ({
      name: `EXA-${String(i + 1).padStart(3, '0')}-rule`,
      description: 'test',
      priority: 1,
      when: { expr },
      then: 'NOTIFY',
      message: 'm',
    })),
  });
  const r = compileDocument(text);
  return r.document ? new Evaluator(r.document) : null;
}

const AS_OF = '2026-01-15T09:00:00Z';
const NUMBERS = [0, 1, -1, 0.1, 0.2, 0.3, 2.5, 12.34, 10.49, 0.15, 1e-7, 3, 7, 1e15, 2 ** 53];

const leafArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom('a', 'b', 'c').map((field) => ({ field })),
  fc.constantFrom(...NUMBERS),
);
const arithArb: fc.Arbitrary<unknown> = fc.letrec<{ e: unknown }>((tie) => ({
  e: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    leafArb,
    fc
      .tuple(fc.constantFrom('add', 'sub', 'mul', 'div'), tie('e'), tie('e'))
      .map(([op, x, y]) => ({ [op]: [x, y] })),
  ),
})).e;
const comparisonArb = fc
  .tuple(fc.constantFrom('eq', 'ne', 'gt', 'gte', 'lt', 'lte'), arithArb, arithArb)
  .filter(([, x]) => typeof x === 'object' && (x as { field?: string }).field === undefined)
  .map(([op, x, y]) => ({ [op]: [x, y] }));
const factValueArb = fc.oneof(
  fc.constantFrom(...NUMBERS, 0.85, 1234.5678, -0.001),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(null, 'x', true),
  fc.constant(0).map(() => exactJsonNumber('9007199254740993', 0)),
);

describe('exact comparisons on doubles', () => {
  it('decide as the exact Rational path does (the traced build never takes the fast path)', () => {
    fc.assert(
      fc.property(
        fc.array(comparisonArb, { minLength: 1, maxLength: 4 }),
        fc.array(fc.record({ a: factValueArb, b: factValueArb, c: factValueArb }), {
          minLength: 1,
          maxLength: 6,
        }),
        (conditions, facts) => {
          const e = evaluator(conditions);
          fc.pre(e !== null);
          if (!e) return;
          for (const fact of facts) {
            const fast = e.evaluate(fact, { as_of: AS_OF, hash: false });
            const exact = e.evaluate(fact, { as_of: AS_OF, hash: false, trace: true });
            expect(fast.matched_rules).toEqual(exact.matched_rules);
            expect(fast.eval_warnings).toEqual(exact.eval_warnings);
          }
        },
      ),
      { numRuns: 60, seed: 4103 },
    );
  });

  it('gets the margin boundary right where doubles do not: (12.34 − 10.489) / 12.34 vs 0.15', () => {
    const e = evaluator([
      { lt: [{ div: [{ sub: [{ field: 'p' }, { field: 'c' }] }, { field: 'p' }] }, 0.15] },
      { eq: [{ add: [0.1, 0.2] }, 0.3] },
    ]);
    if (!e) throw new Error('does not load');
    // cost = 0.85 × price exactly: the margin is 0.15, not below it.
    expect(e.evaluate({ p: 20, c: 17 }, { as_of: AS_OF }).matched_rules).toEqual(['EXA-002-rule']);
    expect(e.evaluate({ p: 12.4, c: 10.54 }, { as_of: AS_OF }).matched_rules).toEqual([
      'EXA-002-rule',
    ]);
    // Below: it matches, and the ring is decided (first match), so the second rule is not reached.
    expect(e.evaluate({ p: 12.4, c: 10.55 }, { as_of: AS_OF }).matched_rules).toEqual([
      'EXA-001-rule',
    ]);
  });
});
