// E4 graded resource limits (§7.2), measured on the normalized tree. Grade A (Simple, decision
// table): depth ≤ 6, nodes ≤ 64, arithmetic depth ≤ 2, no nested quantifiers. Grade B (Expression):
// depth ≤ 10, nodes ≤ 256, arithmetic depth ≤ 4, quantifier nesting ≤ 2. Each exceeded limit is an
// E601 that names the grade, the measure, the measured value and the limit.

import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile';
import { exceeded, GRADE_LIMITS, measure } from './limits';
import {
  bool,
  codes,
  compileWhenText,
  field,
  list,
  messages,
  n,
  num,
  onlyRule,
  tableDocument,
} from './test-support';
import type { ExprNode } from './types';

const node = (v: unknown) => v as ExprNode;

/** not(not(…exists(field)…)) with `nots` nots: depth nots + 2. */
const nots = (k: number) => `${'{not: '.repeat(k)}{exists: {field: "context.a"}}${'}'.repeat(k)}`;
/** add nested `k` deep inside a comparison: arithmetic depth k. */
const adds = (k: number) => `{gt: [${'{add: ['.repeat(k)}1, 2${']}, 1'.repeat(k - 1)}]}, 0]}`;
/** Quantifiers nested `k` deep. */
function quantifiers(k: number): string {
  let inner = '{eq: [{var: "$"}, 1]}';
  for (let i = k; i >= 1; i--) {
    const over = i === 1 ? '{field: "context.xs"}' : '{var: "$.xs"}';
    inner = `{any: [${over}, ${inner}]}`;
  }
  return inner;
}
/** Simple: `eqs` eq conditions (3 nodes each) + `exists` exists conditions (2 nodes each) + and. */
function simpleRule(eqs: number, exists: number): string {
  const c = [
    ...Array.from(
      { length: eqs },
      (_, i) => `  - {field: "context.f${i}", operator: eq, value: ${i}}`,
    ),
    ...Array.from({ length: exists }, (_, i) => `  - {field: "context.e${i}", operator: exists}`),
  ];
  return `logic: AND\nconditions:\n${c.join('\n')}`;
}

describe('measure()', () => {
  it('counts every node object; a lone literal has depth 1, a list literal is one node', () => {
    expect(measure(node(bool(true)))).toEqual({
      depth: 1,
      nodes: 1,
      arithmeticDepth: 0,
      quantifierDepth: 0,
    });
    const inList = n(
      'in',
      field('context.a'),
      list([
        { type: 'number', value: '1.00000000000000' },
        { type: 'number', value: '2.00000000000000' },
      ]),
    );
    expect(measure(node(inList))).toEqual({
      depth: 2,
      nodes: 3,
      arithmeticDepth: 0,
      quantifierDepth: 0,
    });
  });

  it('arithmetic depth counts nested add/sub/mul/div/round chains, not siblings', () => {
    const one = num('1.00000000000000');
    const t = n(
      'gt',
      n('add', n('mul', one, one), { node: 'round', places: 2, args: [n('div', one, one)] }),
      one,
    );
    expect(measure(node(t))).toMatchObject({ arithmeticDepth: 3, depth: 5, nodes: 10 });
  });

  it('quantifier depth counts nested all/any/none', () => {
    const t = n(
      'all',
      field('context.xs'),
      n('and', n('any', { node: 'var', path: '$.ys' }, bool(true)), bool(true)),
    );
    expect(measure(node(t)).quantifierDepth).toBe(2);
  });

  it('exceeded() lists every limit over its grade', () => {
    expect(GRADE_LIMITS).toEqual({
      A: { depth: 6, nodes: 64, arithmeticDepth: 2, quantifierDepth: 1 },
      B: { depth: 10, nodes: 256, arithmeticDepth: 4, quantifierDepth: 2 },
    });
    const m = { depth: 11, nodes: 65, arithmeticDepth: 3, quantifierDepth: 2 };
    expect(exceeded(m, 'A').map((e) => [e.key, e.value, e.limit])).toEqual([
      ['depth', 11, 6],
      ['nodes', 65, 64],
      ['arithmeticDepth', 3, 2],
      ['quantifierDepth', 2, 1],
    ]);
    expect(exceeded(m, 'B').map((e) => e.key)).toEqual(['depth']);
  });
});

describe('Grade B (Expression)', () => {
  it('depth 10 is allowed, depth 11 is E601 with the measured value', () => {
    expect(codes(compileWhenText(`expr: ${nots(8)}`))).toEqual([]);
    const r = compileWhenText(`expr: ${nots(9)}`);
    expect(codes(r)).toEqual(['ERDL-E601']);
    expect(messages(r, 'ERDL-E601')).toEqual([
      'Grade B limit exceeded (E4): tree depth is 11, the limit is 10',
    ]);
    expect(r.diagnostics[0]?.message.zh).toBe('超出 B 级限制（E4）：树深度为 11，上限为 10');
  });

  it('arithmetic depth 4 is allowed, 5 is E601', () => {
    expect(codes(compileWhenText(`expr: ${adds(4)}`))).toEqual([]);
    const r = compileWhenText(`expr: ${adds(5)}`);
    expect(messages(r, 'ERDL-E601')).toEqual([
      'Grade B limit exceeded (E4): arithmetic depth is 5, the limit is 4',
    ]);
  });

  it('quantifier nesting 2 is allowed, 3 is E601', () => {
    expect(codes(compileWhenText(`expr: ${quantifiers(2)}`))).toEqual([]);
    const r = compileWhenText(`expr: ${quantifiers(3)}`);
    expect(messages(r, 'ERDL-E601')).toEqual([
      'Grade B limit exceeded (E4): quantifier nesting is 3, the limit is 2',
    ]);
  });

  it('256 nodes are allowed, 257 are E601', () => {
    const expr = (eqs: number, exists: number) =>
      `expr: {and: [${[
        ...Array.from({ length: eqs }, (_, i) => `{eq: [{field: "context.f${i}"}, ${i}]}`),
        ...Array.from({ length: exists }, (_, i) => `{exists: {field: "context.e${i}"}}`),
      ].join(', ')}]}`;
    const ok = compileWhenText(expr(85, 0));
    expect(codes(ok)).toEqual([]);
    expect(measure(onlyRule(ok).when).nodes).toBe(256);
    const r = compileWhenText(expr(84, 2));
    expect(messages(r, 'ERDL-E601')).toEqual([
      'Grade B limit exceeded (E4): node count is 257, the limit is 256',
    ]);
  });

  it('limits are measured after normalization (flattened and/or do not add depth)', () => {
    // 12 nested single-child ands around one condition: depth 14 as written, 2 once normalized.
    const wrapped = `${'{and: ['.repeat(12)}{exists: {field: "context.a"}}${']}'.repeat(12)}`;
    const r = compileWhenText(`expr: ${wrapped}`);
    expect(codes(r)).toEqual([]);
    expect(measure(onlyRule(r).when).depth).toBe(2);
  });

  it('several exceeded limits give one E601 each', () => {
    const r = compileWhenText(`expr: {not: {not: {not: {not: {not: {not: ${adds(5)}}}}}}}`);
    expect(messages(r, 'ERDL-E601')).toEqual([
      'Grade B limit exceeded (E4): tree depth is 13, the limit is 10',
      'Grade B limit exceeded (E4): arithmetic depth is 5, the limit is 4',
    ]);
  });
});

describe('Grade A (Simple, decision table)', () => {
  it('64 nodes are allowed, 65 are E601 with the measured value', () => {
    const ok = compileWhenText(simpleRule(21, 0));
    expect(codes(ok)).toEqual([]);
    expect(measure(onlyRule(ok).when).nodes).toBe(64);
    const r = compileWhenText(simpleRule(20, 2));
    expect(codes(r)).toEqual(['ERDL-E601']);
    expect(messages(r, 'ERDL-E601')).toEqual([
      'Grade A limit exceeded (E4): node count is 65, the limit is 64',
    ]);
  });

  it('the grade follows the writing form: the same 65-node tree is fine as an Expression', () => {
    const simple = compileWhenText(simpleRule(20, 2));
    expect(codes(simple)).toEqual(['ERDL-E601']);
    const expression = compileWhenText(
      `expr: {and: [${[
        ...Array.from({ length: 20 }, (_, i) => `{eq: [{field: "context.f${i}"}, ${i}]}`),
        ...Array.from({ length: 2 }, (_, i) => `{exists: {field: "context.e${i}"}}`),
      ].join(', ')}]}`,
    );
    expect(codes(expression)).toEqual([]);
    expect(onlyRule(expression).grade).toBe('B');
    expect(measure(onlyRule(expression).when).nodes).toBe(65);
  });

  it('the deepest Simple shape (modifier on a guarded not, under OR) is exactly depth 6', () => {
    const r = compileWhenText(
      'logic: OR\nconditions:\n  - {field: "context.a", operator: not_in, value: ["x"], within: "1m"}\n  - {field: "context.b", operator: exists}',
    );
    expect(codes(r)).toEqual([]);
    expect(measure(onlyRule(r).when).depth).toBe(6);
  });

  it('a decision-table row over 64 nodes is E601 (Grade A)', () => {
    const k = 22;
    const table = [
      'kind: decision_table',
      'columns:',
      ...Array.from({ length: k }, (_, i) => `  - field: "context.c${i}"`),
      'rows:',
      `  - when: [${Array.from({ length: k }, () => '[eq, 1]').join(', ')}]`,
      '    then: NOTIFY',
    ].join('\n');
    const r = compileDocument(tableDocument(table));
    expect(messages(r, 'ERDL-E601')).toEqual([
      'Grade A limit exceeded (E4): node count is 67, the limit is 64',
    ]);
  });

  it('an unless is graded by its own form', () => {
    const unless =
      '    unless:\n      logic: AND\n      conditions:\n' +
      Array.from(
        { length: 22 },
        (_, i) => `        - {field: "context.u${i}", operator: eq, value: ${i}}`,
      ).join('\n');
    const r = compileDocument(
      `protocol: "erdl/v2"\nversion: "2.1.0"\nmetadata:\n  name: "t"\n  decision: ALLOW\nrules:\n  - name: "TST-003-unless"\n    description: "d"\n    priority: 1\n    when:\n      expr: {exists: {field: "context.a"}}\n    then: NOTIFY\n${unless}\n`,
    );
    expect(messages(r, 'ERDL-E601')).toEqual([
      'Grade A limit exceeded (E4): node count is 67, the limit is 64',
    ]);
  });
});
