import type { Bilingual } from '../diagnostics/diagnostic';
import { describe, isScalar, type YNode, type YScalar } from '../document/ynode';
import { suggest } from '../util/suggest';
import {
  AGGREGATE_FUNCTIONS,
  type AggregateFunction,
  DATE_PARTS,
  type DatePart,
  MAX_ROUND_PLACES,
  NODES,
  type NodeInfo,
  nodeInfo,
  type ValueType,
} from '../vocabulary/nodes';
import { MAX_LIST_ITEMS, OPERATOR_ALIASES, simpleOperatorInfo } from '../vocabulary/operators';
import { applyModifier, fieldNode } from './compile-simple';
import type { CompileContext } from './context';
import { Decimal } from './decimal';
import { canonicalDuration, parseDuration } from './duration';
import { literalNode, literalValue, nfc } from './literal';
import { checkPattern } from './regex';
import type { ExprNode, LiteralNode } from './types';

/**
 * Projection B (§5.3): Expression YAML → tree. Syntax in docs/expression-syntax.md; the node table
 * (operand types, shapes) is vocabulary/nodes.ts. A light static checker runs as the tree is built:
 * it rejects operands whose type is known to be wrong (a list compared with gt, a string added to a
 * number) and leaves `any` (fields, vars) to evaluation, where E11 null propagation applies.
 */

/** Parsing depth guard; E4 limits (depth ≤ 10) are checked on the finished tree. */
const MAX_PARSE_DEPTH = 64;

const VAR_PATH = /^\$(?:\.[^\s.]+)*$/;
/** ISO 8601 date or date-time (§7.3(f)); literal dates are checked at load. */
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):?(\d{2}))?)?$/;

/** An ISO 8601 date literal that also names a real UTC calendar instant ("2026-02-30" does not). */
export function isIsoDate(text: string): boolean {
  const m = ISO_DATE.exec(text);
  if (!m) return false;
  const [year, month, day, hour, minute, second, offH, offM] = m
    .slice(1)
    .map((x) => (x === undefined ? 0 : Number(x)));
  const leap = (year! % 4 === 0 && year! % 100 !== 0) || year! % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month! - 1];
  return (
    days !== undefined &&
    day! >= 1 &&
    day! <= days &&
    hour! <= 23 &&
    minute! <= 59 &&
    second! <= 59 &&
    offH! <= 23 &&
    offM! <= 59
  );
}

/**
 * The checker's static types: the node result types, plus `null` for the null literal — it fits
 * only where any value does (eq / ne / in operands), never where a true/false, number, string,
 * date or list is needed.
 */
type StaticType = ValueType | 'null';

const TYPE_NAMES: Record<StaticType, Bilingual> = {
  boolean: { en: 'true/false', zh: '真/假' },
  number: { en: 'number', zh: '数字' },
  string: { en: 'string', zh: '字符串' },
  date: { en: 'date', zh: '日期' },
  list: { en: 'list', zh: '列表' },
  any: { en: 'any', zh: '任意' },
  null: { en: 'null', zh: '空值' },
};

interface Typed {
  readonly node: ExprNode;
  readonly type: StaticType;
}

interface Scope {
  /** Inside a quantifier predicate or aggregate value: `var` may read the element. */
  readonly element: boolean;
  readonly depth: number;
}

function accepts(expected: ValueType, actual: StaticType): boolean {
  if (expected === 'any') return true;
  if (actual === 'null') return false;
  if (actual === 'any') return true;
  if (expected === 'date') return actual === 'date' || actual === 'string';
  if (expected === 'string') return actual === 'string' || actual === 'date';
  return expected === actual;
}

/** Known types that can never compare equal or ordered (strict typing, §5.2: no conversion). */
function comparable(a: StaticType, b: StaticType): boolean {
  if (a === 'any' || b === 'any' || a === 'null' || b === 'null') return true;
  return accepts(a, b);
}

function literalType(n: LiteralNode): StaticType {
  switch (n.type) {
    case 'string':
      return 'string';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'list':
      return 'list';
    case 'null':
      return 'null';
    default:
      return 'any';
  }
}

export function compileExpression(ctx: CompileContext, y: YNode): ExprNode | null {
  const t = new ExpressionCompiler(ctx).expr(y, { element: false, depth: 0 });
  if (!t) return null;
  if (!accepts('boolean', t.type)) {
    ctx.report('ERDL-E409', y.range, { actual: TYPE_NAMES[t.type] });
    return null;
  }
  return t.node;
}

class ExpressionCompiler {
  constructor(private readonly ctx: CompileContext) {}

  expr(y: YNode, scope: Scope): Typed | null {
    if (scope.depth > MAX_PARSE_DEPTH) {
      this.ctx.report('ERDL-E008', y.range, { limit: MAX_PARSE_DEPTH });
      return null;
    }
    if (y.kind !== 'map') return this.literal(y);
    if (y.items.length !== 1) {
      this.ctx.report('ERDL-E402', y.range, { count: y.items.length });
      return null;
    }
    const pair = y.items[0];
    if (!pair) return null;
    const name = OPERATOR_ALIASES[pair.key] ?? pair.key;
    if (name !== pair.key) {
      this.ctx.report(
        'ERDL-I315',
        pair.keyNode.range,
        { value: pair.key, canonical: name },
        {
          title: { en: `Use "${name}"`, zh: `改为“${name}”` },
          edits: [{ range: pair.keyNode.range, newText: name }],
        },
      );
    }
    if (name === 'literal') return this.literal(pair.value);
    if (name === 'fn') {
      this.ctx.report('ERDL-E408', pair.keyNode.range);
      return null;
    }
    const info = nodeInfo(name);
    if (!info) {
      const simple = simpleOnlyHint(pair.key);
      const s = suggest(
        pair.key,
        NODES.map((n) => n.name),
        pair.keyNode.range,
      );
      this.ctx.report(
        'ERDL-E401',
        pair.keyNode.range,
        { value: pair.key, ...(simple ?? { hint: s.params.hint }) },
        simple ? undefined : s.fix,
      );
      return null;
    }
    const inner: Scope = { element: scope.element, depth: scope.depth + 1 };
    return this.node(info, pair.value, y, inner);
  }

  private literal(y: YNode): Typed | null {
    if (y.kind === 'map') {
      this.ctx.report('ERDL-E404', y.range, {
        node: 'literal',
        expected: {
          en: 'scalar or list of scalars',
          zh: '标量或标量列表',
        },
        actual: describe(y),
      });
      return null;
    }
    if (y.kind === 'seq' && y.items.length > MAX_LIST_ITEMS) {
      this.ctx.report('ERDL-E602', y.range, { limit: MAX_LIST_ITEMS, count: y.items.length });
      return null;
    }
    const v = literalValue(this.ctx, y);
    if (!v) return null;
    const node = literalNode(this.ctx, v, y);
    return { node, type: literalType(node) };
  }

  private arity(
    info: NodeInfo,
    items: readonly YNode[],
    owner: YNode,
    counts: readonly number[],
    expected: Bilingual,
  ): boolean {
    if (counts.includes(items.length)) return true;
    this.ctx.report('ERDL-E403', owner.range, { node: info.name, expected });
    return false;
  }

  private typed(info: NodeInfo, y: YNode, scope: Scope, expected: ValueType): Typed | null {
    const t = this.expr(y, scope);
    if (!t) return null;
    if (!accepts(expected, t.type)) {
      this.ctx.report('ERDL-E404', y.range, {
        node: info.name,
        expected: TYPE_NAMES[expected],
        actual: TYPE_NAMES[t.type],
      });
      return null;
    }
    if (
      expected === 'date' &&
      t.node.node === 'literal' &&
      t.node.type === 'string' &&
      !isIsoDate(t.node.value)
    ) {
      this.ctx.report('ERDL-E404', y.range, {
        node: info.name,
        expected: {
          en: 'ISO 8601 date ("2026-01-31" or "2026-01-31T08:00:00Z")',
          zh: 'ISO 8601 日期（"2026-01-31" 或 "2026-01-31T08:00:00Z"）',
        },
        actual: { en: `"${t.node.value}"`, zh: `"${t.node.value}"` },
      });
      return null;
    }
    return t;
  }

  private node(info: NodeInfo, v: YNode, owner: YNode, scope: Scope): Typed | null {
    const ctx = this.ctx;
    switch (info.syntax) {
      case 'path':
        return this.path(info.name as 'field' | 'var', v, owner, scope);
      case 'variadic': {
        const items = v.kind === 'seq' ? v.items : [];
        if (
          !this.arity(info, items, owner, items.length >= 1 ? [items.length] : [1], {
            en: 'a list of one or more conditions',
            zh: '一个或多个条件组成的列表',
          })
        )
          return null;
        const args = this.all(items.map((i) => this.typed(info, i, scope, 'boolean')));
        return (
          args &&
          this.made(owner, info, { node: info.name as 'and' | 'or', args: args.map((a) => a.node) })
        );
      }
      case 'unary': {
        const items = v.kind === 'seq' ? v.items : [v];
        if (
          !this.arity(info, items, owner, [1], { en: 'exactly one operand', zh: '恰好一个操作数' })
        )
          return null;
        const a = this.typed(info, items[0] as YNode, scope, info.operands[0] ?? 'any');
        if (!a) return null;
        if (info.name === 'exists' && a.node.node !== 'field' && a.node.node !== 'var') {
          ctx.report('ERDL-E404', (items[0] as YNode).range, {
            node: 'exists',
            expected: { en: 'field or var', zh: '字段或变量' },
            actual: TYPE_NAMES[a.type],
          });
          return null;
        }
        if (
          info.name === 'length' &&
          (a.type === 'number' || a.type === 'boolean' || a.type === 'null')
        ) {
          ctx.report('ERDL-E404', (items[0] as YNode).range, {
            node: 'length',
            expected: { en: 'string or list', zh: '字符串或列表' },
            actual: TYPE_NAMES[a.type],
          });
          return null;
        }
        return this.made(owner, info, { node: info.name, args: [a.node] } as ExprNode);
      }
      case 'binary':
        return this.binary(info, v, owner, scope);
      case 'ternary': {
        const items = v.kind === 'seq' ? v.items : [];
        if (
          !this.arity(info, items, owner, [3], {
            en: 'a list [value, min, max]',
            zh: '列表 [值, 最小值, 最大值]',
          })
        )
          return null;
        const args = this.all(items.map((i) => this.typed(info, i, scope, 'number')));
        if (!args) return null;
        const [, lo, hi] = args;
        if (
          lo?.node.node === 'literal' &&
          hi?.node.node === 'literal' &&
          lo.node.type === 'number' &&
          hi.node.type === 'number'
        ) {
          if (new Decimal(lo.node.value).gt(hi.node.value)) {
            const written = (i: number, canonical: string) => {
              const y = items[i];
              return y && isScalar(y) ? y.source : canonical;
            };
            ctx.report('ERDL-E309', owner.range, {
              min: written(1, lo.node.value),
              max: written(2, hi.node.value),
            });
            return null;
          }
        }
        return this.made(owner, info, {
          node: 'between',
          args: args.map((a) => a.node) as [ExprNode, ExprNode, ExprNode],
        });
      }
      case 'quantifier': {
        const items = v.kind === 'seq' ? v.items : [];
        if (
          !this.arity(info, items, owner, [2], {
            en: 'a list [array, condition on $]',
            zh: '列表 [数组, 针对 $ 的条件]',
          })
        )
          return null;
        const over = this.typed(info, items[0] as YNode, scope, 'list');
        const pred = this.typed(info, items[1] as YNode, { ...scope, element: true }, 'boolean');
        return (
          over &&
          pred &&
          this.made(owner, info, {
            node: info.name as 'all' | 'any' | 'none',
            args: [over.node, pred.node],
          })
        );
      }
      case 'round': {
        const items = v.kind === 'seq' ? v.items : [v];
        if (
          !this.arity(info, items, owner, [1, 2], {
            en: 'a value, or [value, places]',
            zh: '一个值，或 [值, 小数位数]',
          })
        )
          return null;
        const a = this.typed(info, items[0] as YNode, scope, 'number');
        let places = 0;
        const p = items[1];
        if (p) {
          const n =
            isScalar(p) && typeof p.value === 'number' && Number.isInteger(p.value) ? p.value : -1;
          if (n < 0 || n > MAX_ROUND_PLACES) {
            ctx.report('ERDL-E403', p.range, {
              node: 'round',
              expected: {
                en: `places as an integer from 0 to ${MAX_ROUND_PLACES}`,
                zh: `0 到 ${MAX_ROUND_PLACES} 之间的整数小数位数`,
              },
            });
            return null;
          }
          places = n;
        }
        return a && this.made(owner, info, { node: 'round', places, args: [a.node] });
      }
      case 'date_add': {
        const items = v.kind === 'seq' ? v.items : [];
        if (
          !this.arity(info, items, owner, [2], {
            en: 'a list [date, duration]',
            zh: '列表 [日期, 时长]',
          })
        )
          return null;
        const date = this.typed(info, items[0] as YNode, scope, 'date');
        const d = items[1] as YNode;
        const parsed = isScalar(d) && typeof d.value === 'string' ? parseDuration(d.value) : null;
        if (!parsed) {
          ctx.report('ERDL-E407', d.range, {
            value: isScalar(d) ? String(d.value) : describe(d).en,
          });
          return null;
        }
        const dur = ctx.at(
          { node: 'literal', type: 'duration', value: canonicalDuration(parsed) } as LiteralNode,
          d.range,
        );
        return date && this.made(owner, info, { node: 'date_add', args: [date.node, dur] });
      }
      case 'date_part': {
        const items = v.kind === 'seq' ? v.items : [];
        if (
          !this.arity(info, items, owner, [2], {
            en: 'a list [part, date]',
            zh: '列表 [分量, 日期]',
          })
        )
          return null;
        const part = this.keyword(
          items[0] as YNode,
          DATE_PARTS.map((p) => p.name),
          { en: 'date part', zh: '日期分量' },
        );
        const date = this.typed(info, items[1] as YNode, scope, 'date');
        return part !== null && date
          ? this.made(owner, info, { node: 'date_part', part: part as DatePart, args: [date.node] })
          : null;
      }
      case 'aggregate': {
        const items = v.kind === 'seq' ? v.items : [];
        if (
          !this.arity(info, items, owner, [2, 3], {
            en: 'a list [function, array] or [function, array, value of $]',
            zh: '列表 [函数, 数组] 或 [函数, 数组, $ 的取值]',
          })
        )
          return null;
        const fn = this.keyword(
          items[0] as YNode,
          AGGREGATE_FUNCTIONS.map((f) => f.name),
          { en: 'aggregate function', zh: '聚合函数' },
        );
        const over = this.typed(info, items[1] as YNode, scope, 'list');
        if (fn === null || !over) return null;
        if (items[2] && fn === 'count') {
          ctx.report('ERDL-E403', (items[2] as YNode).range, {
            node: 'aggregate count',
            expected: {
              en: 'no value expression (count counts elements)',
              zh: '不带取值表达式（count 计数元素）',
            },
          });
          return null;
        }
        if (items[2]) {
          const value = this.typed(info, items[2], { ...scope, element: true }, 'number');
          return (
            value &&
            this.made(owner, info, {
              node: 'aggregate',
              fn: fn as AggregateFunction,
              args: [over.node, value.node],
            })
          );
        }
        return this.made(owner, info, {
          node: 'aggregate',
          fn: fn as AggregateFunction,
          args: [over.node],
        });
      }
      case 'modifier': {
        const items = v.kind === 'seq' ? v.items : [];
        const example = info.name === 'rate' ? '["5/1h", condition]' : '["10m", condition]';
        if (
          !this.arity(info, items, owner, [2], { en: `a list ${example}`, zh: `列表 ${example}` })
        )
          return null;
        const cond = this.typed(info, items[1] as YNode, scope, 'boolean');
        if (!cond) return null;
        if (cond.node.node === 'within' || cond.node.node === 'rate') {
          ctx.report('ERDL-E313', owner.range);
          return null;
        }
        const wrapped = applyModifier(
          ctx,
          cond.node,
          info.name as 'within' | 'rate',
          items[0] as YNode,
        );
        return wrapped && { node: ctx.at(wrapped, owner.range), type: 'boolean' };
      }
      default:
        return null;
    }
  }

  /** A node built for `owner` (its source position), of the node kind's result type. */
  private made(owner: YNode, info: NodeInfo, node: ExprNode): Typed {
    return { node: this.ctx.at(node, owner.range), type: info.result };
  }

  private binary(info: NodeInfo, v: YNode, owner: YNode, scope: Scope): Typed | null {
    const ctx = this.ctx;
    const items = v.kind === 'seq' ? v.items : [];
    if (
      !this.arity(info, items, owner, [2], {
        en: 'a list of two operands',
        zh: '两个操作数组成的列表',
      })
    )
      return null;
    const [ya, yb] = items as [YNode, YNode];
    const a = this.typed(info, ya, scope, info.operands[0] ?? 'any');
    const b = this.typed(info, yb, scope, info.operands[1] ?? 'any');
    if (!a || !b) return null;
    const constant = ['comparison', 'set', 'string'].includes(info.group);
    if (constant && a.node.node === 'literal' && b.node.node === 'literal') {
      // Usually a field path written as a bare string ("tool.name" instead of {field: …}).
      ctx.report('ERDL-W410', owner.range, { node: info.name });
    }
    const bad = (y: YNode, t: Typed, expected: Bilingual) => {
      ctx.report('ERDL-E404', y.range, { node: info.name, expected, actual: TYPE_NAMES[t.type] });
      return null;
    };
    if (info.group === 'comparison') {
      const ordered = info.name !== 'eq' && info.name !== 'ne';
      for (const [y, t] of [
        [ya, a],
        [yb, b],
      ] as const) {
        if (t.type === 'list') return bad(y, t, { en: 'single value', zh: '单个值' });
        if (ordered && (t.type === 'boolean' || t.type === 'null'))
          return bad(y, t, { en: 'number, string or date', zh: '数字、字符串或日期' });
      }
      // Both types known and different: the comparison is always false (no conversion, §5.2).
      if (!comparable(a.type, b.type)) return bad(yb, b, TYPE_NAMES[a.type]);
    }
    if (info.name === 'in' && a.type === 'list')
      return bad(ya, a, { en: 'single value', zh: '单个值' });
    if (
      info.name === 'contains' &&
      (a.type === 'number' || a.type === 'boolean' || a.type === 'null')
    )
      return bad(ya, a, { en: 'string or list', zh: '字符串或列表' });
    if (info.name === 'match') {
      const lit = b.node;
      if (lit.node !== 'literal' || lit.type !== 'string')
        return bad(yb, b, { en: 'regex pattern string literal', zh: '正则表达式字符串字面量' });
      if (!checkPattern(ctx, yb as YScalar, lit.value)) return null;
    }
    return {
      node: ctx.at({ node: info.name, args: [a.node, b.node] } as ExprNode, owner.range),
      type: info.result,
    };
  }

  private path(kind: 'field' | 'var', v: YNode, owner: YNode, scope: Scope): Typed | null {
    const ctx = this.ctx;
    const text = isScalar(v) && typeof v.value === 'string' ? nfc(v.value) : null;
    if (kind === 'var') {
      if (text === null || !VAR_PATH.test(text) || !scope.element) {
        ctx.report('ERDL-E405', v.range);
        return null;
      }
      return { node: ctx.at({ node: 'var', path: text }, owner.range), type: 'any' };
    }
    const field = fieldNode(ctx, v, owner.range);
    return field && { node: ctx.at(field, owner.range), type: 'any' };
  }

  private keyword(y: YNode, allowed: readonly string[], what: Bilingual): string | null {
    if (isScalar(y) && typeof y.value === 'string' && allowed.includes(y.value)) return y.value;
    const value = isScalar(y) ? String(y.value) : describe(y).en;
    const s = suggest(isScalar(y) ? value : '', allowed, y.range);
    this.ctx.report('ERDL-E406', y.range, { what, value, ...s.params }, s.fix);
    return null;
  }

  private all(items: (Typed | null)[]): Typed[] | null {
    return items.every((i) => i !== null) ? (items as Typed[]) : null;
  }
}

/**
 * E401 for a Simple-only operator name (not_in, length_gt, count_gt, …): say how the §5.2 compile
 * mapping writes it as an expression instead of guessing a similar node name.
 */
function simpleOnlyHint(name: string): { hint: Bilingual } | null {
  const op = simpleOperatorInfo(OPERATOR_ALIASES[name] ?? name);
  if (!op || nodeInfo(op.name)) return null;
  const f = '{field: …}';
  let en: string;
  switch (op.compile) {
    case 'guarded-not':
      en = `{and: [{exists: ${f}}, {not: {${op.node}: [${f}, …]}}]}`;
      break;
    case 'not-exists':
      en = `{not: {exists: ${f}}}`;
      break;
    case 'guarded-length':
      en = `{and: [{exists: ${f}}, {${op.node}: [{length: ${f}}, n]}]}`;
      break;
    case 'guarded-count':
      en = `{and: [{exists: ${f}}, {${op.node}: [{aggregate: [count, ${f}]}, n]}]}`;
      break;
    default:
      return null;
  }
  return {
    hint: {
      en: ` (${name} is a Simple operator; as an expression write ${en})`,
      zh: `（${name} 是简单形式运算符；表达式中请写作 ${en}）`,
    },
  };
}
