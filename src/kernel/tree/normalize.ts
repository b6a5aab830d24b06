import type { SourceMap } from './context';
import type { ExprNode, LogicNode } from './types';

/**
 * §8.2 canonical shape, applied to every writing form: nested and/or of the same kind are
 * flattened (and(a, and(b, c)) → and(a, b, c)) and a single-child and/or is unwrapped, so one
 * Simple condition, the same Expression and the same table row give one tree and one hash.
 * Child order is kept (strict left → right); nothing is sorted or deduplicated.
 *
 * Trees are immutable, so a subtree that is already in canonical shape is returned as it is (the
 * same object, with its source position): only the nodes on a path to a change are rebuilt. A
 * compile's trees are mostly canonical already, and copying them all took a tenth of a 1,000-rule
 * compile (allocation and source-map entries). tests/fuzz/normalize.property.test.ts proves the
 * result equal, node for node and position for position, to rebuilding every node.
 */
export function normalize(n: ExprNode, map?: SourceMap): ExprNode {
  if (!('args' in n)) return n;
  const src = n.args;
  const logic = n.node === 'and' || n.node === 'or';
  // The new children, made on the first child that changes (or is flattened); null: none did.
  let args: ExprNode[] | null = null;
  for (let i = 0; i < src.length; i++) {
    const a = src[i] as ExprNode;
    const b = normalize(a, map);
    if (logic && b.node === n.node) {
      if (args === null) args = src.slice(0, i);
      for (const c of (b as LogicNode).args) args.push(c);
    } else if (b !== a) {
      if (args === null) args = src.slice(0, i);
      args.push(b);
    } else if (args !== null) args.push(b);
  }
  if (logic) {
    const flat = args ?? src;
    if (flat.length === 1) return flat[0] as ExprNode;
    return args === null ? n : keep({ node: n.node, args }, n, map);
  }
  return args === null ? n : keep({ ...n, args } as ExprNode, n, map);
}

function keep(next: ExprNode, prev: ExprNode, map?: SourceMap): ExprNode {
  const r = map?.get(prev);
  if (map && r) map.set(next, r);
  return next;
}
