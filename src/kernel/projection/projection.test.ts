// Projections between the writing forms (§5.1): tree → Expression, tree → Simple, rules ↔ table,
// the whole-document conversion and its refusals. Every successful conversion here is also
// checked by the converter itself (checkConversion); the tests assert the text and the hashes.
import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile';
import type { CompiledDocument } from '../document/compiled';
import { ruleDocument } from '../tree/test-support';
import type { ExprNode } from '../tree/types';
import {
  type ConvertOptions,
  type ConvertResult,
  convertDocument,
  decimalText,
  projectExpression,
  projectSimple,
  simpleFromTree,
} from './index';

const HEADER = [
  'protocol: "erdl/v2"',
  'version: "2.1.0"',
  'metadata:',
  '  name: "test"',
  '  decision: ALLOW',
  'rules:',
];

/** A document with the given rule entries (each a list of lines, indented as under `rules:`). */
function docOf(...rules: string[][]): string {
  return `${[...HEADER, ...rules.flat()].join('\n')}\n`;
}

/** A rule entry; `when` lines are placed under `when:`. */
function rule(
  name: string,
  when: string[],
  opts: {
    then?: string;
    priority?: number;
    extra?: string[];
    before?: string[];
    after?: string[];
  } = {},
): string[] {
  return [
    `  - name: "${name}"`,
    '    description: "test rule"',
    ...(opts.before ?? []),
    `    priority: ${opts.priority ?? 10}`,
    ...(opts.after ?? []),
    '    when:',
    ...when.map((l) => `      ${l}`),
    `    then: ${opts.then ?? 'NOTIFY'}`,
    ...(opts.extra ?? []),
  ];
}

function compiled(text: string): CompiledDocument {
  const r = compileDocument(text);
  if (!r.document)
    throw new Error(r.diagnostics.map((d) => `${d.code} ${d.message.en}`).join('\n'));
  return r.document;
}

function treeOf(when: string): ExprNode {
  const d = compiled(ruleDocument(when));
  return (d.rules[0] as { when: ExprNode }).when;
}

function converted(text: string, options: ConvertOptions): string {
  const r = convertDocument(text, options);
  if (!r.ok) throw new Error(JSON.stringify(r, null, 2));
  return r.output;
}

function refusals(r: ConvertResult): string[] {
  if (r.ok || r.kind !== 'refused') throw new Error(`expected a refusal, got ${JSON.stringify(r)}`);
  return r.refusals.map((x) => `${x.rule} ${x.code}`);
}

const hashes = (text: string) => compiled(text).rules.map((r) => r.hash);

describe('decimalText: the shortest exact decimal of a canonical number', () => {
  it.each([
    ['5000.00000000000000', '5000'],
    ['0.15000000000000', '0.15'],
    ['-12.50000000000000', '-12.5'],
    ['0.00000000000000', '0'],
    ['0.00000000000001', '0.00000000000001'],
    [
      '123456789012345678901234567890.12345678901234',
      '123456789012345678901234567890.12345678901234',
    ],
  ])('%s → %s', (canonical, text) => {
    expect(decimalText(canonical)).toBe(text);
  });

  it('re-canonicalizes to the same value (numbers written bare, never quoted)', () => {
    const when = 'expr: {in: [{field: "context.x"}, [5000, 0.1, -0.5, 1e-14, 1e29, 0x1F]]}';
    const tree = treeOf(when);
    const yaml = projectExpression(tree);
    expect(yaml).toContain(
      '[5000, 0.1, -0.5, 0.00000000000001, 100000000000000000000000000000, 31]',
    );
    expect(treeOf(yaml.replace(/^when:\n/, '').replace(/^ {2}/gm, ''))).toEqual(tree);
  });
});

describe('tree → Expression', () => {
  it('writes every node of docs/expression-syntax.md and compiles back to the same tree', () => {
    const when = [
      'expr:',
      '  and:',
      '    - {gt: [{days_between: [{field: "context.a"}, {field: "context.b"}]}, 30]}',
      '    - {lt: [{date_add: [{field: "context.c"}, "720h"]}, "2026-07-01T00:00:00Z"]}',
      '    - {in: [{date_part: [weekday, {field: "context.d"}]}, [6, 7]]}',
      '    - {eq: [{field: "context.e"}, {month_last_day: {field: "context.e"}}]}',
      '    - {lt: [{epoch_ms: {field: "context.f"}}, 1767225600000]}',
      '    - {gt: [{round: [{div: [{sub: [{field: "context.p"}, {field: "context.c"}]}, {field: "context.p"}]}, 4]}, 0.35]}',
      '    - {eq: [{round: {mul: [{field: "context.q"}, 2]}}, 100]}',
      '    - {any: [{field: "context.items"}, {all: [{var: "$.lines"}, {gt: [{var: "$.qty"}, 0]}]}]}',
      '    - {none: [{field: "context.files"}, {ends_with: [{var: "$.name"}, ".exe"]}]}',
      '    - {gte: [{aggregate: [sum, {field: "context.l"}, {var: "$.amount"}]}, 10000]}',
      '    - {not: {between: [{add: [{field: "context.x"}, 1]}, 0, 9.5]}}',
      '    - {eq: [{length: [["a", "b"]]}, 2]}',
      '    - within: ["90s", {or: [{exists: {field: "tool.name"}}, {match: [{field: "tool.name"}, "^a\\\\.b$"]}]}]',
      '    - rate: ["5/1d", {ne: [{field: "tool.name"}, null]}]',
    ].join('\n');
    const tree = treeOf(when);
    const yaml = projectExpression(tree);
    expect(yaml).toContain('{date_part: [weekday, {field: "context.d"}]}');
    expect(yaml).toContain('{date_add: [{field: "context.c"}, "30d"]}');
    expect(yaml).toContain('{aggregate: [sum, {field: "context.l"}, {var: "$.amount"}]}');
    expect(yaml).toContain('{round: {mul: [{field: "context.q"}, 2]}}');
    expect(yaml).toContain('{length: [["a", "b"]]}');
    expect(yaml).toMatch(/within:\n\s+- "90s"\n/);
    expect(yaml).toContain('{rate: ["5/1d", {ne: [{field: "tool.name"}, null]}]}');
    expect(treeOf(yaml.replace(/^when:\n/, '').replace(/^ {2}/gm, ''))).toEqual(tree);
  });

  it('writes literal true as when: "true"', () => {
    expect(projectExpression({ node: 'literal', type: 'boolean', value: true })).toBe(
      'when: "true"',
    );
  });

  it('escapes strings so they read back exactly (quotes, backslashes, controls, DEL, U+2028)', () => {
    const value = 'a"b\\c\nd\te\u007ff\u2028g\u0085h😀é';
    const tree: ExprNode = {
      node: 'eq',
      args: [
        { node: 'field', path: 'context.s' },
        { node: 'literal', type: 'string', value },
      ],
    };
    const yaml = projectExpression(tree);
    expect(yaml).toContain('\\u007f');
    expect(yaml).toContain('\\u2028');
    expect(yaml).toContain('\\u0085');
    expect(treeOf(yaml.replace(/^when:\n {2}/, ''))).toEqual(tree);
  });
});

describe('tree → Simple: the exact §5.2 compiled shapes', () => {
  it('recovers the grouping of guards flattened into a Simple AND', () => {
    // and(exists(f), not(in(f, L)), eq(g, 1)) is [not_in f L, eq g 1]
    const tree = treeOf(
      'expr: {and: [{exists: {field: "context.f"}}, {not: {in: [{field: "context.f"}, ["x"]]}}, {eq: [{field: "context.g"}, 1]}]}',
    );
    const s = simpleFromTree(tree);
    expect(
      s.ok && s.when.kind === 'conditions' && s.when.conditions.map((c) => c.operator),
    ).toEqual(['not_in', 'eq']);
  });

  it('splits exists / not_exists / guards deterministically', () => {
    const when = [
      'logic: AND',
      'conditions:',
      '  - {field: "context.f", operator: exists}',
      '  - {field: "context.f", operator: not_in, value: ["a"]}',
      '  - {field: "context.f", operator: not_exists}',
      '  - {field: "context.f", operator: exists}',
      '  - {field: "context.f", operator: length_gt, value: 2}',
      '  - {field: "context.g", operator: exists}',
      '  - {field: "context.f", operator: count_lt, value: 3}',
    ].join('\n');
    const s = simpleFromTree(treeOf(when));
    expect(
      s.ok && s.when.kind === 'conditions' && s.when.conditions.map((c) => c.operator),
    ).toEqual(['exists', 'not_in', 'not_exists', 'exists', 'length_gt', 'exists', 'count_lt']);
  });

  it('a single condition and a guarded condition under OR', () => {
    const one = projectSimple(
      treeOf(
        'expr: {and: [{exists: {field: "context.f"}}, {gt: [{length: {field: "context.f"}}, 3]}]}',
      ),
    );
    expect(one).toEqual({
      ok: true,
      yaml: [
        'when:',
        '  logic: AND',
        '  conditions:',
        '    - field: "context.f"',
        '      operator: length_gt',
        '      value: 3',
      ].join('\n'),
    });
    const or = simpleFromTree(
      treeOf(
        'expr: {or: [{and: [{exists: {field: "context.t"}}, {not: {between: [{field: "context.t"}, 1, 3]}}]}, {within: ["10m", {eq: [{field: "tool.name"}, "x"]}]}]}',
      ),
    );
    expect(or).toMatchObject({
      ok: true,
      when: {
        logic: 'OR',
        conditions: [
          { field: 'context.t', operator: 'not_between' },
          { field: 'tool.name', operator: 'eq', modifier: { kind: 'within', window: '10m' } },
        ],
      },
    });
  });

  it('literal true is when: "true"', () => {
    expect(projectSimple({ node: 'literal', type: 'boolean', value: true })).toEqual({
      ok: true,
      yaml: 'when: "true"',
    });
  });

  it.each([
    [
      'arithmetic',
      '{gt: [{add: [{field: "context.a"}, 1]}, 2]}',
      'simple/not-a-condition',
      'its first operand is the add node, not a field',
    ],
    [
      'field vs field',
      '{gt: [{field: "context.a"}, {field: "context.b"}]}',
      'simple/value',
      'needs a number or a string',
    ],
    [
      'quantifier',
      '{any: [{field: "context.a"}, {gt: [{var: "$"}, 1]}]}',
      'simple/not-a-condition',
      'the any node',
    ],
    [
      'and inside or',
      '{or: [{and: [{exists: {field: "context.a"}}, {exists: {field: "context.b"}}]}, {exists: {field: "context.c"}}]}',
      'simple/nested-logic',
      'operand 1 of 2 of the top-level or',
    ],
    [
      'or inside and',
      '{and: [{exists: {field: "context.a"}}, {or: [{exists: {field: "context.b"}}, {exists: {field: "context.c"}}]}]}',
      'simple/nested-logic',
      'operand 2 of 2 of the top-level and',
    ],
    [
      'unguarded not(in)',
      '{not: {in: [{field: "context.a"}, ["x"]]}}',
      'simple/missing-guard',
      'exists: {field: "context.a"}',
    ],
    [
      'guard on another field',
      '{and: [{exists: {field: "context.b"}}, {not: {in: [{field: "context.a"}, ["x"]]}}]}',
      'simple/missing-guard',
      'operand 2 of 2',
    ],
    [
      'unguarded length',
      '{gt: [{length: {field: "context.a"}}, 2]}',
      'simple/missing-guard',
      'exists guard',
    ],
    [
      'not(eq)',
      '{and: [{exists: {field: "context.a"}}, {not: {eq: [{field: "context.a"}, 1]}}]}',
      'simple/not-a-condition',
      'not(eq(…))',
    ],
    [
      'not(match)',
      '{and: [{exists: {field: "context.a"}}, {not: {match: [{field: "context.a"}, "x"]}}]}',
      'simple/not-a-condition',
      'not(match(…))',
    ],
    [
      'count_eq',
      '{and: [{exists: {field: "context.a"}}, {eq: [{aggregate: [count, {field: "context.a"}]}, 2]}]}',
      'simple/not-a-condition',
      'no Simple operator count_eq',
    ],
    [
      'length vs 2.5',
      '{and: [{exists: {field: "context.a"}}, {gt: [{length: {field: "context.a"}}, 2.5]}]}',
      'simple/value',
      'not a non-negative integer',
    ],
    [
      'literal first',
      '{eq: ["x", {field: "context.a"}]}',
      'simple/not-a-condition',
      'its first operand is the constant "x", not a field',
    ],
    [
      'modifier around and',
      '{within: ["10m", {and: [{exists: {field: "context.a"}}, {exists: {field: "context.b"}}]}]}',
      'simple/modifier',
      'within wraps',
    ],
    [
      'negated modifier',
      '{not: {within: ["10m", {exists: {field: "context.a"}}]}}',
      'simple/modifier',
      'can only wrap a whole condition',
    ],
    ['a bare field', '{field: "context.is_ok"}', 'simple/not-a-condition', 'a bare field'],
    ['literal false', 'false', 'simple/not-a-condition', 'the constant false'],
  ])('refuses %s', (_label, expr, code, text) => {
    const s = simpleFromTree(treeOf(`expr: ${expr}`));
    expect(s.ok).toBe(false);
    if (s.ok) return;
    expect(s.reason.code).toBe(code);
    expect(s.reason.message.en).toContain(text);
    expect(s.reason.message.zh.length).toBeGreaterThan(0);
  });

  it('refuses a tree over the Grade A limits (Simple is Grade A, E4)', () => {
    const items = Array.from({ length: 22 }, (_, i) => `{eq: [{field: "context.f${i}"}, ${i}]}`);
    const s = simpleFromTree(treeOf(`expr: {and: [${items.join(', ')}]}`));
    expect(s).toMatchObject({ ok: false, reason: { code: 'simple/grade-limit' } });
    if (!s.ok)
      expect(s.reason.message.en).toContain('node count is 67, over the Grade A limit of 64');
  });
});

describe('convertDocument: Simple ↔ Expression', () => {
  const quickstart = docOf(
    rule(
      'SEC-001-refund-limit',
      [
        'logic: AND',
        'conditions:',
        '  - field: "tool.name"',
        '    operator: eq',
        '    value: "issue_refund"',
        '  - field: "tool.args.amount"',
        '    operator: gt',
        '    value: 5000',
      ],
      {
        then: 'REQUEST_HUMAN',
        extra: ['    message: "Refund amount over 5000, human approval required"'],
      },
    ),
  );

  it('the §10.1 Quick Start to Expression and back, same hash, same text', () => {
    const expr = converted(quickstart, { to: 'expr' });
    expect(expr).toContain(
      [
        '    when:',
        '      expr:',
        '        and:',
        '          - {eq: [{field: "tool.name"}, "issue_refund"]}',
        '          - {gt: [{field: "tool.args.amount"}, 5000]}',
      ].join('\n'),
    );
    expect(hashes(expr)).toEqual(hashes(quickstart));
    expect(hashes(expr)[0]).toBe(
      'sha256:9f2fa88608200fee2cc16ddf688c2dae8fbb035ce27d964ac8206f98d6ae9a40',
    );
    expect(converted(expr, { to: 'simple' })).toBe(quickstart);
  });

  it('keeps every other field, converts unless too, keeps gloss (the tree is unchanged)', () => {
    const text = docOf(
      rule('SEC-002-x', ['expr: {eq: [{field: "tool.name"}, "shell"]}'], {
        then: DENY_THEN,
        before: ['    category: security'],
        extra: [
          '    message: "no shell"',
          '    unless:',
          '      expr: {in: [{field: "agent.role"}, ["admin", "root"]]}',
          '    explanation:',
          '      zh: "解释"',
          '      en: "why"',
          '    legal_basis: "Art. 5"',
          '    gloss: "when tool name equals shell, deny"',
        ],
      }),
    );
    const simple = converted(text, { to: 'simple' });
    expect(simple).toContain(
      '    unless:\n      logic: AND\n      conditions:\n        - field: "agent.role"',
    );
    expect(simple).toContain('    category: security\n');
    expect(simple).toContain('    explanation:\n      zh: "解释"\n      en: "why"\n');
    expect(simple).toContain('    gloss: "when tool name equals shell, deny"\n');
    expect(compiled(simple).hash).toBe(compiled(text).hash);
  });

  it('converts only the --rule entry; the others are written back with the same values', () => {
    const text = docOf(
      rule('TST-001-a', ['expr: {exists: {field: "context.a"}}']),
      rule('TST-002-b', ['expr: {exists: {field: "context.b"}}'], {
        after: ['    override: high', '    ring: 2', '    enabled: false'],
      }),
    );
    const out = converted(text, { to: 'simple', rules: ['TST-002-b'] });
    expect(out).toContain('      expr: {exists: {field: "context.a"}}');
    expect(out).toContain('    override: high\n    ring: 2\n    enabled: false\n');
    expect(out).toContain('        - field: "context.b"\n          operator: exists');
    expect(compiled(out).hash).toBe(compiled(text).hash);
  });

  it('refuses, per rule, what Simple cannot say — in when or in unless', () => {
    const text = docOf(
      rule('TST-001-a', ['expr: {gt: [{add: [{field: "context.a"}, 1]}, 2]}']),
      rule('TST-002-b', ['expr: {exists: {field: "context.b"}}'], {
        extra: ['    unless:', '      expr: {not: {eq: [{field: "context.c"}, 1]}}'],
      }),
      rule('TST-003-c', ['expr: {exists: {field: "context.c"}}']),
    );
    const r = convertDocument(text, { to: 'simple' });
    expect(refusals(r)).toEqual([
      'TST-001-a simple/not-a-condition',
      'TST-002-b simple/not-a-condition',
    ]);
    if (!r.ok && r.kind === 'refused')
      expect(r.refusals.map((x) => x.part)).toEqual(['when', 'unless']);
  });

  it('reads JSON input and writes YAML', () => {
    const json = JSON.stringify({
      protocol: 'erdl/v2',
      version: '2.1.0',
      metadata: { name: 'j', decision: 'ALLOW', tags: ['a', 'b'] },
      rules: [
        {
          name: 'TST-001-json',
          description: 'json',
          priority: 10,
          when: { logic: 'OR', conditions: [{ field: 'context.a', operator: 'gte', value: 1e3 }] },
          then: 'NOTIFY',
        },
      ],
    });
    const out = converted(json, { to: 'expr' });
    expect(out).toContain('  tags: ["a", "b"]\n');
    expect(out).toContain('      expr: {gte: [{field: "context.a"}, 1000]}\n');
    expect(compiled(out).hash).toBe(compiled(json).hash);
  });

  it('normalizes presentation only: quoted keywords, bare strings, block scalars, when: true', () => {
    const text = [
      ...HEADER.slice(0, 3),
      '  name: test',
      '  decision: "ALLOW"',
      'rules:',
      '  - name: "TST-001-a"',
      '    description: |',
      '      two',
      '      lines',
      '    priority: 10',
      '    when: true',
      '    then: "NOTIFY"',
      '',
    ].join('\n');
    const out = converted(text, { to: 'table', rules: [] });
    expect(out).toBe(
      docOf([
        '  - name: "TST-001-a"',
        '    description: "two\\nlines\\n"',
        '    priority: 10',
        '    when: "true"',
        '    then: NOTIFY',
      ]).replace('name: "test"', 'name: "test"'),
    );
  });
});

const DENY_THEN = 'DENY';

describe('convertDocument: rules ↔ decision table', () => {
  const amount = (op: string, v: number) => [
    'logic: AND',
    'conditions:',
    `  - {field: "context.amount", operator: ${op}, value: ${v}}`,
  ];

  it('Simple rules with AND logic → one table (columns in first-appearance order) and back', () => {
    const text = docOf(
      rule('FIN-001-big', amount('gte', 10000), {
        then: 'REQUEST_HUMAN',
        extra: ['    message: "big"'],
      }),
      rule(
        'FIN-002-eu',
        [
          'logic: AND',
          'conditions:',
          '  - {field: "context.amount", operator: gte, value: 5000}',
          '  - {field: "context.region", operator: not_in, value: ["eu"]}',
        ],
        { then: 'ESCALATE', extra: ['    message: "mid"'] },
      ),
      rule('FIN-003-path', [
        'logic: AND',
        'conditions:',
        '  - {field: "context.region", operator: exists}',
      ]),
      rule('FIN-004-rest', ['"true"'], { then: 'NOTIFY' }),
    );
    const table = converted(text, { to: 'table' });
    expect(table).toBe(
      docOf([
        '  - name: "FIN-001-big"',
        '    description: "test rule"',
        '    priority: 10',
        '    when:',
        '      kind: decision_table',
        '      columns:',
        '        - field: "context.amount"',
        '        - field: "context.region"',
        '      rows:',
        '        # FIN-001-big: test rule',
        '        - when: [[gte, 10000], "-"]',
        '          then: REQUEST_HUMAN',
        '          message: "big"',
        '        # FIN-002-eu: test rule',
        '        - when: [[gte, 5000], [not_in, ["eu"]]]',
        '          then: ESCALATE',
        '          message: "mid"',
        '        # FIN-003-path: test rule',
        '        - when: ["-", [exists]]',
        '          then: NOTIFY',
        '        # FIN-004-rest: test rule',
        '        - when: []',
        '          then: NOTIFY',
      ]),
    );
    expect(hashes(table)).toEqual(hashes(text));
    const back = converted(table, { to: 'simple' });
    expect(compiled(back).rules.map((r) => r.name)).toEqual([
      'FIN-001-big-r1',
      'FIN-001-big-r2',
      'FIN-001-big-r3',
      'FIN-001-big-r4',
    ]);
    expect(hashes(back)).toEqual(hashes(text));
  });

  it('chooses a column order every row can follow when first appearance does not', () => {
    const text = docOf(
      rule('TST-001-a', [
        'expr: {and: [{exists: {field: "context.a"}}, {exists: {field: "context.c"}}]}',
      ]),
      rule('TST-002-b', [
        'expr: {and: [{exists: {field: "context.b"}}, {exists: {field: "context.c"}}]}',
      ]),
    );
    const table = converted(text, { to: 'table' });
    expect(table).toContain(
      '        - field: "context.a"\n        - field: "context.b"\n        - field: "context.c"\n',
    );
    expect(hashes(table)).toEqual(hashes(text));
  });

  it('a table already a table is written back as it is, with row priorities and labels', () => {
    const text = docOf([
      '  - name: "FIN-001-routing"',
      '    description: "Route refunds by amount"',
      '    priority: 20',
      '    when:',
      '      kind: decision_table',
      '      columns:',
      '        - field: "context.amount"',
      '          label: {zh: "金额", en: "amount"}',
      '      rows:',
      '        - when: [[gte, 10000]]',
      '          then: REQUEST_HUMAN',
      '          priority: 1',
      '          message: "big"',
      '        - when: []',
      '          then: ALLOW',
      '          priority: 2',
      '          instruction: "go ahead"',
    ]);
    expect(converted(text, { to: 'table' })).toBe(text);
    const expr = converted(text, { to: 'expr' });
    expect(expr).toContain('  - name: "FIN-001-routing-r2"\n');
    expect(expr).toContain('    when: "true"\n    then: ALLOW\n    instruction: "go ahead"\n');
    // Back to one table: the labels of the source table are gone with it, the rows come back.
    const again = converted(expr, { to: 'table' });
    expect(hashes(again)).toEqual(hashes(text));
    expect(compiled(again).rules.map((r) => r.name)).toEqual([
      'FIN-001-routing-r1#1',
      'FIN-001-routing-r1#2',
    ]);
  });

  it('merging a table with rules keeps its column labels', () => {
    const text = docOf(
      [
        '  - name: "FIN-001-routing"',
        '    description: "Route"',
        '    priority: 10',
        '    when:',
        '      kind: decision_table',
        '      columns:',
        '        - field: "context.amount"',
        '          label: "amount"',
        '      rows:',
        '        - when: [[gte, 10000]]',
        '          then: NOTIFY',
      ],
      rule('FIN-002-eu', [
        'logic: AND',
        'conditions:',
        '  - {field: "context.region", operator: eq, value: "eu"}',
      ]),
    );
    const table = converted(text, { to: 'table' });
    expect(table).toContain(
      '        - field: "context.amount"\n          label: "amount"\n        - field: "context.region"\n',
    );
    expect(table).toContain('        - when: [[gte, 10000], "-"]\n');
    expect(table).toContain('        # FIN-002-eu: test rule\n        - when: ["-", [eq, "eu"]]\n');
    expect(hashes(table)).toEqual(hashes(text));
  });

  it.each([
    [
      'OR logic',
      [
        rule('TST-001-a', [
          'logic: OR',
          'conditions:',
          '  - {field: "context.a", operator: exists}',
          '  - {field: "context.b", operator: exists}',
        ]),
      ],
      ['TST-001-a table/or-logic'],
    ],
    [
      'a modifier',
      [
        rule('TST-001-a', [
          'logic: AND',
          'conditions:',
          '  - {field: "tool.name", operator: eq, value: "x", within: "10m"}',
        ]),
      ],
      ['TST-001-a table/modifier'],
    ],
    [
      'a field twice',
      [
        rule('TST-001-a', [
          'logic: AND',
          'conditions:',
          '  - {field: "context.a", operator: gte, value: 1}',
          '  - {field: "context.a", operator: lte, value: 9}',
        ]),
      ],
      ['TST-001-a table/repeated-field'],
    ],
    [
      'conflicting field orders',
      [
        rule('TST-001-a', [
          'expr: {and: [{exists: {field: "context.a"}}, {exists: {field: "context.b"}}]}',
        ]),
        rule('TST-002-b', [
          'expr: {and: [{exists: {field: "context.b"}}, {exists: {field: "context.a"}}]}',
        ]),
      ],
      ['TST-002-b table/column-order'],
    ],
    [
      'different priorities, rings and unless',
      [
        rule('TST-001-a', ['expr: {exists: {field: "context.a"}}']),
        rule('TST-002-b', ['expr: {exists: {field: "context.b"}}'], { priority: 20 }),
        rule('TST-003-c', ['expr: {exists: {field: "context.c"}}'], {
          after: ['    ring: 1'],
          extra: ['    unless:', '      expr: {exists: {field: "context.d"}}'],
        }),
      ],
      ['TST-002-b table/entry-fields', 'TST-003-c table/entry-fields'],
    ],
    [
      'an Expression that is not Simple',
      [rule('TST-001-a', ['expr: {gt: [{add: [{field: "context.a"}, 1]}, 2]}'])],
      ['TST-001-a simple/not-a-condition'],
    ],
  ])('refuses %s', (_label, rules, expected) => {
    expect(refusals(convertDocument(docOf(...rules), { to: 'table' }))).toEqual(expected);
  });

  it('names the differing fields and values', () => {
    const r = convertDocument(
      docOf(
        rule('TST-001-a', ['expr: {exists: {field: "context.a"}}']),
        rule('TST-002-b', ['expr: {exists: {field: "context.b"}}'], {
          priority: 20,
          after: ['    override: high'],
        }),
      ),
      { to: 'table' },
    );
    expect(!r.ok && r.kind === 'refused' && r.refusals[0]?.message.en).toBe(
      'priority 20 (TST-001-a: 10); override "high" (TST-001-a: "normal"); a table holds priority, override once for all its rows',
    );
  });

  it('refuses a table whose rows would take names already used, or a blocking default row', () => {
    const table = (rows: string[]) => [
      '  - name: "TST-001-t"',
      '    description: "t"',
      '    priority: 10',
      '    when:',
      '      kind: decision_table',
      '      columns:',
      '        - field: "context.a"',
      '      rows:',
      ...rows,
      '    message: "blocked"',
    ];
    const clash = docOf(
      table(['        - when: [[exists]]', '          then: NOTIFY']),
      rule('TST-001-t-r1', ['"true"'], { then: 'NOTIFY', extra: ['    instruction: "x"'] }),
    );
    expect(refusals(convertDocument(clash, { to: 'simple' }))).toEqual([
      'TST-001-t#1 rules/name-collision',
    ]);
    const deny = docOf(
      table([
        '        - when: [[exists]]',
        '          then: ALLOW',
        '        - when: []',
        '          then: DENY',
      ]),
    );
    const r = convertDocument(deny, { to: 'expr' });
    expect(refusals(r)).toEqual(['TST-001-t#2 rules/unconditional-row']);
    if (!r.ok && r.kind === 'refused') expect(r.refusals[0]?.message.en).toContain('ERDL-E801');
  });

  it('a group must be consecutive; a table row name is not a rule entry', () => {
    const text = docOf(
      rule('TST-001-a', ['expr: {exists: {field: "context.a"}}']),
      rule('TST-002-b', ['expr: {exists: {field: "context.b"}}']),
      rule('TST-003-c', ['expr: {exists: {field: "context.c"}}']),
    );
    expect(
      refusals(convertDocument(text, { to: 'table', rules: ['TST-001-a', 'TST-003-c'] })),
    ).toEqual(['TST-002-b table/not-adjacent']);
    const merged = converted(text, { to: 'table', rules: ['TST-002-b', 'TST-003-c'] });
    expect(compiled(merged).rules.map((r) => r.name)).toEqual([
      'TST-001-a',
      'TST-002-b#1',
      'TST-002-b#2',
    ]);
    expect(convertDocument(text, { to: 'simple', rules: ['TST-009-x'] })).toMatchObject({
      ok: false,
      kind: 'unknown-rule',
      message: { en: 'the document has no rule named "TST-009-x"' },
    });
  });
});

describe('convertDocument: load errors', () => {
  it('returns the diagnostics of a document that does not load', () => {
    const r = convertDocument('protocol: "erdl/v2"\n', { to: 'expr' });
    expect(r.ok).toBe(false);
    if (!r.ok && r.kind === 'load')
      expect(r.result.diagnostics.some((d) => d.code === 'ERDL-E101')).toBe(true);
    else throw new Error('expected a load failure');
  });
});

describe('presentation corner cases', () => {
  it('a row comment is one line without control characters; a reserved-word keyword stays quoted', () => {
    const text = docOf(
      [
        '  - name: "TST-001-a"',
        '    description: "line one\\nline\\u0001two"',
        '    category: "null"',
        '    priority: 10',
        '    when:',
        '      expr: {exists: {field: "context.a"}}',
        '    then: NOTIFY',
      ],
      rule('TST-002-b', ['expr: {exists: {field: "context.b"}}'], {
        before: ['    category: "null"'],
      }),
    );
    const table = converted(text, { to: 'table' });
    expect(table).toContain('        # TST-001-a: line one line two\n');
    expect(table).toContain('    category: "null"\n');
    expect(hashes(table)).toEqual(hashes(text));
  });

  it('numbers of unconverted rules keep their source token (0x1F, 1e3, .5)', () => {
    const text = docOf(
      rule('TST-001-a', [
        'logic: AND',
        'conditions:',
        '  - {field: "context.a", operator: in, value: [0x1F, 1e3, .5]}',
      ]),
      rule('TST-002-b', ['expr: {exists: {field: "context.b"}}']),
    );
    const out = converted(text, { to: 'simple', rules: ['TST-002-b'] });
    expect(out).toContain('value: [0x1F, 1e3, .5]');
    expect(compiled(out).hash).toBe(compiled(text).hash);
  });
});
