import type { Bilingual } from '../diagnostics/diagnostic';
import { describe, isScalar, type YNode, type YScalar } from '../document/ynode';
import { hint } from '../util/suggest';
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
import { OPERATOR_ALIASES } from '../vocabulary/operators';
import { applyModifier, fieldNode } from './compile-simple';
import type { CompileContext } from './context';
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
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

const TYPE_NAMES: Record<ValueType, Bilingual> = {
  boolean: { en: 'true/false', zh: '真/假' },
  number: { en: 'number', zh: '数字' },
  string: { en: 'string', zh: '字符串' },
  date: { en: 'date', zh: '日期' },
  list: { en: 'list', zh: '列表' },
  any: { en: 'any', zh: '任意' },
};

interface Typed {
  readonly node: ExprNode;
  readonly type: ValueType;
}

interface Scope {
  /** Inside a quantifier predicate or aggregate value: `var` may read the element. */
  readonly element: boolean;
  readonly depth: number;
}

function accepts(expected: ValueType, actual: ValueType): boolean {
  if (actual === 'any' || expected === 'any') return true;
  if (expected === 'date') return actual === 'date' || actual === 'string';
  if (expected === 'string') return actual === 'string' || actual === 'date';
  return expected === actual;
}

function literalType(n: LiteralNode): ValueType {
  switch (n.type) {
    case 'string':
      return 'string';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'list':
      return 'list';
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
          title: { en: `Use "${name}"`, zh: `改为 "${name}"` },
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
      this.ctx.report('ERDL-E401', pair.keyNode.range, {
        value: pair.key,
        ...hint(
          pair.key,
          NODES.map((n) => n.name),
        ),
      });
      return null;
    }
    const inner: Scope = { element: scope.element, depth: scope.depth + 1 };
    return this.node(info, pair.value, y, inner);
  }

  private literal(y: YNode): Typed | null {
    const v = literalValue(this.ctx, y);
    if (!v) {
      if (y.kind === 'map') this.ctx.report('ERDL-E402', y.range, { count: y.items.length });
      return null;
    }
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
    return t;
  }

  private node(info: NodeInfo, v: YNode, owner: YNode, scope: Scope): Typed | null {
    const ctx = this.ctx;
    const at = (node: ExprNode): Typed => ({ node: ctx.at(node, owner.range), type: info.result });
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
        return args && at({ node: info.name as 'and' | 'or', args: args.map((a) => a.node) });
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
        if (info.name === 'length' && (a.type === 'number' || a.type === 'boolean')) {
          ctx.report('ERDL-E404', (items[0] as YNode).range, {
            node: 'length',
            expected: { en: 'string or list', zh: '字符串或列表' },
            actual: TYPE_NAMES[a.type],
          });
          return null;
        }
        return at({ node: info.name, args: [a.node] } as ExprNode);
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
          if (Number(lo.node.value) > Number(hi.node.value)) {
            ctx.report('ERDL-E309', owner.range, { min: lo.node.value, max: hi.node.value });
            return null;
          }
        }
        return at({
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
          at({ node: info.name as 'all' | 'any' | 'none', args: [over.node, pred.node] })
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
        return a && at({ node: 'round', places, args: [a.node] });
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
        return date && at({ node: 'date_add', args: [date.node, dur] });
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
          ? at({ node: 'date_part', part: part as DatePart, args: [date.node] })
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
            at({ node: 'aggregate', fn: fn as AggregateFunction, args: [over.node, value.node] })
          );
        }
        return at({ node: 'aggregate', fn: fn as AggregateFunction, args: [over.node] });
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
    const bad = (y: YNode, t: Typed, expected: Bilingual) => {
      ctx.report('ERDL-E404', y.range, { node: info.name, expected, actual: TYPE_NAMES[t.type] });
      return null;
    };
    if (info.group === 'comparison') {
      for (const [y, t] of [
        [ya, a],
        [yb, b],
      ] as const) {
        if (t.type === 'list') return bad(y, t, { en: 'single value', zh: '单个值' });
        if (info.name !== 'eq' && info.name !== 'ne' && t.type === 'boolean')
          return bad(y, t, { en: 'number, string or date', zh: '数字、字符串或日期' });
      }
    }
    if (info.name === 'in' && a.type === 'list')
      return bad(ya, a, { en: 'single value', zh: '单个值' });
    if (info.name === 'match') {
      const lit = b.node;
      if (lit.node !== 'literal' || lit.type !== 'string')
        return bad(yb, b, { en: 'regex pattern string literal', zh: '正则表达式字符串字面量' });
      if (!checkPattern(ctx, yb as YScalar, lit.value)) return null;
    }
    if (info.group === 'time') {
      for (const [y, t] of [
        [ya, a],
        [yb, b],
      ] as const) {
        if (t.node.node === 'literal' && t.node.type === 'string' && !ISO_DATE.test(t.node.value)) {
          return bad(y, t, {
            en: 'ISO 8601 date ("2026-01-31" or "2026-01-31T08:00:00Z")',
            zh: 'ISO 8601 日期（"2026-01-31" 或 "2026-01-31T08:00:00Z"）',
          });
        }
      }
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
    this.ctx.report('ERDL-E406', y.range, {
      what,
      value: isScalar(y) ? String(y.value) : describe(y).en,
      allowed: allowed.join(', '),
    });
    return null;
  }

  private all(items: (Typed | null)[]): Typed[] | null {
    return items.every((i) => i !== null) ? (items as Typed[]) : null;
  }
}
