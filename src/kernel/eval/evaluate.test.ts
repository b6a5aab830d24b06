// The evaluator (§7.0.2): rule statuses and node values in eval_trace, E12 folding, the result
// hash, and robustness: evaluate() returns a result for any fact, never throws or hangs.
import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile';
import { exactJsonNumber } from '../data/read-fact';
import { canonicalJson } from '../tree/canonical';
import { type EvaluateOptions, type EvaluationResult, Evaluator, type TraceNode } from './evaluate';

const AS_OF = '2026-09-03T00:00:00Z';

/** A document from rule snippets (each a list item, indented by 2). */
function evaluator(rules: string[], fallback = 'ALLOW'): Evaluator {
  const text = [
    'protocol: "erdl/v2"',
    'version: "2.1.0"',
    'metadata:',
    '  name: "t"',
    `  decision: ${fallback}`,
    'rules:',
    ...rules,
    '',
  ].join('\n');
  const compiled = compileDocument(text);
  const errors = compiled.diagnostics.filter((d) => d.severity === 'error');
  if (!compiled.document)
    throw new Error(errors.map((d) => `${d.code} ${d.message.en}`).join('\n'));
  return new Evaluator(compiled.document);
}

interface R {
  name: string;
  when: string;
  then?: string;
  priority?: number;
  ring?: number;
  override?: string;
  enabled?: boolean;
  unless?: string;
}
function rule(r: R): string {
  const then = r.then ?? 'DENY';
  return [
    `  - name: "${r.name}"`,
    '    description: "d"',
    `    priority: ${r.priority ?? 10}`,
    ...(r.override ? [`    override: ${r.override}`] : []),
    ...(r.ring !== undefined ? [`    ring: ${r.ring}`] : []),
    ...(r.enabled !== undefined ? [`    enabled: ${r.enabled}`] : []),
    `    when: ${r.when}`,
    `    then: ${then}`,
    ...(['ALLOW', 'NOTIFY', 'GUIDE'].includes(then) ? [] : ['    message: "m"']),
    ...(r.unless ? [`    unless: ${r.unless}`] : []),
  ].join('\n');
}
const simple = (cond: string) => `{logic: AND, conditions: [${cond}]}`;
const expr = (e: string) => `{expr: ${e}}`;

function statuses(r: EvaluationResult): Record<string, string> {
  return Object.fromEntries(r.eval_trace.map((t) => [t.rule, t.status]));
}
function codes(r: EvaluationResult): string[] {
  return r.eval_warnings.map((w) => w.code);
}
const traced: EvaluateOptions = { as_of: AS_OF, trace: true };

describe('eval_trace', () => {
  const ev = evaluator([
    rule({
      name: 'A-001-false',
      priority: 1,
      when: expr('{and: [{eq: [{field: "tool.name"}, "exec"]}, {gt: [{field: "context.n"}, 5]}]}'),
    }),
    rule({
      name: 'A-002-match',
      priority: 2,
      when: simple('{field: "tool.name", operator: eq, value: "shell"}'),
      then: 'NOTIFY',
    }),
    rule({
      name: 'A-003-later',
      priority: 3,
      when: simple('{field: "tool.name", operator: exists}'),
    }),
    rule({
      name: 'B-001-off',
      ring: 1,
      enabled: false,
      when: simple('{field: "tool.name", operator: exists}'),
    }),
    rule({
      name: 'C-001-exempt',
      ring: 2,
      when: simple('{field: "tool.name", operator: exists}'),
      unless: simple('{field: "context.n", operator: gt, value: 1}'),
    }),
    rule({
      name: 'D-001-ratio',
      ring: 3,
      when: expr('{lt: [{div: [1, {field: "context.n"}]}, 0]}'),
    }),
  ]);
  const r = ev.evaluate({ tool: { name: 'shell' }, context: { n: 3 } }, traced);

  it('gives every rule a status, keeping not_reached apart from false', () => {
    expect(statuses(r)).toEqual({
      'A-001-false': 'false',
      'A-002-match': 'matched',
      'A-003-later': 'not_reached',
      'B-001-off': 'disabled',
      'C-001-exempt': 'exempted',
      'D-001-ratio': 'false',
    });
    expect(r.total_evaluated).toBe(4);
    expect(r.unless_exemptions).toEqual(['C-001-exempt']);
  });

  it('records node values; short-circuited nodes have none (a literal always shows its own)', () => {
    const a = r.eval_trace.find((t) => t.rule === 'A-001-false')!;
    const when = a.when!;
    expect(when.node).toBe('and');
    expect(when.value).toBe(false);
    const [eq, gt] = when.args as TraceNode[];
    expect(eq).toEqual({
      node: 'eq',
      value: false,
      args: [
        { node: 'field', path: 'tool.name', value: 'shell' },
        { node: 'literal', value: 'exec' },
      ],
    });
    expect(gt).not.toHaveProperty('value'); // never evaluated: and stopped at eq
    // Its field was never read; its literal is a value whether or not it was needed (issue #37).
    expect(gt!.args!.filter((n) => n.node !== 'literal').every((n) => !('value' in n))).toBe(true);
    expect(gt!.args!.filter((n) => n.node === 'literal').every((n) => 'value' in n)).toBe(true);
  });

  it('records computed values at output scale (E2) and the unless tree of an exempted rule', () => {
    const d = r.eval_trace.find((t) => t.rule === 'D-001-ratio')!;
    expect(d.when!.args![0]!.value).toBe(0.33333333333333);
    const c = r.eval_trace.find((t) => t.rule === 'C-001-exempt')!;
    expect(c.unless?.value).toBe(true);
    expect(c.when).toBeUndefined();
  });

  it('has no node trees for rules that were not evaluated', () => {
    for (const name of ['A-003-later', 'B-001-off']) {
      const t = r.eval_trace.find((x) => x.rule === name)!;
      expect(t.when).toBeUndefined();
    }
  });

  it('is a derived product: the decision and result hash are the same without it (E6)', () => {
    const plain = ev.evaluate({ tool: { name: 'shell' }, context: { n: 3 } }, { as_of: AS_OF });
    expect(plain.eval_trace).toEqual([]);
    expect(plain.decision).toBe(r.decision);
    expect(plain.result_hash).toBe(r.result_hash);
  });

  it('marks a DENY covered by a higher-override ALLOW, with the ruling', () => {
    const cov = evaluator([
      rule({
        name: 'X-001-deny',
        priority: 1,
        when: simple('{field: "tool.name", operator: exists}'),
      }),
      rule({
        name: 'X-002-allow',
        priority: 2,
        override: 'high',
        when: simple('{field: "tool.name", operator: exists}'),
        then: 'ALLOW',
      }),
    ]).evaluate({ tool: { name: 'shell' } }, traced);
    expect(cov.decision).toBe('ALLOW');
    const t = cov.eval_trace.find((x) => x.rule === 'X-001-deny')!;
    expect(t.status).toBe('covered');
    expect(t.note).toMatch(/higher override/);
    expect(cov.matched_rules).toEqual(['X-001-deny', 'X-002-allow']);
  });

  it('notes why rules after an EMERGENCY_HALT are not reached', () => {
    const halt = evaluator([
      rule({
        name: 'H-001-halt',
        when: simple('{field: "tool.name", operator: exists}'),
        then: 'EMERGENCY_HALT',
      }),
      rule({
        name: 'H-002-later',
        ring: 3,
        when: simple('{field: "tool.name", operator: exists}'),
      }),
    ]).evaluate({ tool: { name: 'shell' } }, traced);
    const later = halt.eval_trace.find((x) => x.rule === 'H-002-later')!;
    expect(later.status).toBe('not_reached');
    expect(later.note).toMatch(/EMERGENCY_HALT/);
  });
});

describe('E12 folding (I-31)', () => {
  const huge = 'x'.repeat(10_001);
  const cond = '{field: "context.s", operator: match, value: "y"}';
  it.each([
    ['Simple, blocking', simple(cond), 'DENY', false, 'error_fail_closed', 'DENY'],
    ['Simple, ALLOW', simple(cond), 'ALLOW', false, 'error_folded_false', 'DENY'],
    [
      'Expression, blocking',
      expr('{match: [{field: "context.s"}, "y"]}'),
      'DENY',
      false,
      'error_folded_false',
      'ALLOW',
    ],
    [
      'Expression, blocking, guard',
      expr('{match: [{field: "context.s"}, "y"]}'),
      'DENY',
      true,
      'error_fail_closed',
      'DENY',
    ],
    [
      'Expression, NOTIFY, guard',
      expr('{match: [{field: "context.s"}, "y"]}'),
      'NOTIFY',
      true,
      'error_folded_false',
      'X',
    ],
  ])('%s', (_label, when, then, guard, status, decision) => {
    const fallback = then === 'ALLOW' ? 'DENY' : 'ALLOW';
    const r = evaluator([rule({ name: 'E-001-r', when, then })], fallback).evaluate(
      { context: { s: huge } },
      { ...traced, guard },
    );
    expect(codes(r)).toEqual(['regex_input_limit', status]);
    expect(statuses(r)).toEqual({ 'E-001-r': status });
    expect(r.decision).toBe(decision === 'X' ? fallback : decision);
  });

  it('never exempts on an error in unless', () => {
    const r = evaluator([
      rule({
        name: 'U-001-r',
        when: simple('{field: "tool.name", operator: exists}'),
        unless: simple(cond),
      }),
    ]).evaluate({ tool: { name: 'a' }, context: { s: huge } }, traced);
    expect(r.decision).toBe('DENY');
    expect(r.unless_exemptions).toEqual([]);
    expect(codes(r)).toEqual(['regex_input_limit', 'error_folded_false']);
  });

  it('counts the regex input limit in code points, like length', () => {
    const emoji = '\u{1F600}'.repeat(10_000); // 20,000 UTF-16 units, 10,000 characters
    const ev = evaluator([
      rule({ name: 'E-001-r', when: expr('{match: [{field: "context.s"}, "y"]}') }),
    ]);
    expect(codes(ev.evaluate({ context: { s: emoji } }, traced))).toEqual([]);
    expect(codes(ev.evaluate({ context: { s: `${emoji}!` } }, traced))).toEqual([
      'regex_input_limit',
      'error_folded_false',
    ]);
  });
});

describe('evaluate() never throws on hostile facts', () => {
  const ev = evaluator([
    rule({
      name: 'H-001-exists',
      ring: 0,
      when: simple('{field: "context.a", operator: exists}'),
      then: 'NOTIFY',
    }),
    rule({
      name: 'H-002-any',
      ring: 1,
      when: expr('{any: [{field: "context.list"}, {gt: [{var: "$"}, 5]}]}'),
    }),
    rule({
      name: 'H-003-count',
      ring: 2,
      when: simple('{field: "context.list", operator: count_gt, value: 3}'),
    }),
    rule({ name: 'H-004-in', ring: 3, when: expr('{in: ["x", {field: "context.list"}]}') }),
    rule({
      name: 'H-005-amount',
      ring: 3,
      priority: 20,
      when: simple('{field: "context.amount", operator: gte, value: 0}'),
    }),
  ]);
  const run = (fact: unknown, opts: Partial<EvaluateOptions> = {}) =>
    ev.evaluate(fact, { ...traced, ...opts });

  it('deep nesting (100,000 levels) under a read field', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    const r = run({ context: { a: deep } });
    expect(r.decision).toBe('NOTIFY');
    expect(codes(r)).toEqual(['fact_invalid']); // hashed as null: nesting over 64 levels
  });

  it('a cyclic object: terminates, reports fact_invalid, decides on what the rules read', () => {
    const cyclic: Record<string, unknown> = { list: [1, 2] };
    cyclic.a = cyclic;
    const r = run({ context: cyclic });
    expect(r.decision).toBe('NOTIFY');
    expect(codes(r)).toEqual(['fact_invalid']);
    const t = r.eval_trace.find((x) => x.rule === 'H-001-exists')!;
    expect(JSON.stringify(t)).toContain('…'); // the trace cuts the cycle
  });

  it('arrays over 10,000 items are array_limit errors (E4), folded per E12', () => {
    const list = Array.from({ length: 10_001 }, () => 1);
    const r = run({ context: { list } });
    expect(statuses(r)).toMatchObject({
      'H-002-any': 'error_folded_false',
      'H-003-count': 'error_fail_closed',
      'H-004-in': 'error_folded_false',
    });
    expect(codes(r).filter((c) => c === 'array_limit')).toHaveLength(3);
    expect(r.decision).toBe('DENY');
  });

  it('a 1,000,000-item array is refused by its size, not walked (E4)', () => {
    const list = new Array(1_000_000).fill(0);
    const r = run({ context: { list } }, { trace: false });
    expect(codes(r)).toContain('array_limit');
  });

  it('nested quantifiers over 1,000 × 10,000 elements stop at the step budget (E4)', () => {
    const nested = evaluator([
      rule({
        name: 'S-001-nested',
        when: expr('{any: [{field: "context.a"}, {any: [{var: "$.b"}, {eq: [{var: "$"}, 1]}]}]}'),
      }),
    ]);
    const b = new Array(10_000).fill(0);
    const a = Array.from({ length: 1000 }, () => ({ b }));
    const r = nested.evaluate({ context: { a } }, { as_of: AS_OF, hash: false, guard: true });
    expect(codes(r)).toEqual(['step_limit', 'error_fail_closed']);
    expect(r.decision).toBe('DENY');
    // within the budget (9 × 10,000 + 9 visits) the same rule runs to the end
    const ok = nested.evaluate({ context: { a: a.slice(0, 9) } }, { as_of: AS_OF, hash: false });
    expect(codes(ok)).toEqual([]);
  });

  it('the step budget is per rule, not per evaluation', () => {
    const list = new Array(10_000).fill(0);
    const rules = Array.from({ length: 12 }, (_, i) =>
      rule({
        name: `S-${String(i + 1).padStart(3, '0')}-scan`,
        ring: 0,
        priority: i + 1,
        when: expr('{any: [{field: "context.list"}, {eq: [{var: "$"}, 1]}]}'),
      }),
    );
    const r = evaluator(rules).evaluate({ context: { list } }, { as_of: AS_OF, hash: false });
    expect(codes(r)).toEqual([]); // 12 × 10,000 visits in all, 10,000 per rule
    expect(r.total_evaluated).toBe(12);
  });

  it('exactly 10,000 items are allowed', () => {
    const r = run({ context: { list: Array.from({ length: 10_000 }, () => 9) } });
    expect(codes(r)).not.toContain('array_limit');
    expect(r.matched_rules).toContain('H-002-any');
  });

  it('NaN and Infinity never compare: reading one is fact_invalid (fails closed for Simple DENY)', () => {
    for (const amount of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      const r = run({ context: { amount } });
      expect(statuses(r)['H-005-amount']).toBe('error_fail_closed');
      expect(codes(r)).toEqual(['fact_invalid', 'error_fail_closed', 'fact_invalid']);
    }
  });

  it('NaN inside a list does not equal anything and is not aggregated', () => {
    const nan = evaluator([
      rule({
        name: 'N-001-in',
        when: expr('{in: [{field: "context.x"}, {field: "context.list"}]}'),
      }),
      rule({
        name: 'N-002-max',
        ring: 1,
        when: expr('{gte: [{aggregate: [max, {field: "context.list"}]}, 0]}'),
      }),
    ]).evaluate({ context: { x: 5, list: [Number.NaN] } }, traced);
    expect(nan.matched_rules).toEqual([]);
    expect(codes(nan)).toEqual(['type_mismatch', 'fact_invalid']);
  });

  it('getters and proxies that throw become internal_error, folded per E12', () => {
    const hostile = {
      get a(): unknown {
        throw new Error('boom');
      },
    };
    const r = run({ context: hostile });
    expect(statuses(r)['H-001-exists']).toBe('error_folded_false'); // NOTIFY: never fails closed
    expect(codes(r)).toEqual(expect.arrayContaining(['internal_error', 'fact_invalid']));
    const proxy = new Proxy(
      {},
      {
        get() {
          throw new Error('trap');
        },
        has() {
          throw new Error('trap');
        },
        ownKeys() {
          throw new Error('trap');
        },
        getOwnPropertyDescriptor() {
          throw new Error('trap');
        },
      },
    );
    expect(() => run({ context: proxy })).not.toThrow();
    expect(() => run(proxy)).not.toThrow();
  });

  // Ruling I-89: a fact that is not a mapping never gets the document's default (ALLOW here).
  // Every rule's evaluation is an error judged as in a Guard context: each blocking rule fails
  // closed; the cause is said once.
  it.each([null, undefined, 42, 'text', [], [1, 2], true])(
    'a root fact of %j fails closed',
    (fact) => {
      const r = run(fact);
      expect(r.decision).not.toBe('ALLOW');
      expect(r.decision).toBe('DENY');
      expect(codes(r).filter((c) => c === 'fact_invalid')).toHaveLength(1);
      expect(statuses(r)['H-002-any']).toBe('error_fail_closed');
      expect(statuses(r)['H-001-exists']).toBe('error_folded_false'); // NOTIFY is not blocking
      expect(run({}).decision).toBe('ALLOW');
    },
  );

  it('a "__proto__" path reads only an own key', () => {
    const proto = evaluator([
      rule({ name: 'P-001-proto', when: simple('{field: "context.__proto__", operator: exists}') }),
    ]);
    expect(proto.evaluate({ context: {} }, traced).decision).toBe('ALLOW');
    const own = JSON.parse('{"context": {"__proto__": 1}}');
    expect(proto.evaluate(own, traced).decision).toBe('DENY');
  });

  it('a polluted Object.prototype is never read: not its values, not its getters', () => {
    // The quick start's shape (a text and a number compared with literals: the specialised
    // closures), unindexed, indexed and traced; compiled before the pollution, built on first use.
    const doc = compileDocument(
      [
        'protocol: "erdl/v2"',
        'version: "2.1.0"',
        'metadata: {name: "t", decision: ALLOW}',
        'rules:',
        rule({
          name: 'P-002-refund',
          when: simple(
            '{field: "pp_tool.pp_name", operator: eq, value: "issue_refund"}, {field: "pp_tool.pp_args.pp_amount", operator: gt, value: 5000}',
          ),
          then: 'REQUEST_HUMAN',
        }),
        '',
      ].join('\n'),
    ).document;
    if (!doc) throw new Error('does not compile');
    const evaluators = [new Evaluator(doc), new Evaluator(doc, { index: true })];
    const full = { pp_tool: { pp_name: 'issue_refund', pp_args: { pp_amount: 9000 } } };
    const partial = [
      {},
      { pp_tool: {} },
      { pp_tool: { pp_args: { pp_amount: 9000 } } },
      { pp_tool: { pp_name: 'issue_refund' } },
      { pp_tool: { pp_name: 'issue_refund', pp_args: {} } },
    ];
    const decide = (fact: unknown) =>
      evaluators.flatMap((e) =>
        [{ as_of: AS_OF }, { as_of: AS_OF, hash: false }, traced].map((o) => e.evaluate(fact, o)),
      );
    for (const r of decide(full)) expect(r.decision).toBe('REQUEST_HUMAN');
    const inherited = {
      pp_tool: { pp_name: 'issue_refund', pp_args: { pp_amount: 9000 } },
      pp_name: 'issue_refund',
      pp_args: { pp_amount: 9000 },
      pp_amount: 9000,
    };
    const proto = Object.prototype as Record<string, unknown>;
    for (const getters of [false, true]) {
      let reads = 0;
      for (const [key, value] of Object.entries(inherited))
        Object.defineProperty(
          proto,
          key,
          getters
            ? {
                configurable: true,
                get() {
                  reads++;
                  return value;
                },
              }
            : { configurable: true, writable: true, value },
        );
      try {
        // The pollution is there: an ordinary read sees it.
        expect(({} as Record<string, unknown>).pp_amount).toBe(9000);
        reads = 0;
        for (const fact of partial)
          for (const r of decide(fact)) {
            expect(r.decision).toBe('ALLOW');
            expect(r.matched_rules).toEqual([]);
          }
        for (const r of decide(full)) expect(r.decision).toBe('REQUEST_HUMAN');
        expect(reads).toBe(0);
      } finally {
        for (const key of Object.keys(inherited)) delete proto[key];
      }
    }
  });

  it('a text compared with a literal is compared in NFC (E10), by the specialised closures too', () => {
    const e = evaluator([
      // One ring each: every rule is evaluated (a match decides only its own ring).
      rule({ name: 'N-001-eq', when: simple('{field: "c.s", operator: eq, value: "café"}') }),
      rule({
        name: 'N-002-ne',
        ring: 1,
        when: simple('{field: "c.s", operator: ne, value: "café"}'),
        then: 'NOTIFY',
      }),
      rule({
        name: 'N-003-kelvin',
        ring: 2,
        when: simple('{field: "c.k", operator: eq, value: "K"}'),
        then: 'REQUEST_HUMAN',
      }),
    ]);
    const matched = (fact: unknown, options: EvaluateOptions) =>
      e.evaluate(fact, options).matched_rules;
    for (const options of [{ as_of: AS_OF }, traced]) {
      expect(matched({ c: { s: 'café' } }, options)).toEqual(['N-001-eq']);
      expect(matched({ c: { s: 'cafe\u0301' } }, options)).toEqual(['N-001-eq']);
      expect(matched({ c: { s: 'cafe' } }, options)).toEqual(['N-002-ne']);
      expect(matched({ c: { s: 'cafe\u0301s' } }, options)).toEqual(['N-002-ne']);
      // U+212A KELVIN SIGN is "K" in NFC: another text, the same after normalization.
      expect(matched({ c: { s: 'café', k: '\u212a' } }, options)).toEqual([
        'N-001-eq',
        'N-003-kelvin',
      ]);
    }
  });

  it('a field path of any length reads only own keys, the NFC key on a miss, through lists, refusing non-finite numbers', () => {
    // Paths of 1, 2 and 3 segments have readers of their own (nodes.ts restReader), longer ones
    // and values that are not plain mappings on the way go through walkPath: the same reads.
    const decide = (path: string, fact: unknown) =>
      [
        { as_of: AS_OF, hash: false },
        { ...traced, hash: false },
      ].map((options) => {
        const r = evaluator([
          rule({ name: 'F-001-one', when: simple(`{field: "${path}", operator: eq, value: 1}`) }),
        ]).evaluate(fact, options);
        return [r.decision, ...codes(r)].join(' ');
      });
    const withNull = (fields: Record<string, unknown>) =>
      Object.assign(Object.create(null) as Record<string, unknown>, fields);
    const cases: [string, unknown, string][] = [
      ['a', { a: 1 }, 'DENY'],
      ['a', { a: 2 }, 'ALLOW'],
      ['a', withNull({ a: 1 }), 'DENY'],
      ['a', { a: Number.NaN }, 'DENY fact_invalid error_fail_closed'],
      ['é', { 'e\u0301': 1 }, 'DENY'],
      ['é.b', { 'e\u0301': { b: 1 } }, 'DENY'],
      ['c.é', { c: { 'e\u0301': 1 } }, 'DENY'],
      ['c.d', { c: 'text' }, 'ALLOW'],
      ['c.d', { c: null }, 'ALLOW'],
      ['c.0', { c: [1] }, 'DENY'],
      ['c.d', { c: withNull({ d: 1 }) }, 'DENY'],
      ['c.d', { c: { d: Number.POSITIVE_INFINITY } }, 'DENY fact_invalid error_fail_closed'],
      ['d.e.é', { d: { e: { 'e\u0301': 1 } } }, 'DENY'],
      ['d.é.f', { d: { 'e\u0301': { f: 1 } } }, 'DENY'],
      ['d.e.f', { d: { e: 'text' } }, 'ALLOW'],
      ['d.e.f', { d: withNull({ e: { f: 1 } }) }, 'DENY'],
      ['d.e.f', { d: { e: withNull({ f: 1 }) } }, 'DENY'],
      ['d.0.f', { d: [{ f: 1 }] }, 'DENY'],
      ['d.e.0', { d: { e: [1] } }, 'DENY'],
      [
        'd.e.f',
        { d: { e: { f: Number.NEGATIVE_INFINITY } } },
        'DENY fact_invalid error_fail_closed',
      ],
      ['n.m.o.p', { n: { m: { o: { p: 1 } } } }, 'DENY'],
      ['n.m.o.é', { n: { m: { o: { 'e\u0301': 1 } } } }, 'DENY'],
      ['n.m.o.p', { n: { m: { o: { p: Number.NaN } } } }, 'DENY fact_invalid error_fail_closed'],
      // Keys an exact number or a date has as its own: a mapping's fields like any other, and
      // nothing in an exact number, whatever the key (restReader's VALUE_KEYS).
      ['c.n', { c: { n: 1 } }, 'DENY'],
      ['c.written', { c: { written: 1 } }, 'DENY'],
      ['c.d.ms', { c: { d: { ms: 1 } } }, 'DENY'],
      ['c.n', { c: exactJsonNumber('9007199254740993', 0) }, 'ALLOW'],
      ['c.x', { c: exactJsonNumber('9007199254740993', 0) }, 'ALLOW'],
      ['c.é', { c: exactJsonNumber('9007199254740993', 0) }, 'ALLOW'],
      ['c.d.n', { c: { d: exactJsonNumber('9007199254740993', 0) } }, 'ALLOW'],
      ['c.d.x', { c: { d: exactJsonNumber('9007199254740993', 0) } }, 'ALLOW'],
    ];
    for (const [path, fact, want] of cases)
      expect(decide(path, fact), `${path} in ${JSON.stringify(fact)}`).toEqual([want, want]);
    // An exact number's own keys (its digits) are never read as fields.
    const exists = (path: string, fact: unknown) =>
      evaluator([
        rule({ name: 'F-002-exists', when: simple(`{field: "${path}", operator: exists}`) }),
      ]).evaluate(fact, { as_of: AS_OF, hash: false }).decision;
    const exact = exactJsonNumber('9007199254740993', 0);
    for (const key of ['n', 'd', 'written', 'x']) {
      expect(exists(`c.${key}`, { c: exact }), key).toBe('ALLOW');
      expect(exists(`c.b.${key}`, { c: { b: exact } }), key).toBe('ALLOW');
      expect(exists(`c.${key}`, { c: { [key]: 1 } }), key).toBe('DENY');
      expect(exists(`c.b.${key}`, { c: { b: { [key]: 1 } } }), key).toBe('DENY');
    }
  });

  it('an exact fact number has no fields: a path through it reads nothing (not its digits)', () => {
    const e = evaluator([
      rule({ name: 'X-001-exact', when: expr('{in: [{field: c.d}, {field: c.d}]}') }),
      rule({ name: 'X-002-exact', when: simple('{field: c.n, operator: exists}') }),
    ]);
    const fact = { c: exactJsonNumber('9007199254740993', 0) };
    for (const options of [traced, { as_of: AS_OF }]) {
      const r = e.evaluate(fact, options);
      expect(r.decision).toBe('ALLOW');
      expect(r.matched_rules).toEqual([]);
    }
  });
});

describe('result hash', () => {
  const ev = evaluator([
    rule({ name: 'R-001-big', when: simple('{field: "context.amount", operator: gt, value: 10}') }),
  ]);
  const hash = (fact: unknown, as_of = AS_OF) => ev.evaluate(fact, { as_of }).result_hash;

  it('is stable: the same input twice gives the same result (E1)', () => {
    const fact = { context: { amount: 12.5, tags: ['a'] } };
    expect(ev.evaluate(fact, traced)).toEqual(ev.evaluate(fact, traced));
  });

  it('ignores key order and NFC spelling, not values', () => {
    expect(hash({ context: { amount: 1, b: 'é' } })).toBe(
      hash({ context: { b: 'e\u0301', amount: 1 } }),
    );
    expect(hash({ context: { amount: 1 } })).not.toBe(hash({ context: { amount: 2 } }));
    expect(hash({ context: { amount: 1 } })).not.toBe(hash({ context: { amount: '1' } }));
  });

  it('normalizes as_of to UTC', () => {
    expect(hash({}, '2026-09-03T08:00:00+08:00')).toBe(hash({}, '2026-09-03'));
  });

  it('hashes each as_of as a fresh evaluator does, whatever instants came before (its ISO text is cached)', () => {
    const fresh = (fact: unknown, as_of: string) =>
      evaluator([
        rule({
          name: 'R-001-big',
          when: simple('{field: "context.amount", operator: gt, value: 10}'),
        }),
      ]).evaluate(fact, { as_of }).result_hash;
    const later = '2026-12-01T00:00:00Z';
    for (const as_of of [AS_OF, later, AS_OF, AS_OF, later])
      expect(hash({ context: { amount: 1 } }, as_of)).toBe(
        fresh({ context: { amount: 1 } }, as_of),
      );
    // A fact whose getter evaluates again with another instant (on its first read, by the rule,
    // between the outer as_of's read and its hash): each result is hashed with its own instant.
    let reads = 0;
    const reentrant = {
      context: {
        get amount() {
          if (reads++ === 0) hash({}, later);
          return 1;
        },
      },
    };
    expect(hash(reentrant, AS_OF)).toBe(fresh({ context: { amount: 1 } }, AS_OF));
    expect(hash({ context: { amount: 1 } }, later)).toBe(fresh({ context: { amount: 1 } }, later));
  });

  it('hashes a fact whose getter evaluates again on every read as the plain fact (the canonical writer re-entered)', () => {
    const plain = { context: { amount: 1, note: 'x' } };
    let inner = '';
    const reentrant = {
      context: {
        get amount() {
          // Read by the rule, by the fact's check and by the hash's writer, mid-write.
          inner = hash({ context: { amount: 2 } }, '2026-12-01T00:00:00Z');
          return 1;
        },
        note: 'x',
      },
    };
    expect(hash(reentrant)).toBe(hash(plain));
    expect(inner).toBe(hash({ context: { amount: 2 } }, '2026-12-01T00:00:00Z'));
  });

  it('hashes non-integer numbers (RFC 8785 number form)', () => {
    expect(hash({ context: { amount: 0.1 } })).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(hash({ context: { amount: 0.1 } })).not.toBe(hash({ context: { amount: 0.2 } }));
  });

  it('is empty when not asked for', () => {
    expect(ev.evaluate({}, { as_of: AS_OF, hash: false }).result_hash).toBe('');
  });
});

describe('jcs (RFC 8785)', () => {
  it.each([
    [0.1, '0.1'],
    [-0, '0'],
    [1e21, '1e+21'],
    [1e-7, '1e-7'],
    [123456789012345680000, '123456789012345680000'],
    [4.5, '4.5'],
    [-1.5e-300, '-1.5e-300'],
  ])('number %d → %s', (n, text) => {
    expect(canonicalJson(n)).toBe(text);
  });

  it('sorts keys by UTF-16 code units and drops undefined', () => {
    expect(
      canonicalJson({ b: 1, a: [true, null, 'x'], '\u{1F600}': 1, '\uFFFF': 2, c: undefined }),
    ).toBe('{"a":[true,null,"x"],"b":1,"\u{1F600}":1,"\uFFFF":2}');
  });

  it('never confuses two key sets (fact keys may contain any character)', () => {
    expect(canonicalJson({ 'a\u0000b': 1, c: 2 })).toBe('{"a\\u0000b":1,"c":2}');
    expect(canonicalJson({ a: 1, 'b\u0000c': 2 })).toBe('{"a":1,"b\\u0000c":2}');
  });

  it('refuses what JSON cannot hold', () => {
    expect(() => canonicalJson(Number.NaN)).toThrow();
    expect(() => canonicalJson(1n)).toThrow();
  });
});
