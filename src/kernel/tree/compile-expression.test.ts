// Projection B (§5.3): every Expression node (the 34 semantic nodes plus the within / rate carriers)
// parses to one exact tree, and each has at least one rejected form with its own code. Keyed by
// the vocabulary (NODES), so a node added without examples fails type-checking and these tests.
import { describe, expect, it } from 'vitest';
import { NODES, type NodeName, SEMANTIC_NODE_NAMES } from '../vocabulary/nodes';
import {
  bool,
  canonical,
  codes,
  compileWhenText,
  duration,
  field,
  list,
  messages,
  n,
  nul,
  num,
  onlyRule,
  str,
  variable,
} from './test-support';

const expr = (y: string) => `expr: ${y}`;
const compileExpr = (y: string) => compileWhenText(expr(y));
const treeOfExpr = (y: string) => {
  const r = compileExpr(y);
  expect(codes(r, 'error')).toEqual([]);
  return canonical(onlyRule(r).when);
};

const a = field('context.a');
const b = field('context.b');
const ex = (y = '{field: "context.a"}') => `{exists: ${y}}`;

/** One valid example per node: the Expression YAML (flow style) and its exact canonical tree. */
const VALID: Record<NodeName, { yaml: string; tree: unknown }[]> = {
  field: [
    {
      yaml: '{eq: [{field: "context.user.role"}, "admin"]}',
      tree: n('eq', field('context.user.role'), str('admin')),
    },
    // A field alone may be the condition: its type is only known at evaluation.
    { yaml: '{field: "context.is_admin"}', tree: field('context.is_admin') },
  ],
  var: [
    {
      yaml: '{any: [{field: "context.items"}, {gt: [{var: "$.price"}, 100]}]}',
      tree: n(
        'any',
        field('context.items'),
        n('gt', variable('$.price'), num('100.00000000000000')),
      ),
    },
    {
      yaml: '{all: [{field: "context.tags"}, {ne: [{var: "$"}, "secret"]}]}',
      tree: n('all', field('context.tags'), n('ne', variable('$'), str('secret'))),
    },
  ],
  literal: [
    {
      yaml: '{eq: [{field: "context.a"}, {literal: "strict"}]}',
      tree: n('eq', a, str('strict')),
    },
    {
      yaml: '{in: [{field: "context.a"}, {literal: [1, "x", true, null]}]}',
      tree: n(
        'in',
        a,
        list([
          { type: 'number', value: '1.00000000000000' },
          { type: 'string', value: 'x' },
          { type: 'boolean', value: true },
          { type: 'null' },
        ]),
      ),
    },
    { yaml: '{eq: [{field: "context.a"}, null]}', tree: n('eq', a, nul()) },
    { yaml: '{ne: [{field: "context.a"}, false]}', tree: n('ne', a, bool(false)) },
  ],
  and: [
    {
      yaml: `{and: [${ex()}, {eq: [{field: "context.b"}, true]}]}`,
      tree: n('and', n('exists', a), n('eq', b, bool(true))),
    },
  ],
  or: [
    {
      yaml: `{or: [${ex()}, ${ex('{field: "context.b"}')}]}`,
      tree: n('or', n('exists', a), n('exists', b)),
    },
  ],
  not: [
    { yaml: `{not: ${ex()}}`, tree: n('not', n('exists', a)) },
    { yaml: `{not: [${ex()}]}`, tree: n('not', n('exists', a)) },
  ],
  eq: [
    {
      yaml: '{eq: [{field: "context.a"}, {field: "context.b"}]}',
      tree: n('eq', a, b),
    },
  ],
  ne: [{ yaml: '{ne: [{field: "context.a"}, "x"]}', tree: n('ne', a, str('x')) }],
  gt: [
    {
      yaml: '{gt: [{field: "context.amount"}, 5000]}',
      tree: n('gt', field('context.amount'), num('5000.00000000000000')),
    },
  ],
  gte: [{ yaml: '{gte: [{field: "context.a"}, "m"]}', tree: n('gte', a, str('m')) }],
  lt: [
    {
      yaml: '{lt: [{div: [{sub: [{field: "tool.args.price"}, {field: "context.cost"}]}, {field: "tool.args.price"}]}, 0.15]}',
      tree: n(
        'lt',
        n(
          'div',
          n('sub', field('tool.args.price'), field('context.cost')),
          field('tool.args.price'),
        ),
        num('0.15000000000000'),
      ),
    },
  ],
  lte: [
    {
      yaml: '{lte: [{field: "context.due"}, "2026-12-31"]}',
      tree: n('lte', field('context.due'), str('2026-12-31')),
    },
  ],
  in: [
    {
      yaml: '{in: [{field: "context.region"}, ["eu", "us"]]}',
      tree: n(
        'in',
        field('context.region'),
        list([
          { type: 'string', value: 'eu' },
          { type: 'string', value: 'us' },
        ]),
      ),
    },
    {
      yaml: '{in: ["admin", {field: "context.roles"}]}',
      tree: n('in', str('admin'), field('context.roles')),
    },
  ],
  contains: [
    {
      yaml: '{contains: [{field: "context.command"}, "rm -rf"]}',
      tree: n('contains', field('context.command'), str('rm -rf')),
    },
  ],
  match: [
    {
      yaml: '{match: [{field: "context.email"}, "^[a-z]+@example\\\\.com$"]}',
      tree: n('match', field('context.email'), str('^[a-z]+@example\\.com$')),
    },
  ],
  starts_with: [
    {
      yaml: '{starts_with: [{field: "context.path"}, "/etc/"]}',
      tree: n('starts_with', field('context.path'), str('/etc/')),
    },
  ],
  ends_with: [
    {
      yaml: '{ends_with: [{field: "context.path"}, ".pem"]}',
      tree: n('ends_with', field('context.path'), str('.pem')),
    },
  ],
  exists: [
    { yaml: ex(), tree: n('exists', a) },
    { yaml: '{exists: [{field: "context.a"}]}', tree: n('exists', a) },
  ],
  length: [
    {
      yaml: '{gt: [{length: {field: "context.name"}}, 3]}',
      tree: n('gt', n('length', field('context.name')), num('3.00000000000000')),
    },
    {
      yaml: '{eq: [{length: [["a", "b"]]}, 2]}',
      tree: n(
        'eq',
        n(
          'length',
          list([
            { type: 'string', value: 'a' },
            { type: 'string', value: 'b' },
          ]),
        ),
        num('2.00000000000000'),
      ),
    },
  ],
  between: [
    {
      yaml: '{between: [{field: "context.score"}, 0, 100]}',
      tree: n(
        'between',
        field('context.score'),
        num('0.00000000000000'),
        num('100.00000000000000'),
      ),
    },
  ],
  all: [
    {
      yaml: '{all: [{field: "context.files"}, {ends_with: [{var: "$.name"}, ".txt"]}]}',
      tree: n('all', field('context.files'), n('ends_with', variable('$.name'), str('.txt'))),
    },
  ],
  any: [
    {
      yaml: '{any: [{field: "context.items"}, {exists: {var: "$.discount"}}]}',
      tree: n('any', field('context.items'), n('exists', variable('$.discount'))),
    },
  ],
  none: [
    {
      yaml: '{none: [{field: "context.items"}, {lt: [{var: "$.qty"}, 0]}]}',
      tree: n('none', field('context.items'), n('lt', variable('$.qty'), num('0.00000000000000'))),
    },
  ],
  add: [
    {
      yaml: '{gt: [{add: [{field: "context.a"}, {field: "context.b"}]}, 10]}',
      tree: n('gt', n('add', a, b), num('10.00000000000000')),
    },
  ],
  sub: [
    {
      yaml: '{gte: [{sub: [{field: "context.a"}, 1.5]}, 0]}',
      tree: n('gte', n('sub', a, num('1.50000000000000')), num('0.00000000000000')),
    },
  ],
  mul: [
    {
      yaml: '{gt: [{mul: [{field: "context.qty"}, {field: "context.price"}]}, 1000]}',
      tree: n(
        'gt',
        n('mul', field('context.qty'), field('context.price')),
        num('1000.00000000000000'),
      ),
    },
  ],
  div: [
    {
      yaml: '{lt: [{div: [{field: "context.a"}, 3]}, 1]}',
      tree: n('lt', n('div', a, num('3.00000000000000')), num('1.00000000000000')),
    },
  ],
  round: [
    {
      yaml: '{eq: [{round: [{field: "context.x"}, 2]}, 1.25]}',
      tree: n(
        'eq',
        { node: 'round', places: 2, args: [field('context.x')] },
        num('1.25000000000000'),
      ),
    },
    {
      yaml: '{eq: [{round: {field: "context.x"}}, 1]}',
      tree: n(
        'eq',
        { node: 'round', places: 0, args: [field('context.x')] },
        num('1.00000000000000'),
      ),
    },
    {
      yaml: '{eq: [{round: [{field: "context.x"}]}, 1]}',
      tree: n(
        'eq',
        { node: 'round', places: 0, args: [field('context.x')] },
        num('1.00000000000000'),
      ),
    },
  ],
  days_between: [
    {
      yaml: '{gt: [{days_between: [{field: "context.start"}, "2026-01-31T08:00:00Z"]}, 30]}',
      tree: n(
        'gt',
        n('days_between', field('context.start'), str('2026-01-31T08:00:00Z')),
        num('30.00000000000000'),
      ),
    },
  ],
  epoch_ms: [
    {
      yaml: '{lt: [{epoch_ms: {field: "context.at"}}, 1767225600000]}',
      tree: n('lt', n('epoch_ms', field('context.at')), num('1767225600000.00000000000000')),
    },
  ],
  date_add: [
    {
      yaml: '{lt: [{date_add: [{field: "context.start"}, "720h"]}, {field: "context.end"}]}',
      tree: n('lt', n('date_add', field('context.start'), duration('30d')), field('context.end')),
    },
    {
      yaml: '{gt: [{date_add: ["2026-01-31", "-12mo"]}, {field: "context.d"}]}',
      tree: n('gt', n('date_add', str('2026-01-31'), duration('-1y')), field('context.d')),
    },
  ],
  date_part: [
    {
      yaml: '{eq: [{date_part: [weekday, {field: "context.at"}]}, 7]}',
      tree: n(
        'eq',
        { node: 'date_part', part: 'weekday', args: [field('context.at')] },
        num('7.00000000000000'),
      ),
    },
  ],
  month_last_day: [
    {
      yaml: '{eq: [{field: "context.date"}, {month_last_day: {field: "context.date"}}]}',
      tree: n('eq', field('context.date'), n('month_last_day', field('context.date'))),
    },
  ],
  aggregate: [
    {
      yaml: '{gt: [{aggregate: [sum, {field: "context.lines"}, {var: "$.amount"}]}, 10000]}',
      tree: n(
        'gt',
        { node: 'aggregate', fn: 'sum', args: [field('context.lines'), variable('$.amount')] },
        num('10000.00000000000000'),
      ),
    },
    {
      yaml: '{gte: [{aggregate: [count, {field: "context.items"}]}, 3]}',
      tree: n(
        'gte',
        { node: 'aggregate', fn: 'count', args: [field('context.items')] },
        num('3.00000000000000'),
      ),
    },
    {
      yaml: '{lt: [{aggregate: [min, {field: "context.prices"}]}, 0]}',
      tree: n(
        'lt',
        { node: 'aggregate', fn: 'min', args: [field('context.prices')] },
        num('0.00000000000000'),
      ),
    },
  ],
  within: [
    {
      yaml: '{within: ["600s", {eq: [{field: "context.a"}, "x"]}]}',
      tree: { node: 'within', window: '10m', args: [n('eq', a, str('x'))] },
    },
  ],
  rate: [
    {
      yaml: `{rate: ["5/60m", ${ex()}]}`,
      tree: { node: 'rate', limit: 5, window: '1h', args: [n('exists', a)] },
    },
  ],
};

/** Rejected forms per node, with the error code each must produce (and nothing else). */
const INVALID: Record<NodeName, { yaml: string; code: string }[]> = {
  field: [
    { yaml: '{exists: {field: "context..a"}}', code: 'ERDL-E306' },
    { yaml: '{exists: {field: 5}}', code: 'ERDL-E306' },
  ],
  var: [
    { yaml: '{eq: [{var: "$.a"}, 1]}', code: 'ERDL-E405' },
    { yaml: '{any: [{field: "context.items"}, {eq: [{var: "price"}, 1]}]}', code: 'ERDL-E405' },
    { yaml: '{any: [{var: "$.items"}, {eq: [{var: "$"}, 1]}]}', code: 'ERDL-E405' },
    {
      yaml: '{gt: [{aggregate: [sum, {var: "$.xs"}, {var: "$"}]}, 1]}',
      code: 'ERDL-E405',
    },
  ],
  literal: [
    { yaml: '{eq: [{field: "context.a"}, {literal: {x: 1}}]}', code: 'ERDL-E404' },
    { yaml: '{in: [{field: "context.a"}, [[1]]]}', code: 'ERDL-E404' },
    { yaml: '{eq: [{field: "context.a"}, .inf]}', code: 'ERDL-E319' },
  ],
  and: [
    { yaml: '{and: []}', code: 'ERDL-E403' },
    { yaml: `{and: ${ex()}}`, code: 'ERDL-E403' },
    { yaml: `{and: [${ex()}, 1]}`, code: 'ERDL-E404' },
  ],
  or: [
    { yaml: '{or: []}', code: 'ERDL-E403' },
    { yaml: `{or: [${ex()}, "x"]}`, code: 'ERDL-E404' },
  ],
  not: [
    { yaml: `{not: [${ex()}, ${ex()}]}`, code: 'ERDL-E403' },
    { yaml: '{not: 5}', code: 'ERDL-E404' },
    { yaml: '{not: null}', code: 'ERDL-E404' },
  ],
  eq: [
    { yaml: '{eq: [1]}', code: 'ERDL-E403' },
    { yaml: '{eq: [{field: "context.a"}, [1, 2]]}', code: 'ERDL-E404' },
    { yaml: '{eq: [{length: {field: "context.a"}}, "3"]}', code: 'ERDL-E404' },
  ],
  ne: [
    { yaml: '{ne: [{field: "context.a"}, 1, 2]}', code: 'ERDL-E403' },
    { yaml: '{ne: [true, 1]}', code: 'ERDL-E404' },
  ],
  gt: [
    { yaml: '{gt: [{field: "context.a"}, true]}', code: 'ERDL-E404' },
    { yaml: '{gt: [5, "a"]}', code: 'ERDL-E404' },
  ],
  gte: [{ yaml: '{gte: [{field: "context.a"}, null]}', code: 'ERDL-E404' }],
  lt: [
    { yaml: '{lt: [1, 2, 3]}', code: 'ERDL-E403' },
    { yaml: '{lt: {field: "context.a"}}', code: 'ERDL-E403' },
  ],
  lte: [
    {
      yaml: '{lte: [{date_add: [{field: "context.d"}, "1d"]}, 5]}',
      code: 'ERDL-E404',
    },
  ],
  in: [
    { yaml: '{in: [{field: "context.a"}, "abc"]}', code: 'ERDL-E404' },
    { yaml: '{in: [[1], [1, 2]]}', code: 'ERDL-E404' },
    {
      yaml: `{in: [{field: "context.a"}, [${Array.from({ length: 257 }, (_, i) => i).join(', ')}]]}`,
      code: 'ERDL-E602',
    },
  ],
  contains: [
    { yaml: '{contains: [{field: "context.a"}, 5]}', code: 'ERDL-E404' },
    { yaml: '{contains: [42, "4"]}', code: 'ERDL-E404' },
  ],
  match: [
    { yaml: '{match: [{field: "context.a"}, {field: "context.b"}]}', code: 'ERDL-E404' },
    { yaml: '{match: [{field: "context.a"}, "(?i)abc"]}', code: 'ERDL-E604' },
    { yaml: '{match: [{field: "context.a"}, "(a)\\\\1"]}', code: 'ERDL-E603' },
    { yaml: '{match: [{field: "context.a"}, "a(?=b)"]}', code: 'ERDL-E603' },
    { yaml: '{match: [5, "a"]}', code: 'ERDL-E404' },
  ],
  starts_with: [{ yaml: '{starts_with: [{field: "context.a"}, 5]}', code: 'ERDL-E404' }],
  ends_with: [{ yaml: '{ends_with: [{field: "context.a"}]}', code: 'ERDL-E403' }],
  exists: [
    { yaml: '{exists: "context.a"}', code: 'ERDL-E404' },
    { yaml: '{exists: {length: {field: "context.a"}}}', code: 'ERDL-E404' },
    { yaml: '{exists: [{field: "context.a"}, {field: "context.b"}]}', code: 'ERDL-E403' },
  ],
  length: [
    { yaml: '{gt: [{length: 5}, 1]}', code: 'ERDL-E404' },
    { yaml: '{gt: [{length: [1, 2]}, 1]}', code: 'ERDL-E403' },
  ],
  between: [
    { yaml: '{between: [{field: "context.a"}, 10, 1]}', code: 'ERDL-E309' },
    { yaml: '{between: [{field: "context.a"}, "a", 10]}', code: 'ERDL-E404' },
    { yaml: '{between: [{field: "context.a"}, 1]}', code: 'ERDL-E403' },
  ],
  all: [
    { yaml: '{all: [{field: "context.items"}]}', code: 'ERDL-E403' },
    { yaml: `{all: ["abc", ${ex()}]}`, code: 'ERDL-E404' },
  ],
  any: [{ yaml: `{any: [5, ${ex()}]}`, code: 'ERDL-E404' }],
  none: [
    {
      yaml: '{none: [{field: "context.items"}, {add: [{var: "$.a"}, 1]}]}',
      code: 'ERDL-E404',
    },
  ],
  add: [
    { yaml: '{gt: [{add: [{field: "context.a"}, "1"]}, 0]}', code: 'ERDL-E404' },
    { yaml: '{gt: [{add: [1]}, 0]}', code: 'ERDL-E403' },
  ],
  sub: [{ yaml: '{gt: [{sub: [1, 2, 3]}, 0]}', code: 'ERDL-E403' }],
  mul: [{ yaml: '{gt: [{mul: [true, 2]}, 0]}', code: 'ERDL-E404' }],
  div: [{ yaml: '{gt: [{div: [[1], 2]}, 0]}', code: 'ERDL-E404' }],
  round: [
    { yaml: '{gt: [{round: [{field: "context.x"}, 15]}, 0]}', code: 'ERDL-E403' },
    { yaml: '{gt: [{round: [{field: "context.x"}, -1]}, 0]}', code: 'ERDL-E403' },
    { yaml: '{gt: [{round: [{field: "context.x"}, 1.5]}, 0]}', code: 'ERDL-E403' },
    { yaml: '{gt: [{round: [1, 2, 3]}, 0]}', code: 'ERDL-E403' },
    { yaml: '{gt: [{round: "1.5"}, 0]}', code: 'ERDL-E404' },
  ],
  days_between: [
    { yaml: '{gt: [{days_between: [5, {field: "context.d"}]}, 1]}', code: 'ERDL-E404' },
    { yaml: '{gt: [{days_between: ["2026-02-30", {field: "context.d"}]}, 1]}', code: 'ERDL-E404' },
    { yaml: '{gt: [{days_between: ["31/01/2026", {field: "context.d"}]}, 1]}', code: 'ERDL-E404' },
  ],
  epoch_ms: [
    { yaml: '{gt: [{epoch_ms: "yesterday"}, 1]}', code: 'ERDL-E404' },
    { yaml: '{gt: [{epoch_ms: 1700000000}, 1]}', code: 'ERDL-E404' },
  ],
  date_add: [
    { yaml: '{gt: [{date_add: [{field: "context.d"}, "3x"]}, "2026-01-01"]}', code: 'ERDL-E407' },
    { yaml: '{gt: [{date_add: [{field: "context.d"}, 30]}, "2026-01-01"]}', code: 'ERDL-E407' },
    { yaml: '{gt: [{date_add: [{field: "context.d"}, "1.5d"]}, "2026-01-01"]}', code: 'ERDL-E407' },
    { yaml: '{gt: [{date_add: [{field: "context.d"}]}, "2026-01-01"]}', code: 'ERDL-E403' },
  ],
  date_part: [
    { yaml: '{eq: [{date_part: [quarter, {field: "context.d"}]}, 1]}', code: 'ERDL-E406' },
    { yaml: '{eq: [{date_part: [{field: "context.d"}]}, 1]}', code: 'ERDL-E403' },
  ],
  month_last_day: [{ yaml: '{eq: [{month_last_day: 5}, "2026-01-31"]}', code: 'ERDL-E404' }],
  aggregate: [
    { yaml: '{gt: [{aggregate: [median, {field: "context.xs"}]}, 1]}', code: 'ERDL-E406' },
    {
      yaml: '{gt: [{aggregate: [count, {field: "context.xs"}, {var: "$.a"}]}, 1]}',
      code: 'ERDL-E403',
    },
    { yaml: '{gt: [{aggregate: [sum]}, 1]}', code: 'ERDL-E403' },
    { yaml: '{gt: [{aggregate: [sum, "abc"]}, 1]}', code: 'ERDL-E404' },
  ],
  within: [
    { yaml: `{within: ["10x", ${ex()}]}`, code: 'ERDL-E310' },
    { yaml: '{within: ["10m"]}', code: 'ERDL-E403' },
    { yaml: `{within: ["10m", {rate: ["5/1h", ${ex()}]}]}`, code: 'ERDL-E313' },
    { yaml: '{within: ["10m", 5]}', code: 'ERDL-E404' },
  ],
  rate: [
    { yaml: `{rate: ["0/1h", ${ex()}]}`, code: 'ERDL-E311' },
    { yaml: `{rate: ["5/1h", {within: ["1m", ${ex()}]}]}`, code: 'ERDL-E313' },
  ],
};

describe('Expression nodes (§5.3)', () => {
  it('the vocabulary holds the 34 semantic nodes in 10 groups, plus within / rate', () => {
    expect(SEMANTIC_NODE_NAMES).toHaveLength(34);
    const groups = new Set(NODES.filter((x) => x.group !== 'modifier').map((x) => x.group));
    expect(groups.size).toBe(10);
    expect(NODES.filter((x) => x.group === 'modifier').map((x) => x.name)).toEqual([
      'within',
      'rate',
    ]);
  });

  it('every node has valid and invalid examples', () => {
    const names = NODES.map((x) => x.name).sort();
    expect(Object.keys(VALID).sort()).toEqual(names);
    expect(Object.keys(INVALID).sort()).toEqual(names);
    for (const name of names) {
      expect(VALID[name as NodeName].length, name).toBeGreaterThan(0);
      expect(INVALID[name as NodeName].length, name).toBeGreaterThan(0);
    }
  });

  for (const node of NODES) {
    describe(node.name, () => {
      for (const { yaml, tree } of VALID[node.name]) {
        it(`parses ${yaml}`, () => {
          expect(treeOfExpr(yaml)).toStrictEqual(tree);
        });
      }
      for (const { yaml, code } of INVALID[node.name]) {
        it(`rejects ${yaml.length > 90 ? `${yaml.slice(0, 90)}…` : yaml} with ${code}`, () => {
          const r = compileExpr(yaml);
          expect(r.ok).toBe(false);
          expect(codes(r, 'error')).toEqual([code]);
        });
      }
    });
  }
});

describe('Expression structure errors', () => {
  it('fn is function delegation, not available (E408)', () => {
    const r = compileExpr('{fn: ["my_check", {field: "context.a"}]}');
    expect(codes(r, 'error')).toEqual(['ERDL-E408']);
  });

  it.each(['{add: [1, 2]}', '5', '"yes"', 'null', '{length: {field: "context.a"}}', '[true]'])(
    'a root that is not true/false-valued is E409: %s',
    (y) => {
      const r = compileExpr(y);
      expect(codes(r, 'error')).toEqual(['ERDL-E409']);
    },
  );

  it('E409 names the type found', () => {
    expect(messages(compileExpr('{add: [1, 2]}'), 'ERDL-E409')).toEqual([
      'The condition must be true/false-valued; this expression gives a number',
    ]);
  });

  it.each([
    ['{}', 0],
    ['{eq: [1, 1], gt: [2, 1]}', 2],
  ])('a node mapping with %s keys is E402', (y, count) => {
    const r = compileExpr(y);
    expect(codes(r, 'error')).toEqual(['ERDL-E402']);
    expect(messages(r, 'ERDL-E402')[0]).toContain(`found ${count}`);
  });

  it.each([
    ['betwen', 'between'],
    ['contain', 'contains'],
    ['EQ', 'eq'],
    ['aggregat', 'aggregate'],
  ])('unknown node %s is E401 with did-you-mean %s', (wrong, right) => {
    const r = compileExpr(`{${wrong}: [{field: "context.a"}, 1]}`);
    expect(codes(r, 'error')).toEqual(['ERDL-E401']);
    expect(messages(r, 'ERDL-E401')).toEqual([
      `Unknown expression node "${wrong}" (did you mean "${right}"?)`,
    ]);
  });

  it('an unknown node far from any name is E401 without a suggestion', () => {
    expect(messages(compileExpr('{frobnicate: [1]}'), 'ERDL-E401')).toEqual([
      'Unknown expression node "frobnicate"',
    ]);
  });

  it('a Simple-only operator as a node is E401 with its expression form', () => {
    expect(messages(compileExpr('{not_in: [{field: "context.a"}, [1]]}'), 'ERDL-E401')).toEqual([
      'Unknown expression node "not_in" (not_in is a Simple operator; as an expression write {and: [{exists: {field: …}}, {not: {in: [{field: …}, …]}}]})',
    ]);
    expect(messages(compileExpr('{count_gt: [{field: "context.a"}, 1]}'), 'ERDL-E401')).toEqual([
      'Unknown expression node "count_gt" (count_gt is a Simple operator; as an expression write {and: [{exists: {field: …}}, {gt: [{aggregate: [count, {field: …}]}, n]}]})',
    ]);
  });

  it('aliases neq / matches are normalized in expressions too (I315)', () => {
    const alias = compileExpr('{neq: [{field: "context.a"}, 1]}');
    const name = compileExpr('{ne: [{field: "context.a"}, 1]}');
    expect(codes(alias)).toEqual(['ERDL-I315']);
    expect(onlyRule(alias).hash).toBe(onlyRule(name).hash);
    const m = compileExpr('{matches: [{field: "context.a"}, "^x"]}');
    expect(canonical(onlyRule(m).when)).toStrictEqual(n('match', a, str('^x')));
  });

  it('expr next to other keys is rejected (E506), and when + expr on the rule is E212', () => {
    const r = compileWhenText(`expr: ${ex()}\nlogic: AND`);
    expect(codes(r, 'error')).toEqual(['ERDL-E212']);
    const r2 = compileWhenText(`expr: ${ex()}\nnote: "x"`);
    expect(codes(r2, 'error')).toEqual(['ERDL-E506']);
  });

  it('the constant true is when: "true" (I318), so §7.4 forbids it with a blocking decision', () => {
    const advisory = compileWhenText('expr: true', 'NOTIFY');
    expect(codes(advisory)).toEqual(['ERDL-I318']);
    expect(onlyRule(advisory).form).toBe('true');
    expect(canonical(onlyRule(advisory).when)).toStrictEqual(bool(true));
    const deny = compileWhenText('expr: {and: [true]}', 'DENY', '    message: "no"');
    expect(codes(deny, 'error')).toEqual(['ERDL-E801']);
  });

  it('the same condition written as Simple and as Expression has one tree and one hash (E7)', () => {
    const simple = compileWhenText(
      'logic: AND\nconditions:\n  - {field: "context.a", operator: count_gte, value: 3}\n  - {field: "context.b", operator: not_starts_with, value: "/tmp"}',
    );
    const expression = compileExpr(
      '{and: [{exists: {field: "context.a"}}, {gte: [{aggregate: [count, {field: "context.a"}]}, 3]}, {exists: {field: "context.b"}}, {not: {starts_with: [{field: "context.b"}, "/tmp"]}}]}',
    );
    const s = onlyRule(simple);
    const e = onlyRule(expression);
    expect(canonical(e.when)).toStrictEqual(canonical(s.when));
    expect(e.hash).toBe(s.hash);
    expect(s.grade).toBe('A');
    expect(e.grade).toBe('B');
  });

  it('within / rate written in Simple and in Expression hash equally', () => {
    const simple = compileWhenText(
      'logic: AND\nconditions:\n  - {field: "context.a", operator: eq, value: "x", rate: "3/1d"}',
    );
    const expression = compileExpr('{rate: ["3/24h", {eq: [{field: "context.a"}, "x"]}]}');
    expect(onlyRule(expression).hash).toBe(onlyRule(simple).hash);
  });
});

describe('var scope (§5.3: var only inside quantifiers / aggregate values)', () => {
  it('var reads the innermost element in nested quantifiers', () => {
    expect(
      treeOfExpr(
        '{any: [{field: "context.orders"}, {all: [{var: "$.lines"}, {gt: [{var: "$.qty"}, 0]}]}]}',
      ),
    ).toStrictEqual(
      n(
        'any',
        field('context.orders'),
        n('all', variable('$.lines'), n('gt', variable('$.qty'), num('0.00000000000000'))),
      ),
    );
  });

  it('aggregate value may read $; its array operand may not (outside a quantifier)', () => {
    expect(
      treeOfExpr('{gt: [{aggregate: [avg, {field: "context.xs"}, {var: "$"}]}, 1]}'),
    ).toStrictEqual(
      n(
        'gt',
        { node: 'aggregate', fn: 'avg', args: [field('context.xs'), variable('$')] },
        num('1.00000000000000'),
      ),
    );
  });

  it.each(['"$."', '"$..a"', '"$ .a"', '"$a"', '5'])('var %s is E405', (p) => {
    const r = compileExpr(`{any: [{field: "context.xs"}, {eq: [{var: ${p}}, 1]}]}`);
    expect(codes(r, 'error')).toEqual(['ERDL-E405']);
  });
});

describe('static type checks', () => {
  it.each([
    // date-valued nodes compare with date strings and with each other
    '{lt: [{date_add: [{field: "context.d"}, "1d"]}, "2026-01-01"]}',
    '{eq: [{month_last_day: "2026-02-10"}, {date_add: ["2026-02-01", "27d"]}]}',
    '{starts_with: [{date_add: [{field: "context.d"}, "1d"]}, "2026"]}',
    // fields and vars are `any`: accepted everywhere, checked at evaluation (E11)
    '{gt: [{add: [{field: "context.a"}, {field: "context.b"}]}, {field: "context.c"}]}',
    '{and: [{field: "context.x"}, {not: {field: "context.y"}}]}',
    '{contains: [{field: "context.list"}, "x"]}',
    // null fits eq / ne / in
    '{ne: [{field: "context.a"}, null]}',
    '{in: [null, [1, null]]}',
    // booleans compare with eq / ne
    '{eq: [{gt: [{field: "context.a"}, 1]}, false]}',
    '{eq: [{date_part: [year, "2026-02-28T23:59:59+08:00"]}, 2026]}',
  ])('accepts %s', (y) => {
    expect(codes(compileExpr(y), 'error')).toEqual([]);
  });

  it.each([
    ['{gt: [5, "5"]}', 'gt: expected number here, got string'],
    ['{eq: [{length: {field: "context.a"}}, true]}', 'eq: expected number here, got true/false'],
    [
      '{lt: [{field: "context.a"}, false]}',
      'lt: expected number, string or date here, got true/false',
    ],
    ['{add: [{field: "context.a"}, null]}', 'add: expected number here, got null'],
    ['{contains: [true, "t"]}', 'contains: expected string or list here, got true/false'],
  ])('rejects %s with E404', (y, message) => {
    const r = compileExpr(y.startsWith('{add') ? `{gt: [${y}, 1]}` : y);
    expect(codes(r, 'error')).toEqual(['ERDL-E404']);
    expect(messages(r, 'ERDL-E404')).toEqual([message]);
  });

  it.each([
    '2026-02-29',
    '2025-13-01',
    '2026-04-31',
    '2026-01-01T24:00:00Z',
    '2026-01-01T10:60Z',
    '2026-01-01T10:00:00+25:00',
  ])('rejects the impossible date %s', (d) => {
    const r = compileExpr(`{gt: [{epoch_ms: "${d}"}, 0]}`);
    expect(codes(r, 'error')).toEqual(['ERDL-E404']);
  });

  it.each([
    '2028-02-29',
    '2000-02-29',
    '2026-01-31T08:00Z',
    '2026-01-31T08:00:00.123456789+05:30',
    '2026-01-31 08:00:00',
    '2026-12-31T23:59:59-0800',
  ])('accepts the date %s', (d) => {
    expect(codes(compileExpr(`{gt: [{epoch_ms: "${d}"}, 0]}`), 'error')).toEqual([]);
  });
});
