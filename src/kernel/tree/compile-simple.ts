import type { Bilingual, Range } from '../diagnostics/diagnostic';
import { describe, get, isScalar, type YMap, type YNode, type YScalar } from '../document/ynode';
import { closest, hint, keysOf, replaceWith, suggest } from '../util/suggest';
import { ENTITIES, ENTITY_NAMES, SIMPLE_LOGIC } from '../vocabulary/document';
import {
  CONDITION_OPERATOR_NAMES,
  type ConditionOperator,
  MAX_LIST_ITEMS,
  OPERATOR_ALIASES,
  OPERATOR_MISTAKES,
  type OperandKind,
  type SimpleOperatorInfo,
  simpleOperatorInfo,
} from '../vocabulary/operators';
import { type CompileContext, reportUnknownKey } from './context';
import { canonicalDecimal, parseNumberSource } from './decimal';
import { canonicalWindow, parseRate, parseWindow } from './duration';
import { literalNode, literalValue, nfc, scalarLiteral } from './literal';
import { checkPattern } from './regex';
import type { CompareOp, ExprNode, FieldNode, LiteralNode } from './types';

const FIELD_PATH = /^[^\s.]+(?:\.[^\s.]+)*$/;

/** What each operand kind expects, for E307 messages. */
const EXPECTED: Record<OperandKind, Bilingual> = {
  scalar: {
    en: 'a value (string, number, boolean or null)',
    zh: '一个值（字符串、数字、布尔或空值）',
  },
  ordered: { en: 'a number or a string', zh: '数字或字符串' },
  list: { en: 'a list of values', zh: '值列表' },
  string: { en: 'a string', zh: '字符串' },
  regex: { en: 'a regex pattern string', zh: '正则表达式字符串' },
  none: { en: 'no value', zh: '不带值' },
  count: { en: 'a non-negative integer', zh: '非负整数' },
  range: { en: 'a [min, max] pair of numbers', zh: '[最小值, 最大值] 数字对' },
  window: { en: 'a time window such as "10m"', zh: '时间窗口，如“10m”' },
  rate: { en: 'a rate such as "5/1h"', zh: '频率，如“5/1h”' },
};

/** A field path → field node, reporting an invalid path or an unknown namespace. */
export function fieldNode(
  ctx: CompileContext,
  n: YNode | undefined,
  owner: Range,
): FieldNode | null {
  if (!n) {
    ctx.report('ERDL-E305', owner);
    return null;
  }
  if (!isScalar(n) || typeof n.value !== 'string' || !FIELD_PATH.test(n.value)) {
    ctx.report('ERDL-E306', n.range, { value: isScalar(n) ? String(n.value) : describe(n).en });
    return null;
  }
  const path = nfc(n.value);
  const dot = path.indexOf('.');
  const root = dot === -1 ? path : path.slice(0, dot);
  if (!ENTITY_NAMES.has(root)) {
    // A misspelt namespace ("tol.name"): did you mean "tool.name", with a fix for the whole path.
    const names = ENTITIES.map((e) => e.name);
    const best = closest(root, names);
    const meant = best === undefined ? undefined : `${best}${path.slice(root.length)}`;
    ctx.report(
      'ERDL-W316',
      n.range,
      {
        value: path,
        namespaces: { en: names.join(', '), zh: names.join('、') },
        ...hint(meant ?? '', meant === undefined ? [] : [meant]),
      },
      meant === undefined ? undefined : replaceWith(n.range, JSON.stringify(meant)),
    );
  }
  return ctx.at({ node: 'field', path }, n.range);
}

/** Resolves an operator name (aliases normalized with an info diagnostic and a fix). */
export function resolveOperator(
  ctx: CompileContext,
  n: YNode | undefined,
  owner: Range,
): SimpleOperatorInfo | null {
  if (!n || !isScalar(n) || typeof n.value !== 'string') {
    if (n)
      ctx.report('ERDL-E304', n.range, {
        value: describe(n).en,
        ...suggest('', CONDITION_OPERATOR_NAMES, n.range).params,
      });
    else ctx.report('ERDL-E320', owner);
    return null;
  }
  const written = n.value;
  const alias = OPERATOR_ALIASES[written];
  if (alias) {
    ctx.report(
      'ERDL-I315',
      n.range,
      { value: written, canonical: alias },
      {
        title: { en: `Use "${alias}"`, zh: `改为“${alias}”` },
        edits: [{ range: n.range, newText: alias }],
      },
    );
    return simpleOperatorInfo(alias) ?? null;
  }
  const info = simpleOperatorInfo(written);
  if (info?.compile === 'modifier') {
    ctx.report('ERDL-E312', n.range, {
      operator: written,
      example: written === 'rate' ? '5/1h' : '10m',
    });
    return null;
  }
  if (!info) {
    const s = suggest(written, CONDITION_OPERATOR_NAMES, n.range, OPERATOR_MISTAKES);
    ctx.report('ERDL-E304', n.range, { value: written, ...s.params }, s.fix);
    return null;
  }
  return info;
}

function countLiteral(ctx: CompileContext, n: YNode, op: string): LiteralNode | null {
  if (isScalar(n) && typeof n.value === 'number') {
    const d = parseNumberSource(n.source);
    if (d?.isInteger() && !d.isNegative())
      return literalNode(ctx, { type: 'number', value: canonicalDecimal(d) }, n);
  }
  ctx.report('ERDL-E307', n.range, { operator: op, expected: EXPECTED.count });
  return null;
}

function operandError(ctx: CompileContext, op: SimpleOperatorInfo, range: Range): null {
  ctx.report('ERDL-E307', range, { operator: op.name, expected: EXPECTED[op.operand] });
  return null;
}

/**
 * The value operands of a condition, checked against the operator's operand kind.
 * Returns the literal arguments that follow the field (none for exists).
 */
function operands(
  ctx: CompileContext,
  op: SimpleOperatorInfo,
  value: YNode | undefined,
  owner: Range,
): LiteralNode[] | null {
  if (op.operand === 'none') {
    if (value !== undefined) {
      ctx.report('ERDL-E308', value.range, {
        operator: op.name,
        other: op.name === 'exists' ? 'not_exists' : 'exists',
      });
      return null;
    }
    return [];
  }
  if (value === undefined) return operandError(ctx, op, owner);
  switch (op.operand) {
    case 'scalar':
    case 'ordered':
    case 'string':
    case 'regex': {
      if (!isScalar(value)) return operandError(ctx, op, value.range);
      const t = typeof value.value;
      if (op.operand === 'ordered' && t !== 'number' && t !== 'string')
        return operandError(ctx, op, value.range);
      if ((op.operand === 'string' || op.operand === 'regex') && t !== 'string')
        return operandError(ctx, op, value.range);
      if (op.operand === 'regex' && !checkPattern(ctx, value, value.value as string)) return null;
      const lit = scalarLiteral(ctx, value);
      return lit ? [literalNode(ctx, lit, value)] : null;
    }
    case 'list': {
      if (value.kind !== 'seq') return operandError(ctx, op, value.range);
      if (value.items.length > MAX_LIST_ITEMS) {
        ctx.report('ERDL-E602', value.range, { limit: MAX_LIST_ITEMS, count: value.items.length });
        return null;
      }
      if (value.items.length === 0) ctx.report('ERDL-W317', value.range);
      const lit = literalValue(ctx, value);
      return lit ? [literalNode(ctx, lit, value)] : null;
    }
    case 'count': {
      const lit = countLiteral(ctx, value, op.name);
      return lit ? [lit] : null;
    }
    case 'range': {
      const items = value.kind === 'seq' ? value.items : [];
      const [lo, hi] = items;
      if (items.length !== 2 || !isNumber(lo) || !isNumber(hi))
        return operandError(ctx, op, value.range);
      const min = scalarLiteral(ctx, lo);
      const max = scalarLiteral(ctx, hi);
      if (!min || !max || min.type !== 'number' || max.type !== 'number') return null;
      if (parseNumberSource(lo.source)?.gt(parseNumberSource(hi.source) ?? 0)) {
        ctx.report('ERDL-E309', value.range, { min: lo.source, max: hi.source });
        return null;
      }
      return [literalNode(ctx, min, lo), literalNode(ctx, max, hi)];
    }
    default:
      return operandError(ctx, op, value.range);
  }
}

function isNumber(n: YNode | undefined): n is YScalar {
  return n !== undefined && isScalar(n) && typeof n.value === 'number';
}

/**
 * One condition → its tree, with the exact §5.2 compile mapping (exists guards included).
 * Shared by Simple conditions and decision-table cells, so both give identical trees (E7 ⑤).
 */
export function compileCondition(
  ctx: CompileContext,
  field: FieldNode,
  op: SimpleOperatorInfo,
  value: YNode | undefined,
  range: Range,
): ExprNode | null {
  const args = operands(ctx, op, value, range);
  if (!args) return null;
  // Every node of the condition has the condition's position. (Straight-line code, no helper
  // closures: this runs for every condition and table cell of a document.)
  switch (op.compile) {
    case 'direct':
      return positive(ctx, op, field, args, range);
    case 'guarded-not': {
      const not = ctx.at({ node: 'not', args: [positive(ctx, op, field, args, range)] }, range);
      return ctx.at({ node: 'and', args: [exists(ctx, field, range), not] }, range);
    }
    case 'not-exists':
      return ctx.at({ node: 'not', args: [exists(ctx, field, range)] }, range);
    case 'guarded-length':
    case 'guarded-count': {
      const measure: ExprNode =
        op.compile === 'guarded-length'
          ? ctx.at({ node: 'length', args: [field] }, range)
          : ctx.at({ node: 'aggregate', fn: 'count', args: [field] }, range);
      const cmp = ctx.at(
        { node: op.node as CompareOp, args: [measure, args[0] as LiteralNode] },
        range,
      );
      return ctx.at({ node: 'and', args: [exists(ctx, field, range), cmp] }, range);
    }
    default:
      return null;
  }
}

function exists(ctx: CompileContext, field: FieldNode, range: Range): ExprNode {
  return ctx.at({ node: 'exists', args: [field] }, range);
}

/** The operator's own node over the field and its operands. */
function positive(
  ctx: CompileContext,
  op: SimpleOperatorInfo,
  field: FieldNode,
  args: readonly LiteralNode[],
  range: Range,
): ExprNode {
  return ctx.at({ node: op.node, args: [field, ...args] } as unknown as ExprNode, range);
}

/** Wraps a condition in its within / rate modifier (§5.2 stateful operators). */
export function applyModifier(
  ctx: CompileContext,
  cond: ExprNode,
  kind: 'within' | 'rate',
  n: YNode,
): ExprNode | null {
  const text = isScalar(n) && typeof n.value === 'string' ? n.value : null;
  if (kind === 'within') {
    const seconds = text === null ? null : parseWindow(text);
    if (seconds === null) {
      ctx.report('ERDL-E310', n.range, { value: isScalar(n) ? String(n.value) : describe(n).en });
      return null;
    }
    return ctx.at({ node: 'within', window: canonicalWindow(seconds), args: [cond] }, n.range);
  }
  const rate = text === null ? null : parseRate(text);
  if (rate === null) {
    ctx.report('ERDL-E311', n.range, { value: isScalar(n) ? String(n.value) : describe(n).en });
    return null;
  }
  return ctx.at(
    { node: 'rate', limit: rate.limit, window: canonicalWindow(rate.seconds), args: [cond] },
    n.range,
  );
}

const CONDITION_KEYS = ['field', 'operator', 'value', 'within', 'rate'];

/** Projection A (§5.2): `{logic: AND|OR, conditions: [...]}` → and/or of compiled conditions. */
export function compileSimple(ctx: CompileContext, when: YMap): ExprNode | null {
  const logicPair = when.items.find((p) => p.key === 'logic');
  const condPair = when.items.find((p) => p.key === 'conditions');
  let ok = true;
  for (const p of when.items) {
    if (p.key !== 'logic' && p.key !== 'conditions') {
      reportUnknownKey(ctx, when, p, ['logic', 'conditions'], {
        en: 'Simple when',
        zh: ' Simple when ',
      });
      ok = false;
    }
  }
  const logic = logicPair?.value;
  let kind: 'and' | 'or' = 'and';
  if (!logic || !isScalar(logic) || !(SIMPLE_LOGIC as readonly unknown[]).includes(logic.value)) {
    const upper =
      logic && isScalar(logic) && typeof logic.value === 'string' ? logic.value.toUpperCase() : '';
    const fix =
      (SIMPLE_LOGIC as readonly string[]).includes(upper) && logic
        ? {
            title: { en: `Write ${upper}`, zh: `改为 ${upper}` },
            edits: [{ range: logic.range, newText: upper }],
          }
        : undefined;
    ctx.report(
      'ERDL-E302',
      logic?.range ?? when.range,
      { value: logic && isScalar(logic) ? String(logic.value) : 'nothing' },
      fix,
    );
    ok = false;
  } else {
    kind = logic.value === 'OR' ? 'or' : 'and';
  }
  const conditions = condPair?.value;
  if (conditions?.kind !== 'seq' || conditions.items.length === 0) {
    ctx.report('ERDL-E303', conditions?.range ?? when.range);
    return null;
  }
  const compiled: ExprNode[] = [];
  for (const c of conditions.items) {
    const node = compileSimpleCondition(ctx, c);
    if (node) compiled.push(node);
    else ok = false;
  }
  if (!ok) return null;
  return ctx.at({ node: kind, args: compiled }, when.range);
}

function compileSimpleCondition(ctx: CompileContext, c: YNode): ExprNode | null {
  if (c.kind !== 'map') {
    ctx.report('ERDL-E108', c.range, {
      field: 'conditions[]',
      expected: { en: 'a mapping {field, operator, value}', zh: '映射 {field, operator, value}' },
    });
    return null;
  }
  let ok = true;
  for (const p of c.items) {
    if (!CONDITION_KEYS.includes(p.key)) {
      const s = suggest(p.key, CONDITION_KEYS, p.keyNode.range, {}, keysOf(c));
      ctx.report('ERDL-E314', p.keyNode.range, { field: p.key, hint: s.params.hint }, s.fix);
      ok = false;
    }
  }
  const within = get(c, 'within');
  const rate = get(c, 'rate');
  if (within && rate) {
    ctx.report('ERDL-E313', c.range);
    ok = false;
  }
  const field = fieldNode(ctx, get(c, 'field'), c.range);
  const op = resolveOperator(ctx, get(c, 'operator'), c.range);
  if (!field || !op || !ok) return null;
  const cond = compileCondition(ctx, field, op, get(c, 'value'), c.range);
  if (!cond) return null;
  if (within) return applyModifier(ctx, cond, 'within', within);
  if (rate) return applyModifier(ctx, cond, 'rate', rate);
  return cond;
}

export type { ConditionOperator };
