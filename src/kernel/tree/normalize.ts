import type { SourceMap } from './context';
import type { ExprNode, LogicNode } from './types';

/**
 * §8.2 canonical shape, applied to every writing form: nested and/or of the same kind are
 * flattened (and(a, and(b, c)) → and(a, b, c)) and a single-child and/or is unwrapped, so one
 * Simple condition, the same Expression and the same table row give one tree and one hash.
 * Child order is kept (strict left → right); nothing is sorted or deduplicated.
 */
export function normalize(n: ExprNode, map?: SourceMap): ExprNode {
  if (!('args' in n)) return n;
  const args = n.args.map((a) => normalize(a, map));
  if (n.node === 'and' || n.node === 'or') {
    const flat: ExprNode[] = [];
    for (const a of args) {
      if (a.node === n.node) flat.push(...(a as LogicNode).args);
      else flat.push(a);
    }
    if (flat.length === 1) return flat[0] as ExprNode;
    return keep({ node: n.node, args: flat }, n, map);
  }
  return keep({ ...n, args } as ExprNode, n, map);
}

function keep(next: ExprNode, prev: ExprNode, map?: SourceMap): ExprNode {
  const r = map?.get(prev);
  if (map && r) map.set(next, r);
  return next;
}
