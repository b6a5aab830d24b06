import { exceeded, MEASURE_NAMES, measure } from '../tree/limits';
import type { ExprNode, FieldNode, LiteralValue } from '../tree/types';
import { COMPARISON_NODES } from '../vocabulary/nodes';
import {
  type ConditionOperator,
  GUARDED_NOT_NODES,
  type OperandKind,
  SIMPLE_OPERATORS,
  type SimpleOperatorInfo,
} from '../vocabulary/operators';
import { type Reason, reason, shown } from './refusal';
import { literalYV } from './to-expression';
import { map, plain, seq, str, type YV } from './yaml-out';

/**
 * Projection A from the tree: recognises the exact compiled shapes of the §5.2 mapping table
 * (tree/compile-simple.ts builds them) and writes them back as Simple conditions. The inverse is
 * exact: writing the conditions and compiling them gives the same canonical tree. Anything else
 * is refused with a reason that names the node — never an approximate Simple rule.
 */

export type SimpleModifier =
  | { readonly kind: 'within'; readonly window: string }
  | { readonly kind: 'rate'; readonly limit: number; readonly window: string };

export interface SimpleCondition {
  readonly field: string;
  readonly operator: ConditionOperator;
  /** The value literals after the field: none (exists / not_exists), one, or two (between). */
  readonly values: readonly LiteralValue[];
  readonly modifier?: SimpleModifier;
}

export type SimpleWhen =
  | { readonly kind: 'true' }
  | {
      readonly kind: 'conditions';
      readonly logic: 'AND' | 'OR';
      readonly conditions: readonly SimpleCondition[];
    };

export type SimpleResult =
  | { readonly ok: true; readonly when: SimpleWhen }
  | { readonly ok: false; readonly reason: Reason };

type Step<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly reason: Reason };

const ok = <T>(value: T): Step<T> => ({ ok: true, value });
const no = (r: Reason): { ok: false; reason: Reason } => ({ ok: false, reason: r });

const byKey = new Map<string, SimpleOperatorInfo>();
for (const o of SIMPLE_OPERATORS) {
  if (o.compile !== 'modifier') byKey.set(`${o.compile}:${o.node}`, o);
}
/** The operator compiled as `kind` on `node` (e.g. guarded-not:in → not_in). */
function operatorFor(kind: string, node: string): SimpleOperatorInfo | undefined {
  return byKey.get(`${kind}:${node}`);
}

const EXPECTED: Record<OperandKind, { en: string; zh: string }> = {
  scalar: { en: 'a string, number, boolean or null', zh: '字符串、数字、布尔或空值' },
  ordered: { en: 'a number or a string', zh: '数字或字符串' },
  list: { en: 'a list of values', zh: '值列表' },
  string: { en: 'a string', zh: '字符串' },
  regex: { en: 'a regex pattern string', zh: '正则表达式字符串' },
  none: { en: 'no value', zh: '不带值' },
  count: { en: 'a non-negative integer', zh: '非负整数' },
  range: { en: 'two numbers', zh: '两个数字' },
  window: { en: 'a window', zh: '时间窗口' },
  rate: { en: 'a rate', zh: '频率' },
};

function fits(kind: OperandKind, v: LiteralValue): boolean {
  switch (kind) {
    case 'scalar':
      return (
        v.type === 'string' || v.type === 'number' || v.type === 'boolean' || v.type === 'null'
      );
    case 'ordered':
      return v.type === 'number' || v.type === 'string';
    case 'list':
      return v.type === 'list';
    case 'string':
    case 'regex':
      return v.type === 'string';
    case 'count':
      return v.type === 'number' && /^\d+\.0+$/.test(v.value);
    case 'range':
      return v.type === 'number';
    default:
      return false;
  }
}

const isField = (n: ExprNode): n is FieldNode => n.node === 'field';

/** The tree literal a condition's value was read from (for the source text it was written as). */
const LITERAL_ORIGIN = new WeakMap<LiteralValue, ExprNode>();
export const literalOrigin = (v: LiteralValue): ExprNode | undefined => LITERAL_ORIGIN.get(v);

/**
 * The value operands of `op` applied to `field`: every operand must be a literal the Simple
 * `value` of that operator can hold.
 */
function values(
  op: SimpleOperatorInfo,
  at: ExprNode,
  operands: readonly ExprNode[],
): Step<LiteralValue[]> {
  const out: LiteralValue[] = [];
  for (const o of operands) {
    if (o.node !== 'literal') {
      return no(
        reason(
          'simple/value',
          `${shown(at)}: ${op.name} compares the field with ${shown(o)}; a Simple ${op.name} needs ${EXPECTED[op.operand].en} as its value`,
          `${shown(at)}：${op.name} 把字段与 ${shown(o)} 比较；简单形式的 ${op.name} 的 value 必须是${EXPECTED[op.operand].zh}`,
        ),
      );
    }
    if (!fits(op.operand, o)) {
      return no(
        reason(
          'simple/value',
          `${shown(at)}: the value ${shown(o)} is not ${EXPECTED[op.operand].en}, which is what a Simple ${op.name} takes`,
          `${shown(at)}：值 ${shown(o)} 不是${EXPECTED[op.operand].zh}，而简单形式的 ${op.name} 只接受这种值`,
        ),
      );
    }
    const { node: _, ...value } = o;
    LITERAL_ORIGIN.set(value as LiteralValue, o);
    out.push(value as LiteralValue);
  }
  return ok(out);
}

/** `exists(f)`: the guard §5.2 puts before not_*, length_* and count_*. */
function guardField(n: ExprNode): FieldNode | null {
  return n.node === 'exists' && isField(n.args[0]) ? n.args[0] : null;
}

const GUARDED_NOT = GUARDED_NOT_NODES;
const COMPARE = COMPARISON_NODES;

/**
 * A node that only exists as the second half of a guarded composition — not(positive(f, …)),
 * compare(length(f), n), compare(aggregate{count}(f), n) — with the field it needs guarded.
 */
function guardedPart(n: ExprNode): { field: FieldNode; build: () => Step<SimpleCondition> } | null {
  if (n.node === 'not') {
    const p = n.args[0];
    if (!GUARDED_NOT.has(p.node) || !('args' in p) || !isField(p.args[0] as ExprNode)) return null;
    const field = p.args[0] as FieldNode;
    const op = operatorFor('guarded-not', p.node) as SimpleOperatorInfo;
    return {
      field,
      build: () => {
        const v = values(op, n, p.args.slice(1));
        return v.ok
          ? ok({ field: field.path, operator: op.name as ConditionOperator, values: v.value })
          : v;
      },
    };
  }
  if (COMPARE.has(n.node) && 'args' in n && n.args.length === 2) {
    const [m, value] = n.args as readonly [ExprNode, ExprNode];
    const isLength = m.node === 'length' && isField(m.args[0]);
    const isCount =
      m.node === 'aggregate' && m.fn === 'count' && m.args.length === 1 && isField(m.args[0]);
    if (!isLength && !isCount) return null;
    const field = (m as { args: readonly ExprNode[] }).args[0] as FieldNode;
    const kind = isLength ? 'guarded-length' : 'guarded-count';
    const prefix = isLength ? 'length' : 'count';
    const op = operatorFor(kind, n.node);
    return {
      field,
      build: () => {
        if (!op) {
          return no(
            reason(
              'simple/not-a-condition',
              `${shown(n)}: there is no Simple operator ${prefix}_${n.node} (${family(kind)} exist)`,
              `${shown(n)}：没有简单形式运算符 ${prefix}_${n.node}（只有 ${family(kind)}）`,
            ),
          );
        }
        const v = values(op, n, [value]);
        return v.ok
          ? ok({ field: field.path, operator: op.name as ConditionOperator, values: v.value })
          : v;
      },
    };
  }
  return null;
}

function family(kind: string): string {
  return SIMPLE_OPERATORS.filter((o) => o.compile === kind)
    .map((o) => o.name)
    .join(', ');
}

function missingGuard(n: ExprNode, field: FieldNode): Reason {
  return reason(
    'simple/missing-guard',
    `${shown(n)} is not directly preceded by ${shown({ node: 'exists', args: [field] })}: the Simple operators that compile to it always put that exists guard right before it (§5.2 exists guard)`,
    `${shown(n)} 之前没有紧邻的 ${shown({ node: 'exists', args: [field] })}：能编译出它的简单形式运算符总是紧挨着带上这个 exists 守卫（§5.2 exists 守卫）`,
  );
}

/**
 * One node that is a whole Simple condition on its own: a direct node, not(exists(f)), a
 * guarded composition kept together as and(exists(f), …) (inside OR, under a modifier, or alone),
 * or a within / rate around one of these.
 */
export function atomicCondition(n: ExprNode): Step<SimpleCondition> {
  if (n.node === 'within' || n.node === 'rate') {
    const inner = atomicCondition(n.args[0]);
    if (!inner.ok) {
      return no(
        reason(
          'simple/modifier',
          `${shown(n)}: ${n.node} wraps something that is not one Simple condition (${inner.reason.message.en})`,
          `${shown(n)}：${n.node} 包裹的不是单个简单形式条件（${inner.reason.message.zh}）`,
        ),
      );
    }
    const modifier: SimpleModifier =
      n.node === 'within'
        ? { kind: 'within', window: n.window }
        : { kind: 'rate', limit: n.limit, window: n.window };
    return ok({ ...inner.value, modifier });
  }
  if (n.node === 'and' && n.args.length === 2) {
    const [g, rest] = n.args as readonly [ExprNode, ExprNode];
    const f = guardField(g);
    const part = guardedPart(rest);
    if (f && part && part.field.path === f.path) return part.build();
  }
  if (n.node === 'and' || n.node === 'or') {
    return no(
      reason(
        'simple/nested-logic',
        `${shown(n)}: Simple conditions do not nest; the only ${n.node} a Simple condition compiles to is the exists guard of a not_*, length_* or count_* operator`,
        `${shown(n)}：简单形式条件不能嵌套；简单形式只会编译出 not_*、length_*、count_* 运算符的 exists 守卫这一种 ${n.node}`,
      ),
    );
  }
  const part = guardedPart(n);
  if (part) return no(missingGuard(n, part.field));
  if (n.node === 'not') {
    const inner = n.args[0];
    const f = guardField(inner);
    if (f) return ok({ field: f.path, operator: 'not_exists', values: [] });
    if (inner.node === 'within' || inner.node === 'rate') {
      return no(
        reason(
          'simple/modifier',
          `${shown(n)}: within / rate can only wrap a whole condition, not be negated`,
          `${shown(n)}：within / rate 只能包裹整个条件，不能被取反`,
        ),
      );
    }
    return no(
      reason(
        'simple/not-a-condition',
        `${shown(n)}: no Simple operator compiles to not(${inner.node}(…)); the negated operators are not_in, not_contains, not_starts_with, not_ends_with, not_between (with an exists guard) and not_exists`,
        `${shown(n)}：没有简单形式运算符会编译为 not(${inner.node}(…))；取反运算符只有 not_in、not_contains、not_starts_with、not_ends_with、not_between（带 exists 守卫）和 not_exists`,
      ),
    );
  }
  const op = operatorFor('direct', n.node);
  if (op && 'args' in n) {
    const [first, ...rest] = n.args;
    if (!first || !isField(first)) {
      const what = first ? describeKind(first) : 'missing';
      const whatZh = first ? describeKindZh(first) : '空';
      return no(
        reason(
          'simple/not-a-condition',
          `${shown(n)}: its first operand is ${what}, not a field; a Simple condition tests a field against a value`,
          `${shown(n)}：第一个操作数是${whatZh}而不是字段；简单形式条件是拿字段与值比较`,
        ),
      );
    }
    const v = values(op, n, rest);
    return v.ok
      ? ok({ field: first.path, operator: op.name as ConditionOperator, values: v.value })
      : v;
  }
  return no(
    reason(
      'simple/not-a-condition',
      `${shown(n)}: ${describeKind(n)} is not one of the 28 Simple condition operators (§5.2)`,
      `${shown(n)}：${describeKindZh(n).trim()}不属于 28 个简单形式运算符（§5.2）`,
    ),
  );
}

function describeKind(n: ExprNode): string {
  if (n.node === 'literal') return `the constant ${shown(n)}`;
  if (n.node === 'field') return 'a bare field';
  return `the ${n.node} node`;
}
function describeKindZh(n: ExprNode): string {
  if (n.node === 'literal') return `常量 ${shown(n)} `;
  if (n.node === 'field') return '单独的字段';
  return ` ${n.node} 节点`;
}

/**
 * The operands of a top-level `and` back to Simple conditions. Guards were flattened into the
 * `and` (section 9 of docs/expression-syntax.md), so exists(f) followed by a guarded part on the
 * same field is one condition. The split is forced, hence deterministic and exact: a guarded part
 * can never stand alone, and its guard can only be the node right before it.
 */
function splitAnd(args: readonly ExprNode[]): Step<SimpleCondition[]> {
  const out: SimpleCondition[] = [];
  for (let i = 0; i < args.length; i++) {
    const n = args[i] as ExprNode;
    const next = args[i + 1];
    const f = guardField(n);
    const part = next && guardedPart(next);
    if (f && part && part.field.path === f.path) {
      const c = part.build();
      if (!c.ok) return withPosition(c.reason, i + 1, args.length, 'and');
      out.push(c.value);
      i++;
      continue;
    }
    const c = atomicCondition(n);
    if (!c.ok) return withPosition(c.reason, i, args.length, 'and');
    out.push(c.value);
  }
  return ok(out);
}

function withPosition(
  r: Reason,
  i: number,
  count: number,
  logic: string,
): { ok: false; reason: Reason } {
  return no({
    code: r.code,
    message: {
      en: `operand ${i + 1} of ${count} of the top-level ${logic}, ${r.message.en}`,
      zh: `顶层 ${logic} 的第 ${i + 1}/${count} 个操作数 ${r.message.zh}`,
    },
  });
}

/**
 * The tree as a Simple `when`, or why it cannot be one. Literal true is `when: "true"`; a top-level
 * `or` is logic OR; anything else is logic AND (a single condition is written as AND).
 */
export function simpleFromTree(tree: ExprNode): SimpleResult {
  if (tree.node === 'literal' && tree.type === 'boolean' && tree.value === true)
    return { ok: true, when: { kind: 'true' } };
  let conditions: Step<SimpleCondition[]>;
  let logic: 'AND' | 'OR' = 'AND';
  if (tree.node === 'or') {
    logic = 'OR';
    const out: SimpleCondition[] = [];
    conditions = ok(out);
    for (const [i, a] of tree.args.entries()) {
      const c = atomicCondition(a);
      if (!c.ok) {
        conditions = withPosition(c.reason, i, tree.args.length, 'or');
        break;
      }
      out.push(c.value);
    }
  } else if (tree.node === 'and') {
    conditions = splitAnd(tree.args);
  } else {
    const c = atomicCondition(tree);
    conditions = c.ok ? ok([c.value]) : c;
  }
  if (!conditions.ok) return { ok: false, reason: conditions.reason };
  const over = gradeA(tree);
  if (over) return { ok: false, reason: over };
  return { ok: true, when: { kind: 'conditions', logic, conditions: conditions.value } };
}

/** Simple and table rows are Grade A (E4); an Expression tree may be larger. */
export function gradeA(tree: ExprNode): Reason | null {
  const e = exceeded(measure(tree), 'A')[0];
  if (!e) return null;
  const name = MEASURE_NAMES[e.key];
  return reason(
    'simple/grade-limit',
    `the condition's ${name.en} is ${e.value}, over the Grade A limit of ${e.limit} that applies to Simple conditions and table rows (E4)`,
    `该条件的${name.zh}为 ${e.value}，超过简单形式条件与决策表行适用的 A 级上限 ${e.limit}（E4）`,
  );
}

/** A condition's `value` in Simple YAML (between: `[min, max]`). */
export function conditionValueYV(c: SimpleCondition, lit: LiteralWriter = literalYV): YV | null {
  if (c.values.length === 0) return null;
  if (c.values.length === 2)
    return seq(
      c.values.map((v) => lit(v)),
      'flow',
    );
  return lit(c.values[0] as LiteralValue);
}

/** The operator of the i-th condition as written in the source, when it is to be kept. */
export type OperatorSpelling = (i: number) => string | undefined;

/** How a literal is written (the §2.3 spelling by default; a conversion may keep the source's). */
export type LiteralWriter = (v: LiteralValue) => YV;

export function modifierText(m: SimpleModifier): string {
  return m.kind === 'within' ? m.window : `${m.limit}/${m.window}`;
}

/** One condition as the block mapping §4.2 writes: field, operator, value, then the modifier. */
export function conditionYV(
  c: SimpleCondition,
  lit: LiteralWriter = literalYV,
  operator: string = c.operator,
): YV {
  const pairs: [string, YV][] = [
    ['field', str(c.field)],
    ['operator', plain(operator)],
  ];
  const v = conditionValueYV(c, lit);
  if (v) pairs.push(['value', v]);
  if (c.modifier) pairs.push([c.modifier.kind, str(modifierText(c.modifier))]);
  return map(pairs, 'block');
}

/** The `when` (or `unless`) value in Simple form. */
export function simpleWhenYV(
  w: SimpleWhen,
  lit: LiteralWriter = literalYV,
  operators?: OperatorSpelling,
): YV {
  if (w.kind === 'true') return str('true');
  const conditions = w.conditions.map((c, i) => conditionYV(c, lit, operators?.(i) ?? c.operator));
  return map(
    [
      ['logic', plain(w.logic)],
      ['conditions', seq(conditions, 'block')],
    ],
    'block',
  );
}
