// Issue 41 §1: the rule index changes nothing. An Evaluator with its index and one without
// (`{ index: false }`, every rule evaluated) give the same whole result — decision, matched rules,
// exemptions, warnings, counts, result_hash, trace — on random documents over a few fields (every
// shape the index files, and the impure, erroring and exempting conditions it must not skip) and
// random, partly hostile facts; on the studio's examples with arbitrary facts; and on every
// V-ENGINE vector; and the untraced result (specialised closures) is the traced one but for its trace.
// The random documents run at the fuzz bar (10,000 runs, `npm run fuzz`'s default) in every test
// run: each is assembled from a pool of rules compiled once (random conditions; each run draws its
// own priorities, overrides, rings, switches and decisions), so a run costs evaluations, not a compile.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  compileDocument,
  type EvaluateOptions,
  Evaluator,
  SIMPLE_OPERATORS,
} from '../../src/kernel';
import { exactJsonNumber } from '../../src/kernel/data/read-fact';
import type { CompiledDocument, CompiledRule } from '../../src/kernel/document/compiled';
import { RuleIndex } from '../../src/kernel/eval/rule-index/rule-index';
import type { Value } from '../../src/kernel/eval/values';
import { factArb as anyFactArb, EXAMPLE_DOCUMENTS } from './arbitraries';
import { fuzzParams, fuzzTimeout } from './runs';

/** How much the index had to do in these runs: a property that never skips a rule proves nothing. */
const seen = { documents: 0, facts: 0, skipped: 0 };

/** Deep equality (−0 is not 0), checked natively; expect() only to report a difference. */
function same(got: unknown, want: unknown): void {
  if (!isDeepStrictEqual(got, want)) expect(got).toStrictEqual(want);
}

/**
 * The two evaluators of one document, and a check that they answer alike; `full` (the default)
 * also compares the untraced result with the traced one and counts what the index skipped.
 */
function pair(document: CompiledDocument) {
  const indexed = new Evaluator(document, { index: true });
  const plain = new Evaluator(document, { index: false });
  let index: RuleIndex | null | undefined;
  seen.documents++;
  return (fact: unknown, options: EvaluateOptions, full = true): void => {
    const want = plain.evaluate(fact, options);
    const got = indexed.evaluate(fact, options);
    same(got, want);
    seen.facts++;
    if (!full) return;
    // The traced build runs the general closures only (no specialised comparison, no exact
    // doubles): everything but the trace itself is the same.
    if (options.trace !== true) {
      const traced = plain.evaluate(fact, { ...options, trace: true });
      same({ ...got, eval_trace: [] }, { ...traced, eval_trace: [] });
    }
    index ??= RuleIndex.build(document.rules);
    if (index?.select(fact as Value))
      for (let i = 0; i < document.rules.length; i++) if (!index.mayMatch(i)) seen.skipped++;
  };
}

const FIELDS = ['a', 'b', 'c.d'];
/** Pools small enough that conditions and facts meet; NFC pairs (é / e + U+0301, K / U+212A). */
const STRINGS = ['x', 'xy', 'xyz', '', 'é', 'e\u0301', 'K', '\u212a', '5', 'true'];
const NUMBERS = [0, 1, 2.5, 5, -3, 10];
/** Written into the document text as is: a number literal no double holds (an exact one). */
const EXACT = '9007199254740993';

/** Stands for EXACT in the generated rules until the document is written out. */
const EXACT_MARK = '@@exact@@';

const literalArb = fc.oneof(
  fc.constantFrom(...STRINGS),
  fc.constantFrom(...NUMBERS),
  fc.constantFrom(true, false, null, EXACT_MARK),
);
const stringLitArb = fc.constantFrom(...STRINGS);
const numberLitArb = fc.oneof(fc.constantFrom(...NUMBERS), fc.constant(EXACT_MARK));
const fieldArb = fc.constantFrom(...FIELDS).map((field) => ({ field }));

/** One Expression condition on a field: the index's shapes and ones it must leave alone. */
const atomArb: fc.Arbitrary<unknown> = fc.oneof(
  fc
    .tuple(fc.constantFrom('eq', 'ne', 'gt', 'gte', 'lt', 'lte'), fieldArb, literalArb)
    .map(([op, f, v]) => ({ [op]: [f, v] })),
  fc
    .tuple(fieldArb, fc.array(literalArb, { minLength: 1, maxLength: 4 }))
    .map(([f, vs]) => ({ in: [f, vs] })),
  fc
    .tuple(fc.constantFrom('starts_with', 'ends_with', 'contains'), fieldArb, stringLitArb)
    .map(([op, f, v]) => ({ [op]: [f, v] })),
  fc
    .tuple(fieldArb, fc.integer({ min: -3, max: 10 }), fc.integer({ min: 0, max: 6 }))
    .map(([f, lo, span]) => ({ between: [f, lo, lo + span] })),
  fieldArb.map((f) => ({ exists: f })),
  // Conditions that warn, raise or step (never skipped on their own account).
  fc.tuple(fieldArb, numberLitArb).map(([f, v]) => ({ gt: [{ add: [f, 1] }, v] })),
  fc.tuple(fieldArb, fieldArb).map(([f, g]) => ({ lt: [{ div: [f, g] }, 1] })),
  fieldArb.map((f) => ({ gt: [{ length: f }, 1] })),
  fieldArb.map((f) => ({ match: [f, '^x'] })),
  fc.tuple(fieldArb, fieldArb).map(([f, g]) => ({ in: [f, g] })),
  fc.tuple(fieldArb, fieldArb).map(([f, g]) => ({ eq: [f, g] })),
);

const exprArb: fc.Arbitrary<unknown> = fc.letrec<{ expr: unknown }>((tie) => ({
  expr: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    atomArb,
    fc.array(tie('expr'), { minLength: 1, maxLength: 4 }).map((xs) => ({ and: xs })),
    fc.array(tie('expr'), { minLength: 1, maxLength: 3 }).map((xs) => ({ or: xs })),
    tie('expr').map((x) => ({ not: x })),
  ),
})).expr;

const OPERATORS = SIMPLE_OPERATORS.filter((o) => o.compile !== 'modifier');
function simpleValueArb(kind: string): fc.Arbitrary<unknown> {
  switch (kind) {
    case 'scalar':
      return literalArb;
    case 'ordered':
      return fc.oneof(stringLitArb, numberLitArb);
    case 'list':
      return fc.array(literalArb, { minLength: 1, maxLength: 3 });
    case 'string':
      return stringLitArb;
    case 'regex':
      return fc.constantFrom('^x', 'y$', '[0-9]');
    case 'count':
      return fc.nat({ max: 3 });
    case 'range':
      return fc
        .tuple(fc.integer({ min: -3, max: 10 }), fc.integer({ min: 0, max: 6 }))
        .map(([lo, span]) => [lo, lo + span]);
    default:
      return fc.constant(undefined);
  }
}
const simpleConditionArb = fc
  .tuple(fc.constantFrom(...FIELDS), fc.constantFrom(...OPERATORS))
  .chain(([field, op]) =>
    simpleValueArb(op.operand).map((value) =>
      value === undefined ? { field, operator: op.name } : { field, operator: op.name, value },
    ),
  );
const whenArb = fc.oneof(
  exprArb.map((expr) => ({ expr })),
  fc.record({
    logic: fc.constantFrom('AND', 'OR'),
    conditions: fc.array(simpleConditionArb, { minLength: 1, maxLength: 4 }),
  }),
);

const ruleArb = fc.record({
  when: whenArb,
  unless: fc.option(
    exprArb.map((expr) => ({ expr })),
    { freq: 4 },
  ),
  then: fc.constantFrom('DENY', 'ALLOW', 'NOTIFY', 'REQUEST_HUMAN', 'ESCALATE', 'EMERGENCY_HALT'),
  priority: fc.integer({ min: 1, max: 3 }),
  override: fc.constantFrom('critical', 'high', 'normal', 'low'),
  ring: fc.integer({ min: 0, max: 1 }),
  enabled: fc.boolean().map((b) => b || undefined),
});

function documentText(rules: readonly unknown[]): string {
  const doc = {
    protocol: 'erdl/v2',
    version: '2.1.0',
    metadata: { name: 'index-differential', decision: 'ALLOW' },
    rules: (rules as Record<string, unknown>[]).map((r, i) => ({
      name: `IDX-${String(i + 1).padStart(3, '0')}-rule`,
      description: 'generated',
      priority: r.priority,
      override: r.override,
      ring: r.ring,
      ...(r.enabled === undefined ? { enabled: false } : {}),
      when: r.when,
      ...(r.unless === null ? {} : { unless: r.unless }),
      then: r.then,
      message: 'generated',
    })),
  };
  return JSON.stringify(doc).replaceAll(`"${EXACT_MARK}"`, EXACT);
}

/** An object whose field throws when read (in-process callers may pass one). */
function throwing(): unknown {
  return Object.defineProperty({}, 'd', {
    enumerable: true,
    get() {
      throw new Error('unreadable');
    },
  });
}

/** Fact values: the pools, an exact number, lists, mappings, and in-process oddities. */
const factValueArb = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...STRINGS) },
  { weight: 6, arbitrary: fc.constantFrom(...NUMBERS, -0, 1e308) },
  { weight: 2, arbitrary: fc.constantFrom(true, false, null) },
  { weight: 1, arbitrary: fc.constant(0).map(() => exactJsonNumber(EXACT, 0)) },
  {
    weight: 1,
    arbitrary: fc.array(fc.oneof(fc.constantFrom(...STRINGS), fc.constantFrom(...NUMBERS)), {
      maxLength: 3,
    }),
  },
  { weight: 1, arbitrary: fc.constant({ nested: 1 }) },
  { weight: 1, arbitrary: fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY) },
  { weight: 1, arbitrary: fc.constant(0).map(() => new Date(0)) },
);
const factArb = fc
  .record(
    {
      a: factValueArb,
      b: factValueArb,
      c: fc.oneof(
        { weight: 8, arbitrary: fc.record({ d: factValueArb }, { requiredKeys: [] }) },
        { weight: 1, arbitrary: fc.constant(0).map(throwing) },
        { weight: 1, arbitrary: factValueArb },
      ),
    },
    { requiredKeys: [] },
  )
  .map((f) => f as unknown);

/**
 * Runs of the random-document differential in `npm test`. The fuzz bar (`npm run fuzz`, 10,000 runs
 * per property, scripts/fuzz.ts) runs it at its full count and records each pass in
 * bench/results/fuzz.jsonl; the test command keeps a count that fits the CI budget.
 */
const TEST_RUNS = 1_000;
const POOL_SIZE = 300;

/**
 * POOL_SIZE random rules that load, each compiled alone, from the property's seed (about one
 * random rule in four loads: the others hold a literal or operand their operator refuses).
 */
function rulePool(seed: number): CompiledRule[] {
  const pool: CompiledRule[] = [];
  for (const r of fc.sample(ruleArb, { seed, numRuns: POOL_SIZE * 6 })) {
    const rule = compileDocument(documentText([r])).document?.rules[0];
    if (rule) pool.push(rule);
    if (pool.length === POOL_SIZE) break;
  }
  return pool;
}

/** A rule of the pool with this run's place, priority, override, ring, switch and decision. */
const placedArb = fc.record({
  pick: fc.nat(POOL_SIZE - 1),
  then: ruleArb.map((r) => r.then),
  priority: fc.integer({ min: 1, max: 3 }),
  override: fc.constantFrom('critical', 'high', 'normal', 'low'),
  ring: fc.integer({ min: 0, max: 1 }),
  enabled: fc.nat(5).map((n) => n > 0),
});

describe('the rule index changes no result (property)', () => {
  it('random documents and facts', { timeout: fuzzTimeout(60) }, () => {
    const before = { ...seen };
    const params = fuzzParams(4101, TEST_RUNS);
    const pool = rulePool(params.seed);
    const base = compileDocument(documentText([])).document as CompiledDocument;
    expect(pool.length).toBe(POOL_SIZE);
    fc.assert(
      fc.property(
        fc.array(placedArb, { minLength: 1, maxLength: 8 }),
        fc.array(factArb, { minLength: 1, maxLength: 12 }),
        fc.boolean(),
        fc.boolean(),
        (placed, facts, guard, trace) => {
          const rules = placed.map(
            (r, i): CompiledRule => ({
              ...(pool[r.pick % pool.length] as CompiledRule),
              name: `IDX-${String(i + 1).padStart(3, '0')}-rule`,
              index: i,
              then: r.then as CompiledRule['then'],
              priority: r.priority,
              override: r.override as CompiledRule['override'],
              ring: r.ring as CompiledRule['ring'],
              enabled: r.enabled,
            }),
          );
          const check = pair({ ...base, rules });
          // The first fact in full (result hash, traced comparison); the rest cheaper: the hash's
          // preimage is the fields compared (decision, matched rules), and no trace.
          facts.forEach((fact, i) => {
            const traced = trace && i === 0;
            check(
              fact,
              { as_of: '2026-01-15T09:00:00Z', guard, trace: traced, hash: i === 0 },
              i === 0,
            );
          });
        },
      ),
      params,
    );
    // The index rules out some rule for some fact.
    expect(seen.documents - before.documents).toBe(params.numRuns);
    expect(seen.skipped - before.skipped).toBeGreaterThan(0);
  });

  const examples = EXAMPLE_DOCUMENTS.map(({ name, text }) => {
    const document = compileDocument(text).document;
    if (!document) throw new Error(`example ${name} does not load`);
    return [name, pair(document)] as const;
  });
  it.each(examples)(
    'arbitrary facts on the example %s',
    { timeout: fuzzTimeout() },
    (_n, check) => {
      fc.assert(
        fc.property(anyFactArb, fc.boolean(), (fact, guard) =>
          check(fact, { as_of: '2026-01-15T09:00:00Z', guard }),
        ),
        fuzzParams(4102),
      );
    },
  );
});

/** Every V-ENGINE vector's document and facts (vectors/engine/<group>/NNNN-slug.yaml). */
function vectorFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory()
        ? vectorFiles(path)
        : name.endsWith('.yaml')
          ? [path]
          : [];
    });
}

describe('the rule index changes no result on the V-ENGINE vectors', () => {
  const root = fileURLToPath(new URL('../../vectors/engine/', import.meta.url));
  it('every vector', () => {
    let checked = 0;
    for (const file of vectorFiles(root)) {
      const v = parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const document = typeof v.document === 'string' ? compileDocument(v.document).document : null;
      if (!document) continue;
      const check = pair(document);
      const steps = Array.isArray(v.steps) ? (v.steps as Record<string, unknown>[]) : [v];
      for (const s of steps) {
        if (!('fact' in s)) continue;
        const options = {
          as_of: String(s.as_of ?? v.as_of ?? '2026-01-15T09:00:00Z'),
          guard: s.guard === true || v.guard === true,
        };
        check(s.fact, options);
        check(s.fact, { ...options, trace: true });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});
