import { describe, expect, it } from 'vitest';
import { compileDocument } from '../../compile';
import { exactJsonNumber } from '../../data/read-fact';
import { Evaluator } from '../evaluate';
import type { Value } from '../values';
import { discriminator, RuleIndex } from './rule-index';

/** A document of Expression rules (JSON text), one per `when`, in order. */
function doc(whens: readonly unknown[], extra: Record<string, unknown> = {}) {
  const text = JSON.stringify({
    protocol: 'erdl/v2',
    version: '2.1.0',
    metadata: { name: 'index', decision: 'ALLOW' },
    rules: whens.map((when, i) => ({
      name: `IDX-00${i + 1}-rule`,
      description: 'test',
      priority: i + 1,
      when: { expr: when },
      then: 'DENY',
      message: 'm',
      ...extra,
    })),
  });
  const r = compileDocument(text);
  if (!r.document) throw new Error(r.diagnostics.map((d) => d.message.en).join('; '));
  return r.document;
}

/** Which rules (1-based) the index lets through for `fact`; null when it stands aside. */
function through(whens: readonly unknown[], fact: unknown): number[] | null {
  const d = doc(whens);
  const index = RuleIndex.build(d.rules);
  if (!index) throw new Error('nothing indexed');
  if (!index.select(fact as Value)) return null;
  return d.rules.flatMap((_, i) => (index.mayMatch(i) ? [i + 1] : []));
}

const f = (field: string) => ({ field });

describe('RuleIndex', () => {
  it('files equality and in by hash: only the rules with the fact’s value get through', () => {
    const whens = [
      { eq: [f('tool'), 'a'] },
      { eq: [f('tool'), 'b'] },
      { in: [f('tool'), ['b', 'c', 5]] },
      { eq: [f('tool'), 5] },
      { eq: [f('tool'), true] },
    ];
    expect(through(whens, { tool: 'b' })).toEqual([2, 3]);
    expect(through(whens, { tool: 5 })).toEqual([3, 4]);
    expect(through(whens, { tool: -0 })).toEqual([]);
    expect(through(whens, { tool: '5' })).toEqual([]); // "5" ne 5 (I-32): no comparison
    expect(through(whens, { tool: true })).toEqual([5]);
    expect(through(whens, {})).toEqual([]);
    expect(through(whens, { tool: ['b'] })).toEqual([]);
  });

  it('reads strings as the evaluator does (NFC): a decomposed é meets the literal é', () => {
    expect(through([{ eq: [f('s'), 'é'] }, { eq: [f('s'), 'K'] }], { s: 'e\u0301' })).toEqual([1]);
    // U+212A KELVIN SIGN is K in NFC.
    expect(through([{ eq: [f('s'), 'é'] }, { eq: [f('s'), 'K'] }], { s: '\u212a' })).toEqual([2]);
  });

  it('files eq null as missing-or-null, and in [null] as null only', () => {
    const whens = [{ eq: [f('x'), null] }, { in: [f('x'), [null, 1]] }];
    expect(through(whens, {})).toEqual([1]);
    expect(through(whens, { x: null })).toEqual([1, 2]);
    expect(through(whens, { x: 1 })).toEqual([2]);
  });

  it('files starts_with in a trie and thresholds in sorted bounds', () => {
    const prefixes = [
      { starts_with: [f('p'), '/etc/'] },
      { starts_with: [f('p'), '/'] },
      { starts_with: [f('p'), ''] },
      { starts_with: [f('p'), '/tmp/'] },
    ];
    expect(through(prefixes, { p: '/etc/passwd' })).toEqual([1, 2, 3]);
    expect(through(prefixes, { p: 'etc' })).toEqual([3]);
    expect(through(prefixes, { p: 7 })).toEqual([]);
    const bounds = [
      { gt: [f('n'), 10] },
      { gte: [f('n'), 10] },
      { lt: [f('n'), 10] },
      { lte: [f('n'), 10] },
      { between: [f('n'), 5, 6] },
    ];
    expect(through(bounds, { n: 10 })).toEqual([2, 4, 5]); // between: by its lower bound
    expect(through(bounds, { n: 11 })).toEqual([1, 2, 5]);
    expect(through(bounds, { n: 4 })).toEqual([3, 4]);
    expect(through(bounds, { n: '11' })).toEqual([]);
  });

  it('lets a rule through only when the fact may satisfy every conjunct filed for it', () => {
    const whens = [
      { and: [{ eq: [f('tool'), 'a'] }, { gt: [f('n'), 5] }, { starts_with: [f('p'), '/x'] }] },
      { and: [{ gt: [f('n'), 5] }, { in: [f('tool'), ['a', 'b']] }] },
      { and: [{ eq: [f('tool'), 'a'] }, { ends_with: [f('p'), 'z'] }, { lt: [f('n'), 9] }] },
    ];
    expect(through(whens, { tool: 'a', n: 3, p: '/x/z' })).toEqual([3]);
    expect(through(whens, { tool: 'a', n: 7, p: '/x/z' })).toEqual([1, 2, 3]);
    expect(through(whens, { tool: 'b', n: 7, p: '/y' })).toEqual([2]);
    expect(through(whens, { tool: 'a', n: 10, p: '/y' })).toEqual([2]);
    // The candidates, in order, are the rules mayMatch lets through.
    const index = RuleIndex.build(doc(whens).rules) as RuleIndex;
    expect(index.select({ tool: 'a', n: 7, p: '/x/z' })).toBe(true);
    const out = new Int32Array(3);
    expect([...out.subarray(0, index.candidates(out))]).toEqual([0, 1, 2]);
  });

  it('gives the same candidates when many rules are opened for a fact (one pass over all rules)', () => {
    const whens = Array.from({ length: 60 }, (_, i) => ({
      and: [{ in: [f('tool'), i % 3 === 0 ? ['a'] : ['a', 'b']] }, { gt: [f('n'), 60 - i] }],
    }));
    const index = RuleIndex.build(doc(whens).rules) as RuleIndex;
    const out = new Int32Array(60);
    for (const fact of [
      { tool: 'a', n: 30 },
      { tool: 'b', n: 50 },
      { tool: 'a', n: 100 },
    ]) {
      expect(index.select(fact)).toBe(true);
      const want = whens.flatMap((_, i) => (index.mayMatch(i) ? [i] : []));
      expect(want.length).toBeGreaterThan(0);
      expect([...out.subarray(0, index.candidates(out))]).toEqual(want);
    }
  });

  it('stands aside for a fact it cannot decide: a non-finite number, an exact number, a getter that throws', () => {
    const whens = [{ eq: [f('n'), 1] }];
    expect(through(whens, { n: Number.NaN })).toBeNull();
    expect(through(whens, { n: exactJsonNumber('9007199254740993', 0) })).toBeNull();
    const hostile = Object.defineProperty({}, 'n', {
      enumerable: true,
      get() {
        throw new Error('no');
      },
    });
    expect(through(whens, hostile)).toBeNull();
  });

  it('files every conjunct it can decide reached through pure ones, and probes the fields read up to the last', () => {
    const rule = (when: unknown) => doc([when]).rules[0] as never;
    // gte then eq: both are filed, and both fields are probed.
    expect(discriminator(rule({ and: [{ gte: [f('n'), 1] }, { eq: [f('c'), 'CN'] }] }))).toEqual({
      conjuncts: [
        [{ path: 'n', kind: 'bound', op: 'gte', bound: 1 }],
        [{ path: 'c', kind: 'key', keys: ['CN'] }],
      ],
      reads: ['n', 'c'],
    });
    // A pure conjunct it cannot decide is read (probed) only when a filed one comes after it.
    expect(
      discriminator(
        rule({ and: [{ ends_with: [f('a'), 'x'] }, { eq: [f('c'), 'CN'] }, { exists: f('z') }] }),
      ),
    ).toEqual({ conjuncts: [[{ path: 'c', kind: 'key', keys: ['CN'] }]], reads: ['a', 'c'] });
    // An or of filed shapes is one conjunct filed under each branch.
    expect(
      discriminator(rule({ or: [{ eq: [f('c'), 'CN'] }, { starts_with: [f('p'), '/x'] }] }))
        ?.conjuncts[0],
    ).toHaveLength(2);
    // A condition that may raise or warn (arithmetic, length, match) hides the conjuncts after it.
    expect(
      discriminator(rule({ and: [{ gt: [{ add: [f('n'), 1] }, 0] }, { eq: [f('c'), 'CN'] }] })),
    ).toBeNull();
    expect(
      discriminator(rule({ and: [{ gt: [{ length: f('s') }, 1] }, { eq: [f('c'), 'CN'] }] })),
    ).toBeNull();
  });

  it('never files a rule with an unless (an exemption is recorded whatever when says)', () => {
    const d = doc([{ eq: [f('c'), 'CN'] }], { unless: { expr: { eq: [f('x'), 1] } } });
    expect(RuleIndex.build(d.rules)).toBeNull();
  });
});

describe('Evaluator with its index', () => {
  it('gives the unindexed result: counts, warnings and errors of the rules it did not skip', () => {
    const d = doc([
      { eq: [f('tool'), 'a'] },
      { and: [{ eq: [f('tool'), 'b'] }, { gt: [{ add: [f('n'), 1] }, 0] }] },
      { gt: [{ length: f('n') }, 1] },
      { eq: [f('tool'), 'c'] },
    ]);
    const indexed = new Evaluator(d, { index: true });
    const plain = new Evaluator(d, { index: false });
    for (const fact of [
      { tool: 'b' },
      { tool: 'a', n: 5 },
      { tool: 'c' },
      { tool: Number.NaN },
      {},
    ])
      for (const guard of [false, true]) {
        const options = { as_of: '2026-01-15T09:00:00Z', guard };
        expect(indexed.evaluate(fact, options)).toEqual(plain.evaluate(fact, options));
      }
    const r = indexed.evaluate({ tool: 'b' }, { as_of: '2026-01-15T09:00:00Z' });
    expect(r.total_evaluated).toBe(4);
    expect(r.eval_warnings.map((w) => w.code)).toContain('missing_operand');
  });
});
