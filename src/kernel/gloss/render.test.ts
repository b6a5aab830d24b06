import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile';
import { canonicalJson } from '../tree/canonical';
import type { ExprNode, LiteralNode } from '../tree/types';
import { DECISIONS } from '../vocabulary/decisions';
import { AGGREGATE_FUNCTIONS, DATE_PARTS, NODES } from '../vocabulary/nodes';
import { BUILTIN_FIELDS, type FieldDictionary } from './names';
import { DECISION_PHRASES, EXISTS, GRADE_C_MARK, ORDER_ZH } from './phrases';
import { type GlossOptions, renderGloss, renderGlossDetailed, renderRule } from './render';
import { joinZh } from './typography';

// ── tree builders ────────────────────────────────────────────────────────────────────────────
const f = (path: string): ExprNode => ({ node: 'field', path });
const v = (path: string): ExprNode => ({ node: 'var', path });
const num = (n: string): LiteralNode => ({
  node: 'literal',
  type: 'number',
  value: `${n.includes('.') ? n : `${n}.`}${'0'.repeat(14 - (n.split('.')[1]?.length ?? 0))}`,
});
const str = (s: string): LiteralNode => ({ node: 'literal', type: 'string', value: s });
const bool = (b: boolean): LiteralNode => ({ node: 'literal', type: 'boolean', value: b });
const nul: LiteralNode = { node: 'literal', type: 'null' };
const list = (...items: LiteralNode[]): LiteralNode =>
  ({
    node: 'literal',
    type: 'list',
    value: items.map(({ node: _n, ...rest }) => rest),
  }) as LiteralNode;
const dur = (d: string): LiteralNode => ({ node: 'literal', type: 'duration', value: d });
const n2 = (node: string, a: ExprNode, b: ExprNode) => ({ node, args: [a, b] }) as ExprNode;
const n1 = (node: string, a: ExprNode) => ({ node, args: [a] }) as ExprNode;
const and = (...args: ExprNode[]): ExprNode => ({ node: 'and', args });
const or = (...args: ExprNode[]): ExprNode => ({ node: 'or', args });
const not = (a: ExprNode): ExprNode => ({ node: 'not', args: [a] });

/** Where the Chinese wording departs from a §5.5 template (§8.3 allows it; I-94, docs/gloss.md). */
const ZH_DEPARTURES: Readonly<Record<string, string>> = {
  gt: ORDER_ZH.gt?.number ?? '',
  gte: ORDER_ZH.gte?.number ?? '',
  lt: ORDER_ZH.lt?.number ?? '',
  lte: ORDER_ZH.lte?.number ?? '',
  exists: EXISTS.zh,
};

const EN: GlossOptions = { lang: 'en' };
const ZH: GlossOptions = { lang: 'zh' };
const both = (t: ExprNode, o: Partial<GlossOptions> = {}) => ({
  en: renderGloss(t, { ...o, lang: 'en' }),
  zh: renderGloss(t, { ...o, lang: 'zh' }),
});

const SALES: FieldDictionary = new Map([
  ['tool.args.price', { zh: '售价', en: 'sale price' }],
  ['context.cost', { zh: '成本', en: 'cost' }],
]);

describe('§5.5 templates (read from vocabulary/nodes.ts)', () => {
  // Atoms for every slot: they never need parentheses, so the output is the template filled in.
  const A = f('tool.args.amount');
  const B = f('context.amount');
  const C = f('tool.name');
  const names = {
    en: { A: 'the amount', B: 'the amount', C: 'the tool name' },
    zh: { A: '金额', B: '金额', C: '工具名称' },
  };
  const fillTemplate = (tpl: string, vals: Record<string, string>) =>
    tpl.replace(/\{(\w+|[\u4e00-\u9fff]+)\}/g, (w, k: string) => vals[k] ?? w);

  const trees: Record<
    string,
    { tree: ExprNode; extra?: Record<'en' | 'zh', Record<string, string>> }
  > = {
    and: { tree: and(A, B) },
    or: { tree: or(A, B) },
    not: { tree: not(A) },
    length: { tree: n1('length', A) },
    exists: { tree: n1('exists', A) },
    epoch_ms: { tree: n1('epoch_ms', A) },
    month_last_day: { tree: n1('month_last_day', A) },
    between: { tree: { node: 'between', args: [A, B, C] } },
    round: { tree: { node: 'round', places: 0, args: [A] } },
    date_part: {
      tree: { node: 'date_part', part: 'month', args: [A] },
      extra: { en: { part: 'month' }, zh: { part: '月份' } },
    },
    date_add: {
      tree: n2('date_add', A, dur('2w')),
      extra: { en: { B: '2 weeks' }, zh: { B: '2 周' } },
    },
    within: {
      tree: { node: 'within', window: '10m', args: [A] },
      extra: { en: { window: '10 minutes' }, zh: { window: '10 分钟' } },
    },
    rate: {
      tree: { node: 'rate', limit: 5, window: '1h', args: [A] },
      extra: { en: { window: '1 hour', limit: '5' }, zh: { window: '1 小时', limit: '5' } },
    },
  };

  for (const info of NODES) {
    if (['field', 'var', 'literal', 'aggregate'].includes(info.name)) continue;
    it(`${info.name}: zh and en`, () => {
      const spec = trees[info.name] ?? { tree: n2(info.name, A, B) };
      for (const lang of ['en', 'zh'] as const) {
        // Operands in a condition position (and/or/not/modifiers) that are bare fields read "… is true".
        const bare = ['and', 'or', 'not', 'within', 'rate'].includes(info.name);
        const predicate = ['all', 'any', 'none'].includes(info.name);
        const wrap = (s: string, on: boolean) =>
          on ? (lang === 'en' ? `${s} is true` : `${s}为真`) : s;
        const vals = {
          A: wrap(names[lang].A, bare),
          B: wrap(names[lang].B, bare || predicate),
          C: names[lang].C,
          ...(spec.extra?.[lang] ?? {}),
        };
        // Chinese: the template's pieces joined by the seam rule (typography.ts), nothing else.
        const expected =
          lang === 'zh'
            ? joinZh(
                ...(ZH_DEPARTURES[info.name] ?? info.gloss.zh)
                  .split(/(\{(?:\w+|[\u4e00-\u9fff]+)\})/)
                  .map((part) => fillTemplate(part, vals)),
              )
            : fillTemplate(info.gloss.en, vals);
        expect(renderGloss(spec.tree, { lang })).toBe(expected);
      }
    });
  }

  for (const fn of AGGREGATE_FUNCTIONS) {
    it(`aggregate(${fn.name}): zh and en`, () => {
      const tree: ExprNode = { node: 'aggregate', fn: fn.name, args: [f('tool.args.items')] };
      expect(renderGloss(tree, EN)).toBe(fn.gloss.en.replace('{A}', 'the items argument'));
      expect(renderGloss(tree, ZH)).toBe(fn.gloss.zh.replace('{A}', '参数“items”'));
    });
  }

  it('field, var and literal are the display name, the element and the value', () => {
    expect(both(n2('eq', v('$'), v('$.unit_price')))).toEqual({
      en: "the item equals the item's unit price",
      zh: '该项等于该项的“unit_price”',
    });
    expect(both(n2('eq', f('tool.name'), str('issue_refund')))).toEqual({
      en: 'the tool name is "issue_refund"',
      zh: '工具名称为“issue_refund”',
    });
  });

  it('every date part reads in both languages', () => {
    for (const p of DATE_PARTS) {
      const t: ExprNode = { node: 'date_part', part: p.name, args: [f('task.due')] };
      expect(renderGloss(t, EN)).toBe(`the ${p.en} of the task's due`);
      expect(renderGloss(t, ZH)).toBe(`“task.due”的${p.zh}`);
    }
  });

  it('round with places says how many', () => {
    const r = (places: number): ExprNode => ({ node: 'round', places, args: [f('context.total')] });
    expect(both(r(1))).toEqual({
      en: 'the total rounded to 1 decimal place',
      zh: '“context.total”四舍五入保留 1 位小数后的值',
    });
    expect(both(r(2))).toEqual({
      en: 'the total rounded to 2 decimal places',
      zh: '“context.total”四舍五入保留 2 位小数后的值',
    });
  });

  it('aggregate with a per-element value reads "{value} over {array}"', () => {
    const t: ExprNode = {
      node: 'aggregate',
      fn: 'sum',
      args: [f('tool.args.items'), v('$.price')],
    };
    expect(both(t)).toEqual({
      en: "the sum of the item's price over the items argument",
      zh: '参数“items”中该项的“price”的总和',
    });
  });
});

describe('parentheses where precedence would be ambiguous', () => {
  it('§5.5: "(sale price minus cost) divided by sale price is less than 15%"', () => {
    const t = n2(
      'lt',
      n2('div', n2('sub', f('tool.args.price'), f('context.cost')), f('tool.args.price')),
      num('0.15'),
    );
    expect(both(t, { dictionary: SALES })).toEqual({
      en: '(sale price minus cost) divided by sale price is less than 15%',
      zh: '（售价－成本）÷售价低于 15%',
    });
  });

  it('and inside or and or inside and', () => {
    const a = n2('eq', f('tool.name'), str('a'));
    const b = n2('eq', f('task.type'), str('b'));
    const c = n2('gt', f('tool.args.amount'), num('3'));
    expect(both(and(a, or(b, c)))).toEqual({
      en: 'the tool name is "a" and (the task type is "b" or the amount is greater than 3)',
      zh: '工具名称为“a”且（任务类型为“b”或金额超过 3）',
    });
    expect(both(or(and(a, b), c))).toEqual({
      en: '(the tool name is "a" and the task type is "b") or the amount is greater than 3',
      zh: '（工具名称为“a”且任务类型为“b”）或金额超过 3',
    });
    // Unnormalized nesting of the same kind keeps the tree's grouping visible.
    expect(renderGloss(and(a, and(b, c)), EN)).toBe(
      'the tool name is "a" and (the task type is "b" and the amount is greater than 3)',
    );
  });

  it('arithmetic: lower precedence inside higher, and the right operand of minus / divided by', () => {
    const a = f('context.a');
    const b = f('context.b');
    const gt = (x: ExprNode) => renderGloss(n2('gt', x, num('10')), EN);
    expect(gt(n2('add', n2('mul', a, num('2')), b))).toBe(
      'the a times 2 plus the b is greater than 10',
    );
    expect(gt(n2('mul', n2('add', a, num('2')), b))).toBe(
      '(the a plus 2) times the b is greater than 10',
    );
    expect(gt(n2('sub', a, n2('sub', b, num('1'))))).toBe(
      'the a minus (the b minus 1) is greater than 10',
    );
    expect(gt(n2('sub', n2('sub', a, b), num('1')))).toBe(
      'the a minus the b minus 1 is greater than 10',
    );
    expect(gt(n2('add', a, n2('add', b, num('1'))))).toBe(
      'the a plus the b plus 1 is greater than 10',
    );
    expect(gt(n2('div', a, n2('mul', b, num('2'))))).toBe(
      'the a divided by (the b times 2) is greater than 10',
    );
    expect(gt(n2('mul', a, n2('mul', b, num('2'))))).toBe(
      'the a times the b times 2 is greater than 10',
    );
  });

  it('function-like readings are closed off where the next word could bind to them', () => {
    const a = f('tool.args.command');
    expect(both(n2('gt', n2('add', n1('length', a), num('1')), num('10')))).toEqual({
      en: '(the length of the command) plus 1 is greater than 10',
      zh: '命令的长度＋1 超过 10',
    });
    expect(both(n2('gt', n2('add', num('1'), n1('length', a)), num('10')))).toEqual({
      en: '1 plus the length of the command is greater than 10',
      zh: '1＋（命令的长度）超过 10',
    });
    const round: ExprNode = {
      node: 'round',
      places: 0,
      args: [n2('div', f('context.a'), num('3'))],
    };
    expect(both(round)).toEqual({
      en: '(the a divided by 3) rounded',
      zh: '（“context.a”÷3）四舍五入取整后的值',
    });
    const sumRounded: ExprNode = {
      node: 'round',
      places: 0,
      args: [{ node: 'aggregate', fn: 'sum', args: [f('context.xs')] }],
    };
    expect(both(sumRounded)).toEqual({
      en: '(the sum of the xs) rounded',
      zh: '“context.xs”的总和四舍五入取整后的值',
    });
    const days = n2('days_between', n1('month_last_day', f('task.due')), f('task.done'));
    expect(renderGloss(days, EN)).toBe(
      "days between (the last day of the month of the task's due) and the task's done",
    );
  });

  it('a condition used as a value, and a quantifier that is not the last operand', () => {
    expect(both(n2('eq', n2('gt', f('context.a'), num('1')), bool(true)))).toEqual({
      en: '(the a is greater than 1) is true',
      zh: '（“context.a”超过 1）为真',
    });
    const any: ExprNode = { node: 'any', args: [f('context.xs'), n2('gt', v('$'), num('0'))] };
    expect(renderGloss(and(any, n2('eq', f('tool.name'), str('x'))), EN)).toBe(
      '(some item in the xs satisfies: the item is greater than 0) and the tool name is "x"',
    );
    expect(renderGloss(and(n2('eq', f('tool.name'), str('x')), any), EN)).toBe(
      'the tool name is "x" and some item in the xs satisfies: the item is greater than 0',
    );
    // The predicate after the colon is never wrapped.
    const all: ExprNode = {
      node: 'all',
      args: [f('context.xs'), or(n2('gt', v('$'), num('0')), n2('eq', v('$'), nul))],
    };
    expect(renderGloss(all, EN)).toBe(
      'every item in the xs satisfies: the item is greater than 0 or the item is null or missing',
    );
  });

  it('a modifier around a compound condition', () => {
    const t: ExprNode = {
      node: 'within',
      window: '1d',
      args: [or(n2('eq', f('tool.name'), str('a')), n2('eq', f('tool.name'), str('b')))],
    };
    expect(both(t)).toEqual({
      en: '(the tool name is "a" or the tool name is "b") (again within 1 day)',
      zh: '（工具名称为“a”或工具名称为“b”）（1 天内再次发生）',
    });
  });
});

describe('compiled Simple shapes read naturally', () => {
  const cmd = f('tool.args.command');
  const guard = (x: ExprNode) => and(n1('exists', cmd), x);
  it('exists(f) AND not(in(f, L)) → "f is not in L"; the other guarded negations alike', () => {
    expect(both(guard(not(n2('in', cmd, list(str('rm'), str('dd'))))))).toEqual({
      en: 'the command is not in ["rm", "dd"]',
      zh: '命令不在“rm”、“dd”之列',
    });
    expect(both(guard(not(n2('contains', cmd, str('sudo')))))).toEqual({
      en: 'the command does not contain "sudo"',
      zh: '命令不包含“sudo”',
    });
    expect(both(guard(not(n2('starts_with', cmd, str('/')))))).toEqual({
      en: 'the command does not start with "/"',
      zh: '命令不以“/”开头',
    });
    expect(both(guard(not(n2('ends_with', cmd, str('.sh')))))).toEqual({
      en: 'the command does not end with ".sh"',
      zh: '命令不以“.sh”结尾',
    });
    const nb = guard(not({ node: 'between', args: [cmd, num('1'), num('2')] }));
    expect(both(nb)).toEqual({
      en: 'the command is not between 1 and 2',
      zh: '命令不介于 1 与 2 之间',
    });
  });

  it('length and count guards read as the comparison alone', () => {
    expect(both(guard(n2('gt', n1('length', cmd), num('3'))))).toEqual({
      en: 'the length of the command is greater than 3',
      zh: '命令的长度超过 3',
    });
    const count: ExprNode = { node: 'aggregate', fn: 'count', args: [cmd] };
    expect(both(guard(n2('lte', count, num('3'))))).toEqual({
      en: 'the count of the command is less than or equal to 3',
      zh: '命令的元素个数不超过 3',
    });
  });

  it('a bare not(exists(f)) reads "f does not exist"; a bare not(P) keeps "not (…)"', () => {
    expect(both(not(n1('exists', cmd)))).toEqual({
      en: 'the command does not exist',
      zh: '命令未提供',
    });
    // Without the guard the negation is also true for a missing field: the literal template says so.
    expect(both(not(n2('in', cmd, list(str('rm')))))).toEqual({
      en: 'not (the command is in ["rm"])',
      zh: '非（命令为“rm”）',
    });
  });

  it('guards are merged only for the same operand, and only inside and', () => {
    const other = and(n1('exists', f('tool.name')), not(n2('in', cmd, list(str('rm')))));
    expect(renderGloss(other, EN)).toBe('the tool name exists and not (the command is in ["rm"])');
    const flattened = and(
      n2('eq', f('tool.name'), str('run')),
      n1('exists', cmd),
      not(n2('in', cmd, list(str('rm')))),
      n1('exists', cmd),
      n2('gt', n1('length', cmd), num('100')),
    );
    expect(renderGloss(flattened, EN)).toBe(
      'the tool name is "run" and the command is not in ["rm"] and the length of the command is greater than 100',
    );
  });

  it('the whole Simple table of §5.2 compiles and reads without "exists" noise', () => {
    const r = compileDocument(
      `protocol: "erdl/v2"\nversion: "2.1.0"\nmetadata:\n  name: "x"\n  decision: ALLOW\nrules:\n  - name: "GEN-001-x"\n    description: "x"\n    priority: 10\n    when:\n      logic: OR\n      conditions:\n        - field: "tool.name"\n          operator: eq\n          value: "t"\n        - field: "tool.args.command"\n          operator: not_in\n          value: ["rm"]\n        - field: "tool.args.command"\n          operator: length_gt\n          value: 3\n    then: NOTIFY\n`,
    );
    const tree = r.document?.rules[0]?.when as ExprNode;
    expect(both(tree)).toEqual({
      en: 'the tool name is "t" or the command is not in ["rm"] or the length of the command is greater than 3',
      zh: '工具名称为“t”或命令不为“rm”或命令的长度超过 3',
    });
  });
});

describe('exists: the is_* / has_* boolean-field special case (§5.5)', () => {
  const names: FieldDictionary = new Map([
    ['human.has_been_notified', { zh: '是否已告知', en: 'has been notified' }],
    ['context.is_vip', { zh: '是否贵宾', en: 'the VIP flag' }],
  ]);
  it('reads "{A} is true" / `{A} 为“是”`, and its negation "is not true"', () => {
    expect(both(n1('exists', f('human.has_been_notified')), { dictionary: names })).toEqual({
      en: 'has been notified is true',
      zh: '是否已告知为“是”',
    });
    expect(both(not(n1('exists', f('context.is_vip'))), { dictionary: names })).toEqual({
      en: 'the VIP flag is not true',
      zh: '是否贵宾不为“是”',
    });
  });
  it('tests the last path segment only', () => {
    expect(renderGloss(n1('exists', f('context.is_vip.since')), EN)).toBe(
      'the is vip since exists',
    );
    expect(renderGloss(n1('exists', f('context.flags.has_card')), EN)).toBe(
      'the flags has card is true',
    );
    expect(renderGloss(n1('exists', v('$.is_open')), ZH)).toBe('该项的“is_open”为“是”');
    expect(renderGloss(n1('exists', f('context.this_is_x')), EN)).toBe('the this is x exists');
  });
});

describe('literals', () => {
  const eq = (x: ExprNode, o: GlossOptions = EN) => renderGloss(n2('eq', f('tool.name'), x), o);
  it('numbers in their shortest exact decimal form', () => {
    expect(eq(num('5000'))).toBe('the tool name equals 5,000');
    expect(eq(num('0.15'))).toBe('the tool name equals 0.15');
    expect(eq(num('-2.5'))).toBe('the tool name equals -2.5');
    expect(eq(num('0'))).toBe('the tool name equals 0');
    expect(eq(num('123456789012345678901234567890.00000000000001'))).toBe(
      'the tool name equals 123,456,789,012,345,678,901,234,567,890.00000000000001',
    );
  });
  it('a fraction compared with a ratio reads as the same percentage; other numbers do not', () => {
    const ratio = n2('div', f('context.a'), f('context.b'));
    expect(renderGloss(n2('gte', ratio, num('0.125')), EN)).toBe(
      'the a divided by the b is greater than or equal to 12.5%',
    );
    expect(renderGloss(n2('lt', num('0.5'), ratio), ZH)).toBe('50% 低于“context.a”÷“context.b”');
    expect(renderGloss(n2('lt', ratio, num('2')), EN)).toBe(
      'the a divided by the b is less than 2',
    );
    expect(renderGloss(n2('lt', f('context.a'), num('0.15')), EN)).toBe('the a is less than 0.15');
  });
  it('strings quoted per language, control characters escaped to keep one line', () => {
    expect(eq(str('a "b"\nc\t'))).toBe('the tool name is "a "b"\\nc\\t"');
    expect(eq(str('退款'), ZH)).toBe('工具名称为“退款”');
    expect(eq(str('x\u2028y'))).toBe('the tool name is "x\\u2028y"');
  });
  it('bidi controls and invisible characters shown as their code point (I-88), in literals, patterns, lists and paths', () => {
    expect(both(n2('eq', f('tool.name'), str('\u202Etnuocca_eteled\u202C')))).toEqual({
      en: 'the tool name is "⟨U+202E⟩tnuocca_eteled⟨U+202C⟩"',
      zh: '工具名称为“⟨U+202E⟩tnuocca_eteled⟨U+202C⟩”',
    });
    expect(eq(str('a\u200Bb\u{E0041}'))).toBe('the tool name is "a⟨U+200B⟩b⟨U+E0041⟩"');
    expect(renderGloss(n2('match', f('tool.name'), str('^rm\u2066')), EN)).toContain(
      '/^rm⟨U+2066⟩/',
    );
    expect(eq(list(str('x\u00AD')), ZH)).toContain('“x⟨U+00AD⟩”');
    for (const lang of ['en', 'zh'] as const) {
      const text = renderGloss(n2('eq', f('tool.na\u200Dme'), str('v')), { lang });
      expect(text).toContain('⟨U+200D⟩');
      expect(text).not.toMatch(/[\u200B-\u200F\u202A-\u202E\u2066-\u2069]/u);
    }
  });
  it('booleans and null in words; lists; the empty list', () => {
    expect(both(n2('eq', f('tool.name'), bool(true)))).toEqual({
      en: 'the tool name is true',
      zh: '工具名称为真',
    });
    expect(eq(bool(false), ZH)).toBe('工具名称为假');
    expect(eq(nul, ZH)).toBe('工具名称为空或未提供');
    expect(eq(nul)).toBe('the tool name is null or missing');
    // I-32: eq(x, null) matches a missing field too, and the gloss says so, either side; ne(x, null)
    // needs the field present.
    expect(both(n2('eq', nul, f('tool.name')))).toEqual({
      en: 'the tool name is null or missing',
      zh: '工具名称为空或未提供',
    });
    expect(both(n2('ne', f('tool.name'), nul))).toEqual({
      en: 'the tool name is present and not null',
      zh: '工具名称已提供且不为空',
    });
    // Text reads 为 / 不为; a number keeps 等于; two fields keep 等于.
    expect(both(n2('ne', f('tool.name'), str('x')))).toEqual({
      en: 'the tool name is not "x"',
      zh: '工具名称不为“x”',
    });
    expect(renderGloss(n2('eq', f('tool.args.amount'), num('5000')), ZH)).toBe('金额等于 5,000');
    expect(renderGloss(n2('eq', f('tool.args.amount'), f('context.amount')), ZH)).toBe(
      '金额等于金额',
    );
    const l = n2('in', f('tool.name'), list(str('a'), num('1'), bool(false), nul));
    expect(both(l)).toEqual({
      en: 'the tool name is in ["a", 1, false, null]',
      zh: '工具名称为“a”、1、假、空之一',
    });
    expect(both(n2('in', f('tool.name'), list()))).toEqual({
      en: 'the tool name is in an empty list',
      zh: '工具名称属于空列表',
    });
  });
  it('regex verbatim between slashes; dates bare beside date values; durations in words', () => {
    expect(both(n2('match', f('tool.args.command'), str('^rm\\s+-rf\\b')))).toEqual({
      en: 'the command matches regex /^rm\\s+-rf\\b/',
      zh: '命令匹配正则表达式 /^rm\\s+-rf\\b/',
    });
    const due = n2('date_add', f('task.due'), dur('1mo'));
    expect(both(n2('gt', due, str('2026-01-31')))).toEqual({
      en: "the task's due plus 1 month duration is greater than 2026-01-31",
      zh: '“task.due”加 1 个月晚于 2026-01-31',
    });
    expect(renderGloss(n2('days_between', str('2026-01-01'), f('task.due')), EN)).toBe(
      "days between 2026-01-01 and the task's due",
    );
    for (const [d, en, zh] of [
      ['30s', '30 seconds', '30 秒'],
      ['1m', '1 minute', '1 分钟'],
      ['2h', '2 hours', '2 小时'],
      ['1d', '1 day', '1 天'],
      ['3w', '3 weeks', '3 周'],
      ['-1y', '-1 year', '-1 年'],
      ['6mo', '6 months', '6 个月'],
    ] as const) {
      const t = n2('date_add', f('task.due'), dur(d));
      expect(renderGloss(t, EN)).toBe(`the task's due plus ${en} duration`);
      expect(renderGloss(t, ZH)).toBe(`“task.due”加 ${zh}`);
    }
  });
});

describe('display names (G3)', () => {
  const t = n2('gt', f('context.amount'), num('1'));
  it('column label > user dictionary > built-in, per language', () => {
    const dictionary: FieldDictionary = new Map([
      ['context.amount', { zh: '申请额', en: 'the claim' }],
    ]);
    expect(renderGloss(t, EN)).toBe('the amount is greater than 1');
    expect(renderGloss(t, { lang: 'en', dictionary })).toBe('the claim is greater than 1');
    const labels = new Map([['context.amount', 'application amount']]);
    expect(renderGloss(t, { lang: 'en', dictionary, labels })).toBe(
      'application amount is greater than 1',
    );
    expect(renderGloss(t, { lang: 'zh', dictionary, labels })).toBe('application amount 超过 1');
    const zhOnly = new Map([['context.amount', { zh: '申请金额' }]]);
    expect(renderGloss(t, { lang: 'zh', dictionary, labels: zhOnly })).toBe('申请金额超过 1');
    expect(renderGloss(t, { lang: 'en', dictionary, labels: zhOnly })).toBe(
      'the claim is greater than 1',
    );
  });

  it('wildcards: exact beats wildcard, the longest wildcard wins, {name} is the humanized rest', () => {
    const dictionary: FieldDictionary = new Map([
      ['tool.args.*', { en: 'argument {name}' }],
      ['tool.args.customer.*', { en: "the customer's {name}" }],
      ['tool.args.customer.id', { en: 'the customer number' }],
    ]);
    const r = (p: string) => renderGloss(n1('exists', f(p)), { lang: 'en', dictionary });
    expect(r('tool.args.customer.id')).toBe('the customer number exists');
    expect(r('tool.args.customer.emailAddress')).toBe("the customer's email address exists");
    expect(r('tool.args.recipient_email')).toBe('argument recipient email exists');
    // The user's wildcard beats the built-in exact name: the user dictionary comes first.
    expect(r('tool.args.amount')).toBe('argument amount exists');
  });

  it('built-in names for the six entities and common fields; nothing unnamed among them', () => {
    for (const path of BUILTIN_FIELDS.keys()) {
      if (path.endsWith('.*')) continue;
      const g = renderGlossDetailed(n1('exists', f(path)), EN);
      expect(g.unnamed).toEqual([]);
      expect(g.text).toBe(`${BUILTIN_FIELDS.get(path)?.en} exists`);
    }
    expect(renderGloss(n1('exists', f('human')), ZH)).toBe('审批人已提供');
  });

  it('no display name: a readable fallback, reported as unnamed, never the raw path', () => {
    const g = (lang: 'en' | 'zh', p: string) => renderGlossDetailed(n1('exists', f(p)), { lang });
    expect(g('en', 'agent.trust_level').text).toBe("the agent's trust level exists");
    expect(g('zh', 'agent.trust_level').text).toBe('“agent.trust_level”已提供');
    expect(g('en', 'agent.trust_level').unnamed.map((n) => (n as { path: string }).path)).toEqual([
      'agent.trust_level',
    ]);
    expect(g('en', 'billing.invoiceTotal').text).toBe('the billing invoice total exists');
    expect(g('zh', 'billing.invoiceTotal').text).toBe('“billing.invoiceTotal”已提供');
    // tool.args.* and context.* are built-in wildcards, so they are named.
    expect(g('en', 'tool.args.sku').unnamed).toEqual([]);
    expect(g('en', 'context.region').text).toBe('the region exists');
  });

  it('property: a field path never appears in an English gloss; in Chinese only quoted as code', () => {
    const segment = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_$-]{0,8}$/);
    fc.assert(
      fc.property(fc.array(segment, { minLength: 2, maxLength: 4 }), fc.boolean(), (segs, zh) => {
        const path = segs.join('.');
        const text = renderGloss(n2('eq', f(path), f(path)), { lang: zh ? 'zh' : 'en' });
        if (!zh) return !text.includes(path) && !text.includes('.');
        // Chinese: no humanized English words (issue 37); a path read as code is quoted “…”.
        return !text.replace(/“[^”]*”/g, '').includes('.');
      }),
      { numRuns: 300 },
    );
  });
});

describe('rule sentences', () => {
  const when = n2('gt', f('tool.args.amount'), num('5000'));
  it('each of the 13 decisions has a zh and an en phrase', () => {
    for (const d of DECISIONS) {
      const rule = { when, unless: null, then: d.name, form: 'simple' as const };
      expect(renderRule(rule, EN)).toBe(
        `When the amount is greater than 5,000, ${DECISION_PHRASES[d.name].en}`,
      );
      expect(renderRule(rule, ZH)).toBe(`若金额超过 5,000，则${DECISION_PHRASES[d.name].zh}`);
      // One term per concept: the sentence uses the decision's own §6 term (the badge's label).
      expect(DECISION_PHRASES[d.name].zh).toContain(d.zh.replace(/^请求/, ''));
    }
    const phrases = DECISIONS.map((d) => DECISION_PHRASES[d.name]);
    expect(new Set(phrases.map((p) => p.en)).size).toBe(13);
    expect(new Set(phrases.map((p) => p.zh)).size).toBe(13);
  });

  it('unless, when: "true", and a table default row', () => {
    const unless = n2('eq', f('human.role'), str('cfo'));
    const rule = { when, unless, then: 'DENY' as const, form: 'simple' as const };
    expect(renderRule(rule, EN)).toBe(
      'When the amount is greater than 5,000, the operation is blocked, unless the approver role is "cfo"',
    );
    expect(renderRule(rule, ZH)).toBe('若金额超过 5,000，则拦截，除非审批人角色为“cfo”');
    const always = {
      when: bool(true),
      unless: null,
      then: 'NOTIFY' as const,
      form: 'true' as const,
    };
    expect(renderRule(always, EN)).toBe('For every operation, a notification is sent');
    expect(renderRule(always, ZH)).toBe('对所有操作，一律发出通知');
    const row = { ...always, form: 'table' as const, then: 'ALLOW' as const };
    expect(renderRule({ ...row, row: 3 }, EN)).toBe('Otherwise, the operation is allowed');
    expect(renderRule({ ...row, row: 3 }, ZH)).toBe('其余情况，一律放行');
    expect(renderRule({ ...row, row: 1 }, EN)).toBe(
      'For every operation, the operation is allowed',
    );
  });

  it('zh sentence frames drop the space next to a full-width parenthesis', () => {
    const t = n2(
      'lt',
      n2('div', n2('sub', f('context.a'), f('context.b')), f('context.a')),
      num('0.15'),
    );
    const rule = {
      when: or(t, t),
      unless: or(t, t),
      then: 'REQUEST_HUMAN' as const,
      form: 'expression' as const,
    };
    expect(renderRule({ ...rule, when: t, unless: null }, ZH)).toBe(
      '若（“context.a”－“context.b”）÷“context.a”低于 15%，则需人工裁决',
    );
    expect(renderRule(rule, ZH)).toContain('，除非（“context.a”');
  });

  it('Grade C: a (hand-built) delegation node is rendered and the rule is marked (Appendix D)', () => {
    // No delegation node can load (I-26: fn is ERDL-E408), so this tree is built by hand.
    const fn = { node: 'fn', name: 'risk_score', args: [f('agent.id')] } as unknown as ExprNode;
    const rule = {
      when: n2('gt', fn, num('0.8')),
      unless: null,
      then: 'DENY' as const,
      form: 'expression' as const,
    };
    expect(renderRule(rule, EN)).toBe(
      'When the result of delegated function "risk_score" (arguments: the agent ID) is greater than 0.8, the operation is blocked (contains non-recomputable function delegation)',
    );
    expect(renderRule(rule, ZH)).toBe(
      '若委派函数“risk_score”的结果（参数：智能体 ID）超过 0.8，则拦截（含不可重算的函数委派）',
    );
    expect(renderGlossDetailed(rule.when, ZH).delegation).toBe(true);
    expect(renderGloss(rule.when, EN).endsWith(GRADE_C_MARK.en)).toBe(true);
    // Every rule that loads today is Grade A or B: no mark.
    expect(renderRule({ ...rule, when }, EN)).not.toContain('delegation');
  });
});

describe('determinism and purity', () => {
  it('the same tree and dictionary give the same bytes; the tree is not changed', () => {
    const t = and(
      n2('eq', f('tool.name'), str('x')),
      n1('exists', f('tool.args.command')),
      not(n2('in', f('tool.args.command'), list(str('rm')))),
    );
    const before = canonicalJson(t);
    const outs = new Set<string>();
    for (let i = 0; i < 5; i++)
      outs.add(renderGloss(structuredClone(t), { lang: 'zh', dictionary: SALES }));
    expect(outs.size).toBe(1);
    expect(canonicalJson(t)).toBe(before);
  });

  it('an unknown node kind is named, not thrown', () => {
    const t = { node: 'frobnicate', args: [] } as unknown as ExprNode;
    expect(renderGloss(t, EN)).toBe('unknown node "frobnicate"');
  });
});
