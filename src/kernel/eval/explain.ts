import type { ExprNode } from '../tree/types';
import type { TraceNode } from './evaluate';

/**
 * The condition that made a rule's `when` false, read from its trace: inside an `and`, the first
 * argument that evaluated to false (descending into nested `and`s); anything else that is false
 * (`or`, `not`, a comparison) is itself the failing condition. Null when the tree is not false
 * in the trace (matched, not evaluated, or an error).
 */
export function failingCondition(tree: ExprNode, trace: TraceNode): ExprNode | null {
  if (trace.value !== false) return null;
  if (tree.node === 'and' && trace.args) {
    for (const [i, child] of tree.args.entries()) {
      const t = trace.args[i];
      if (t?.value === false) return failingCondition(child, t) ?? child;
    }
  }
  return tree;
}
