import type { AggregateFunction, DatePart } from '../vocabulary/nodes';

/**
 * The expression tree (§5.3). Its in-memory shape IS the canonical JSON shape (docs/canonical-form.md):
 * canonical bytes are RFC 8785 serialization of these objects, nothing is dropped or renamed.
 * Source positions live outside the tree (see SourceMap in compile.ts), so they can never leak
 * into a hash (§8.2 metadata stripping).
 */

/** Literal values. Numbers are fixed-point decimal strings at scale 14 (E2), strings are NFC (E10). */
export type LiteralValue =
  | { readonly type: 'string'; readonly value: string }
  | { readonly type: 'number'; readonly value: string }
  | { readonly type: 'boolean'; readonly value: boolean }
  | { readonly type: 'null' }
  | { readonly type: 'duration'; readonly value: string }
  | { readonly type: 'list'; readonly value: readonly LiteralValue[] };

export interface FieldNode {
  readonly node: 'field';
  readonly path: string;
}
export interface VarNode {
  readonly node: 'var';
  readonly path: string;
}
export type LiteralNode = { readonly node: 'literal' } & LiteralValue;

export type CompareOp = 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte';
export type StringOp = 'contains' | 'match' | 'starts_with' | 'ends_with';
export type ArithOp = 'add' | 'sub' | 'mul' | 'div';
export type QuantifierKind = 'all' | 'any' | 'none';

export interface LogicNode {
  readonly node: 'and' | 'or';
  readonly args: readonly ExprNode[];
}
export interface NotNode {
  readonly node: 'not';
  readonly args: readonly [ExprNode];
}
export interface BinaryNode {
  readonly node: CompareOp | StringOp | ArithOp | 'in' | 'days_between' | 'date_add';
  readonly args: readonly [ExprNode, ExprNode];
}
export interface UnaryNode {
  readonly node: 'exists' | 'length' | 'epoch_ms' | 'month_last_day';
  readonly args: readonly [ExprNode];
}
export interface BetweenNode {
  readonly node: 'between';
  readonly args: readonly [ExprNode, ExprNode, ExprNode];
}
export interface QuantifierNode {
  readonly node: QuantifierKind;
  /** [array, predicate]; the predicate reads the element as `$`. */
  readonly args: readonly [ExprNode, ExprNode];
}
export interface RoundNode {
  readonly node: 'round';
  readonly places: number;
  readonly args: readonly [ExprNode];
}
export interface DatePartNode {
  readonly node: 'date_part';
  readonly part: DatePart;
  readonly args: readonly [ExprNode];
}
export interface AggregateNode {
  readonly node: 'aggregate';
  readonly fn: AggregateFunction;
  /** [array] or [array, value-per-element] (the value reads the element as `$`). */
  readonly args: readonly [ExprNode] | readonly [ExprNode, ExprNode];
}
/** within: the wrapped condition holds again inside the window (§5.2 stateful operators). */
export interface WithinNode {
  readonly node: 'within';
  readonly window: string;
  readonly args: readonly [ExprNode];
}
/** rate: the wrapped condition held more than `limit` times inside the window. */
export interface RateNode {
  readonly node: 'rate';
  readonly limit: number;
  readonly window: string;
  readonly args: readonly [ExprNode];
}

export type ExprNode =
  | FieldNode
  | VarNode
  | LiteralNode
  | LogicNode
  | NotNode
  | BinaryNode
  | UnaryNode
  | BetweenNode
  | QuantifierNode
  | RoundNode
  | DatePartNode
  | AggregateNode
  | WithinNode
  | RateNode;

export const TRUE_NODE: LiteralNode = { node: 'literal', type: 'boolean', value: true };

/** Children of a node, in canonical (left → right) order. */
export function childrenOf(n: ExprNode): readonly ExprNode[] {
  return 'args' in n ? n.args : [];
}
