import { ARITHMETIC_NODES, QUANTIFIER_NODES } from '../vocabulary/nodes';
import type { ExprNode } from './types';

/**
 * E4 graded resource limits (§7.2). Grade A = Simple / decision table / "true" (pure Simple
 * operators), Grade B = Expression, Grade C = function delegation (not available here).
 * Measured on the normalized tree; every node object counts (a list literal is one node).
 */
export type Grade = 'A' | 'B';

export interface TreeMeasure {
  /** Longest root-to-leaf path, counting both ends (a lone literal has depth 1). */
  readonly depth: number;
  readonly nodes: number;
  /** Longest chain of nested arithmetic nodes (add/sub/mul/div/round). */
  readonly arithmeticDepth: number;
  /** Longest chain of nested quantifiers (all/any/none). */
  readonly quantifierDepth: number;
}

export interface GradeLimits {
  readonly depth: number;
  readonly nodes: number;
  readonly arithmeticDepth: number;
  readonly quantifierDepth: number;
}

export const GRADE_LIMITS: Readonly<Record<Grade, GradeLimits>> = {
  A: { depth: 6, nodes: 64, arithmeticDepth: 2, quantifierDepth: 1 },
  B: { depth: 10, nodes: 256, arithmeticDepth: 4, quantifierDepth: 2 },
};

export function measure(root: ExprNode): TreeMeasure {
  const m = { depth: 0, nodes: 0, arithmeticDepth: 0, quantifierDepth: 0 };
  measureNode(m, root, 1, 0, 0);
  return m;
}

/** Adds node `n` (at depth `d`, under `a` arithmetic and `q` quantifier nodes) to `m`. */
function measureNode(
  m: { -readonly [K in keyof TreeMeasure]: number },
  n: ExprNode,
  d: number,
  a: number,
  q: number,
): void {
  m.nodes++;
  const na = ARITHMETIC_NODES.has(n.node) ? a + 1 : a;
  const nq = QUANTIFIER_NODES.has(n.node) ? q + 1 : q;
  if (d > m.depth) m.depth = d;
  if (na > m.arithmeticDepth) m.arithmeticDepth = na;
  if (nq > m.quantifierDepth) m.quantifierDepth = nq;
  if ('args' in n) for (const c of n.args) measureNode(m, c, d + 1, na, nq);
}

export const MEASURE_NAMES = {
  depth: { en: 'tree depth', zh: '树深度' },
  nodes: { en: 'node count', zh: '节点数' },
  arithmeticDepth: { en: 'arithmetic depth', zh: '算术嵌套深度' },
  quantifierDepth: { en: 'quantifier nesting', zh: '量词嵌套层数' },
} as const;

/** Each limit the tree exceeds for its grade, with the measured value. */
export function exceeded(
  m: TreeMeasure,
  grade: Grade,
): { key: keyof TreeMeasure; value: number; limit: number }[] {
  const limits = GRADE_LIMITS[grade];
  return (Object.keys(limits) as (keyof GradeLimits)[])
    .filter((k) => m[k] > limits[k])
    .map((k) => ({ key: k, value: m[k], limit: limits[k] }));
}
