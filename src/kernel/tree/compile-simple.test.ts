// Projection A (§5.2): every one of the 30 Simple operators compiles to exactly the tree shape of
// the authoritative compile mapping, and every invalid form is rejected with its own code. The
// tables below are keyed by the vocabulary (SIMPLE_OPERATORS), so adding an operator without an
// example here fails both type-checking and the "covers every operator" tests.
import { describe, expect, it } from 'vitest';
import {
  type ConditionOperator,
  SIMPLE_OPERATORS,
  type SimpleOperator,
} from '../vocabulary/operators';
import {
  bool,
  canonical,
  codes,
  compileWhenText,
  field,
  list,
  messages,
  n,
  nul,
  num,
  onlyRule,
  str,
  treeOf,
} from './test-support';

const F = 'context.v';
const f = field(F);

/** One condition in flow style: `- {field: …, operator: …, value: …}` plus extra keys. */
function condition(operator: string, value?: string, extra = ''): string {
  const v = value === undefined ? '' : `, value: ${value}`;
  return `logic: AND\nconditions:\n  - {field: "${F}", operator: ${operator}${v}${extra}}`;
}

const exists = n('exists', f);
const guardedNot = (positive: unknown) => n('and', exists, n('not', positive));
const lengthCmp = (cmp: string, k: string) => n('and', exists, n(cmp, n('length', f), num(k)));
const countCmp = (cmp: string, k: string) =>
  n('and', exists, n(cmp, { node: 'aggregate', fn: 'count', args: [f] }, num(k)));
const abList = list([
  { type: 'string', value: 'a' },
  { type: 'string', value: 'b' },
]);

/**
 * §5.2 "Authoritative compile mapping", written out by hand for each operator (not derived from the
 * vocabulary's `compile` column, so a wrong column is caught). within / rate are modifiers: their
 * example is a condition (eq "x") carrying the modifier.
 */
const EXAMPLES = {
  eq: { value: '"x"', tree: n('eq', f, str('x')) },
  ne: { value: 'null', tree: n('ne', f, nul()) },
  gt: { value: '100', tree: n('gt', f, num('100.00000000000000')) },
  gte: { value: '"b"', tree: n('gte', f, str('b')) },
  lt: { value: '0.5', tree: n('lt', f, num('0.50000000000000')) },
  lte: { value: '-3', tree: n('lte', f, num('-3.00000000000000')) },
  in: { value: '["a", "b"]', tree: n('in', f, abList) },
  not_in: { value: '["a", "b"]', tree: guardedNot(n('in', f, abList)) },
  contains: { value: '"rm -rf"', tree: n('contains', f, str('rm -rf')) },
  not_contains: { value: '"rm -rf"', tree: guardedNot(n('contains', f, str('rm -rf'))) },
  match: { value: '"^[a-z]+\\\\d{2}$"', tree: n('match', f, str('^[a-z]+\\d{2}$')) },
  starts_with: { value: '"/etc"', tree: n('starts_with', f, str('/etc')) },
  ends_with: { value: '".pem"', tree: n('ends_with', f, str('.pem')) },
  not_starts_with: { value: '"/tmp"', tree: guardedNot(n('starts_with', f, str('/tmp'))) },
  not_ends_with: { value: '".txt"', tree: guardedNot(n('ends_with', f, str('.txt'))) },
  exists: { value: undefined, tree: exists },
  not_exists: { value: undefined, tree: n('not', exists) },
  length_gt: { value: '3', tree: lengthCmp('gt', '3.00000000000000') },
  length_gte: { value: '3', tree: lengthCmp('gte', '3.00000000000000') },
  length_lt: { value: '3', tree: lengthCmp('lt', '3.00000000000000') },
  length_lte: { value: '3', tree: lengthCmp('lte', '3.00000000000000') },
  length_eq: { value: '0', tree: lengthCmp('eq', '0.00000000000000') },
  between: {
    value: '[1, 10]',
    tree: n('between', f, num('1.00000000000000'), num('10.00000000000000')),
  },
  not_between: {
    value: '[1, 10]',
    tree: guardedNot(n('between', f, num('1.00000000000000'), num('10.00000000000000'))),
  },
  count_gt: { value: '2', tree: countCmp('gt', '2.00000000000000') },
  count_gte: { value: '2', tree: countCmp('gte', '2.00000000000000') },
  count_lt: { value: '2', tree: countCmp('lt', '2.00000000000000') },
  count_lte: { value: '2', tree: countCmp('lte', '2.00000000000000') },
  within: {
    modifier: 'within: "10m"',
    tree: { node: 'within', window: '10m', args: [n('eq', f, str('x'))] },
  },
  rate: {
    modifier: 'rate: "5/1h"',
    tree: { node: 'rate', limit: 5, window: '1h', args: [n('eq', f, str('x'))] },
  },
} satisfies Record<
  SimpleOperator,
  { value: string | undefined; tree: unknown } | { modifier: string; tree: unknown }
>;

/** Values each condition operator must reject with E307 (wrong operand kind). */
const BAD_VALUES = {
  eq: ['[1, 2]', '{a: 1}'],
  ne: ['["x"]'],
  gt: ['true', 'null', '[1]'],
  gte: ['false', '{a: 1}'],
  lt: ['null', '[1]'],
  lte: ['true'],
  in: ['"a"', '5', '{a: 1}'],
  not_in: ['"a"', 'null'],
  contains: ['5', 'true', '["a"]'],
  not_contains: ['5', 'null'],
  match: ['5', '["a"]'],
  starts_with: ['5', 'false'],
  ends_with: ['1.5', '["a"]'],
  not_starts_with: ['5'],
  not_ends_with: ['null'],
  exists: [],
  not_exists: [],
  length_gt: ['-1', '1.5', '"3"'],
  length_gte: ['[3]'],
  length_lt: ['true'],
  length_lte: ['-0.5'],
  length_eq: ['"0"'],
  between: ['5', '[1]', '[1, 2, 3]', '[1, "a"]', '["a", "b"]'],
  not_between: ['[true, 2]', '"1-2"'],
  count_gt: ['-1', '2.5'],
  count_gte: ['"2"'],
  count_lt: ['null'],
  count_lte: ['[2]'],
} satisfies Record<ConditionOperator, string[]>;

describe('the 30 Simple operators (§5.2)', () => {
  it('the vocabulary is the §5.2 set: 28 conditions + 2 modifiers, mapped 13/6/9/2', () => {
    const names = SIMPLE_OPERATORS.map((o) => o.name);
    expect(names).toHaveLength(30);
    expect(new Set(names).size).toBe(30);
    const by = (k: string) => SIMPLE_OPERATORS.filter((o) => o.compile === k).map((o) => o.name);
    expect(by('direct').sort()).toEqual(
      [
        ...['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in'],
        ...['contains', 'starts_with', 'ends_with', 'match', 'exists', 'between'],
      ].sort(),
    );
    expect([...by('guarded-not'), ...by('not-exists')].sort()).toEqual(
      [
        'not_in',
        'not_contains',
        'not_starts_with',
        'not_ends_with',
        'not_exists',
        'not_between',
      ].sort(),
    );
    expect([...by('guarded-length'), ...by('guarded-count')]).toHaveLength(9);
    expect(by('modifier')).toEqual(['within', 'rate']);
  });

  it('has a compile example for every operator in the vocabulary', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual(SIMPLE_OPERATORS.map((o) => o.name).sort());
  });

  it('has invalid-operand cases for every condition operator', () => {
    const conditionOps = SIMPLE_OPERATORS.filter((o) => o.compile !== 'modifier');
    expect(Object.keys(BAD_VALUES).sort()).toEqual(conditionOps.map((o) => o.name).sort());
    for (const op of conditionOps) {
      const bad = BAD_VALUES[op.name as ConditionOperator];
      // exists / not_exists take no value at all: their invalid form is E308 (tested below).
      if (op.operand === 'none') expect(bad).toEqual([]);
      else expect(bad.length, op.name).toBeGreaterThan(0);
    }
  });

  for (const op of SIMPLE_OPERATORS) {
    const example = EXAMPLES[op.name];
    it(`${op.name} compiles to its §5.2 tree`, () => {
      const when =
        'modifier' in example
          ? condition('eq', '"x"', `, ${example.modifier}`)
          : condition(op.name, example.value);
      const r = compileWhenText(when);
      expect(codes(r, 'error')).toEqual([]);
      expect(canonical(onlyRule(r).when)).toStrictEqual(example.tree);
    });
  }

  for (const [op, values] of Object.entries(BAD_VALUES)) {
    for (const value of values) {
      it(`${op} rejects value ${value} (E307)`, () => {
        const r = compileWhenText(condition(op, value));
        expect(r.ok).toBe(false);
        expect(codes(r, 'error')).toEqual(['ERDL-E307']);
        expect(messages(r, 'ERDL-E307')[0]).toContain(`Operator ${op} needs`);
      });
    }
    if (values.length > 0) {
      it(`${op} without a value is E307`, () => {
        expect(codes(compileWhenText(condition(op)), 'error')).toEqual(['ERDL-E307']);
      });
    }
  }
});

describe('Simple condition errors', () => {
  it.each([
    ['exists', '"x"'],
    ['exists', 'null'],
    ['not_exists', 'true'],
  ])('%s with a value %s is E308', (op, value) => {
    const r = compileWhenText(condition(op, value));
    expect(codes(r, 'error')).toEqual(['ERDL-E308']);
    expect(messages(r, 'ERDL-E308')[0]).toBe(
      `Operator ${op} takes no value (use ${op === 'exists' ? 'not_exists' : 'exists'} for the opposite)`,
    );
  });

  it.each(['between', 'not_between'])('%s with min > max is E309', (op) => {
    const r = compileWhenText(condition(op, '[10, 1.5]'));
    expect(codes(r, 'error')).toEqual(['ERDL-E309']);
    expect(messages(r, 'ERDL-E309')).toEqual(['between needs min ≤ max; got [10, 1.5]']);
  });

  it('between with min = max is a one-point range', () => {
    expect(treeOf(condition('between', '[2, 2]'))).toStrictEqual(
      n('between', f, num('2.00000000000000'), num('2.00000000000000')),
    );
  });

  it.each(['"10"', '"0m"', '"-5m"', '"10x"', '"1w"', '"1.5h"', '"10 m"', '600', 'null', '["10m"]'])(
    'within %s is an invalid window (E310)',
    (w) => {
      const r = compileWhenText(condition('eq', '"x"', `, within: ${w}`));
      expect(codes(r, 'error')).toEqual(['ERDL-E310']);
    },
  );

  it.each(['"5"', '"0/1h"', '"5/0h"', '"5/h"', '"5 / 1h"', '"five/1h"', '"-5/1h"', '"5/1w"', '5'])(
    'rate %s is an invalid rate (E311)',
    (rate) => {
      const r = compileWhenText(condition('eq', '"x"', `, rate: ${rate}`));
      expect(codes(r, 'error')).toEqual(['ERDL-E311']);
    },
  );

  it.each([
    ['within', '"10m"'],
    ['rate', '"5/1h"'],
  ])('operator: %s is E312 (a modifier, not an operator)', (op, value) => {
    const r = compileWhenText(condition(op, value));
    expect(codes(r, 'error')).toEqual(['ERDL-E312']);
    expect(messages(r, 'ERDL-E312')[0]).toBe(
      `${op} is a modifier written on a condition (e.g. ${op}: "${op === 'rate' ? '5/1h' : '10m'}"), not an operator`,
    );
  });

  it('within and rate on one condition is E313', () => {
    const r = compileWhenText(condition('eq', '"x"', ', within: "10m", rate: "5/1h"'));
    expect(codes(r, 'error')).toEqual(['ERDL-E313']);
  });

  it.each(['negate: true', 'values: ["a"]', 'op: eq'])('unknown condition key %s is E314', (kv) => {
    const r = compileWhenText(condition('eq', '"x"', `, ${kv}`));
    expect(codes(r, 'error')).toEqual(['ERDL-E314']);
    expect(messages(r, 'ERDL-E314')[0]).toContain(`"${kv.split(':')[0]}"`);
  });

  it('an unknown operator is E304 with a suggestion', () => {
    const r = compileWhenText(condition('equals', '"x"'));
    expect(codes(r, 'error')).toEqual(['ERDL-E304']);
    const r2 = compileWhenText(condition('not_containz', '"x"'));
    expect(messages(r2, 'ERDL-E304')).toEqual([
      'Unknown operator "not_containz" (did you mean "not_contains"?). Operators: eq, ne, gt, gte, lt, lte, in, not_in, contains, not_contains, match, starts_with, ends_with, not_starts_with, not_ends_with, exists, not_exists, length_gt, length_gte, length_lt, length_lte, length_eq, between, not_between, count_gt, count_gte, count_lt, count_lte',
    ]);
  });

  it('a condition without field or operator is E305 / E320', () => {
    expect(codes(compileWhenText('logic: AND\nconditions:\n  - {operator: exists}'))).toContain(
      'ERDL-E305',
    );
    expect(codes(compileWhenText(`logic: AND\nconditions:\n  - {field: "${F}"}`))).toContain(
      'ERDL-E320',
    );
  });

  describe('list limit (§5.2: in / not_in ≤ 256 items)', () => {
    const items = (k: number) => `[${Array.from({ length: k }, (_, i) => i).join(', ')}]`;
    it.each(['in', 'not_in'])('%s accepts 256 items', (op) => {
      const r = compileWhenText(condition(op, items(256)));
      expect(codes(r, 'error')).toEqual([]);
    });
    it.each(['in', 'not_in'])('%s rejects 257 items with E602', (op) => {
      const r = compileWhenText(condition(op, items(257)));
      expect(codes(r, 'error')).toEqual(['ERDL-E602']);
      expect(messages(r, 'ERDL-E602')).toEqual([
        'in / not_in lists hold at most 256 items; this one has 257',
      ]);
    });
    it('an empty list is allowed but warned (W317)', () => {
      const r = compileWhenText(condition('in', '[]'));
      expect(codes(r)).toEqual(['ERDL-W317']);
      expect(canonical(onlyRule(r).when)).toStrictEqual(n('in', f, list([])));
    });
    it('a list holds scalars only', () => {
      const r = compileWhenText(condition('in', '[["a"]]'));
      expect(r.ok).toBe(false);
    });
  });

  describe('match patterns (§5.2, §7.3(d))', () => {
    it.each([
      ['backreference', '"(a)\\\\1"'],
      ['lookahead', '"foo(?=bar)"'],
      ['negative lookahead', '"foo(?!bar)"'],
      ['lookbehind', '"(?<=a)b"'],
      ['negative lookbehind', '"(?<!a)b"'],
      ['possessive quantifier', '"a*+b"'],
      ['atomic group', '"(?>ab)"'],
    ])('rejects a %s with E603, naming it', (what, pattern) => {
      const r = compileWhenText(condition('match', pattern));
      expect(codes(r, 'error')).toEqual(['ERDL-E603']);
      const d = r.diagnostics.find((x) => x.code === 'ERDL-E603');
      const word = what.replace('negative ', '');
      expect(d?.message.en).toContain(word);
      expect(d?.message.en).not.toMatch(/invalid named capture|Perl/);
    });
    it('a lookbehind is named as one in both languages, at the construct', () => {
      const r = compileWhenText(condition('match', '"x(?<=a)b"'));
      const d = r.diagnostics.find((x) => x.code === 'ERDL-E603');
      expect(d?.message.en).toBe(
        'The pattern uses a lookbehind "(?<=…)" / "(?<!…)", which RE2 does not support (§5.2: a match must run in linear time)',
      );
      expect(d?.message.zh).toBe(
        '正则使用了后行断言“(?<=…)”/“(?<!…)”，RE2 不支持这种写法（§5.2：匹配必须在线性时间内完成）',
      );
    });
    it('a lookbehind-looking text inside a class or escaped is no lookbehind', () => {
      expect(codes(compileWhenText(condition('match', '"[(?<=]x"')), 'error')).toEqual([]);
      expect(codes(compileWhenText(condition('match', '"\\\\\\\\(?<n>a)"')), 'error')).toEqual([]);
    });
    it.each([
      ['"(ab"', '"(" is never closed'],
      ['"a**"', 'two quantifiers in a row'],
      ['"[z-a]"', 'a range whose end comes before its start'],
    ])('an invalid pattern %s is E606 in plain words', (pattern, words) => {
      const r = compileWhenText(condition('match', pattern));
      expect(codes(r, 'error')).toEqual(['ERDL-E606']);
      expect(r.diagnostics.find((x) => x.code === 'ERDL-E606')?.message.en).toContain(words);
    });
    it.each(['"(?i)abc"', '"(?i:abc)"', '"a(?s).b"', '"(?-i)x"'])(
      'rejects the inline flag in %s with E604',
      (pattern) => {
        const r = compileWhenText(condition('match', pattern));
        expect(codes(r, 'error')).toEqual(['ERDL-E604']);
      },
    );
    it('accepts RE2 syntax: classes, repetition, named groups', () => {
      const r = compileWhenText(condition('match', '"^(?P<user>[a-z]{2,8})@\\\\w+$"'));
      expect(codes(r, 'error')).toEqual([]);
      expect(canonical(onlyRule(r).when)).toStrictEqual(
        n('match', f, str('^(?P<user>[a-z]{2,8})@\\w+$')),
      );
    });
    it('the not_* forms are checked too (not_contains is not a regex, match is)', () => {
      expect(codes(compileWhenText(condition('not_contains', '"(a)\\\\1"')), 'error')).toEqual([]);
    });
  });

  it('an unknown namespace is a warning (W316), not an error', () => {
    const r = compileWhenText(
      'logic: AND\nconditions:\n  - {field: "request.user", operator: eq, value: "x"}',
    );
    expect(codes(r)).toEqual(['ERDL-W316']);
    expect(messages(r, 'ERDL-W316')).toEqual([
      'Field path "request.user" is outside the known namespaces (agent, tool, task, workflow, human, guardian, context)',
    ]);
    expect(canonical(onlyRule(r).when)).toStrictEqual(n('eq', field('request.user'), str('x')));
  });

  it('a misspelt namespace: did you mean, with a fix for the whole path (W316)', () => {
    const r = compileWhenText(
      'logic: AND\nconditions:\n  - {field: "tol.name", operator: eq, value: "x"}',
    );
    const d = r.diagnostics.find((x) => x.code === 'ERDL-W316');
    expect(d?.message.en).toBe(
      'Field path "tol.name" is outside the known namespaces (agent, tool, task, workflow, human, guardian, context) (did you mean "tool.name"?)',
    );
    expect(d?.message.zh).toBe(
      '字段路径“tol.name”不属于已知命名空间（agent、tool、task、workflow、human、guardian、context）（是否应为“tool.name”？）',
    );
    expect(d?.fix?.edits.map((e) => e.newText)).toEqual(['"tool.name"']);
  });

  it.each(['"context..a"', '"context. a"', '5', '""'])(
    'field %s is an invalid path (E306)',
    (p) => {
      const r = compileWhenText(`logic: AND\nconditions:\n  - {field: ${p}, operator: exists}`);
      expect(codes(r, 'error')).toEqual(['ERDL-E306']);
    },
  );
});

describe('aliases (§5.2 lenient aliases)', () => {
  it.each([
    ['matches', 'match', '"^a"'],
    ['neq', 'ne', '"x"'],
  ])('%s normalizes to %s (I315) and hashes like it', (alias, name, value) => {
    const viaAlias = compileWhenText(condition(alias, value));
    const canonicalName = compileWhenText(condition(name, value));
    expect(codes(viaAlias)).toEqual(['ERDL-I315']);
    expect(messages(viaAlias, 'ERDL-I315')).toEqual([
      `Alias "${alias}" is normalized to "${name}"`,
    ]);
    expect(viaAlias.diagnostics[0]?.fix?.edits[0]?.newText).toBe(name);
    expect(codes(canonicalName)).toEqual([]);
    const a = onlyRule(viaAlias);
    const b = onlyRule(canonicalName);
    expect(canonical(a.when)).toStrictEqual(canonical(b.when));
    expect(JSON.stringify(a.when)).not.toContain(alias);
    expect(a.hash).toBe(b.hash);
  });

  it('aliases are not accepted as modifiers or for other names', () => {
    expect(codes(compileWhenText(condition('not_match', '"a"')), 'error')).toEqual(['ERDL-E304']);
  });
});

describe('within / rate modifiers (§5.2 stateful operators)', () => {
  const cond = (mod: string) => condition('gt', '5', `, ${mod}`);
  const inner = n('gt', f, num('5.00000000000000'));

  it.each([
    ['"600s"', '"10m"', '10m'],
    ['"3600s"', '"1h"', '1h'],
    ['"1440m"', '"1d"', '1d'],
    ['"48h"', '"2d"', '2d'],
    ['"90s"', '"90s"', '90s'],
    ['"7d"', '"7d"', '7d'],
  ])('within %s and within %s give the same tree and hash', (a, b, window) => {
    const ra = onlyRule(compileWhenText(cond(`within: ${a}`)));
    const rb = onlyRule(compileWhenText(cond(`within: ${b}`)));
    expect(canonical(ra.when)).toStrictEqual({ node: 'within', window, args: [inner] });
    expect(ra.hash).toBe(rb.hash);
  });

  it.each([
    ['"5/60m"', '"5/1h"', 5, '1h'],
    ['"10/86400s"', '"10/1d"', 10, '1d'],
    ['"1/30s"', '"1/30s"', 1, '30s'],
  ])('rate %s and rate %s give the same tree and hash', (a, b, limit, window) => {
    const ra = onlyRule(compileWhenText(cond(`rate: ${a}`)));
    const rb = onlyRule(compileWhenText(cond(`rate: ${b}`)));
    expect(canonical(ra.when)).toStrictEqual({ node: 'rate', limit, window, args: [inner] });
    expect(ra.hash).toBe(rb.hash);
  });

  it('a modifier wraps the whole compiled condition, exists guard included', () => {
    expect(treeOf(condition('not_in', '["a"]', ', within: "5m"'))).toStrictEqual({
      node: 'within',
      window: '5m',
      args: [guardedNot(n('in', f, list([{ type: 'string', value: 'a' }])))],
    });
  });

  it('different windows hash differently', () => {
    const a = onlyRule(compileWhenText(cond('within: "10m"')));
    const b = onlyRule(compileWhenText(cond('within: "11m"')));
    expect(a.hash).not.toBe(b.hash);
  });
});

describe('logic and condition lists', () => {
  const two = (logic: string) =>
    `logic: ${logic}\nconditions:\n  - {field: "context.a", operator: exists}\n  - {field: "context.b", operator: eq, value: true}`;

  it.each([
    ['AND', 'and'],
    ['OR', 'or'],
  ])('logic %s → %s node, conditions in written order', (logic, node) => {
    expect(treeOf(two(logic))).toStrictEqual(
      n(node, n('exists', field('context.a')), n('eq', field('context.b'), bool(true))),
    );
  });

  it('one condition is unwrapped: AND and OR give the same tree and hash', () => {
    const one = (logic: string) =>
      `logic: ${logic}\nconditions:\n  - {field: "${F}", operator: eq, value: 1}`;
    const a = onlyRule(compileWhenText(one('AND')));
    const o = onlyRule(compileWhenText(one('OR')));
    expect(canonical(a.when)).toStrictEqual(n('eq', f, num('1.00000000000000')));
    expect(a.hash).toBe(o.hash);
  });

  it('guarded conditions under AND are flattened into one and', () => {
    const when = `logic: AND\nconditions:\n  - {field: "${F}", operator: not_in, value: ["a"]}\n  - {field: "context.n", operator: gt, value: 1}`;
    expect(treeOf(when)).toStrictEqual(
      n(
        'and',
        exists,
        n('not', n('in', f, list([{ type: 'string', value: 'a' }]))),
        n('gt', field('context.n'), num('1.00000000000000')),
      ),
    );
  });

  it('guarded conditions under OR keep their own and', () => {
    const when = `logic: OR\nconditions:\n  - {field: "${F}", operator: length_gt, value: 2}\n  - {field: "context.n", operator: not_exists}`;
    expect(treeOf(when)).toStrictEqual(
      n('or', lengthCmp('gt', '2.00000000000000'), n('not', n('exists', field('context.n')))),
    );
  });

  it.each([
    ['logic: and', 'ERDL-E302'],
    ['logic: XOR', 'ERDL-E302'],
  ])('%s is E302', (logic, code) => {
    const r = compileWhenText(`${logic}\nconditions:\n  - {field: "${F}", operator: exists}`);
    expect(codes(r, 'error')).toEqual([code]);
  });

  it('an empty condition list is E303', () => {
    expect(codes(compileWhenText('logic: AND\nconditions: []'), 'error')).toEqual(['ERDL-E303']);
  });
});
