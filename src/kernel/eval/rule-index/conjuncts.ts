import type { ExprNode } from '../../tree/types';
import { MAX_ARRAY, MAX_STEPS } from '../nodes';

/**
 * A rule's `when` as the conditions `and` tries one after another: nested `and`s flattened in
 * evaluation order (and(and(a, b), c) tries a, b, c and stops at the first that is not true).
 */
export function conjunctsOf(when: ExprNode, out: ExprNode[] = []): ExprNode[] {
  // Appended into one list (a flatMap per `and` was a quarter of the index's build).
  if (when.node !== 'and') out.push(when);
  else for (const a of when.args) conjunctsOf(a, out);
  return out;
}

/** Operators that compare their operands and can neither warn, nor raise, nor count list steps. */
const PLAIN_COMPARISONS = new Set([
  'eq',
  'ne',
  'gt',
  'gte',
  'lt',
  'lte',
  'starts_with',
  'ends_with',
  'exists',
  'between',
]);

const isOperand = (n: ExprNode) => n.node === 'field' || n.node === 'literal';

/**
 * Whether evaluating `n` can have no effect but its value — no warning, no evaluation error, no
 * temporal state, no list step beyond `budget.steps` — provided every field it reads holds JSON
 * data (the index probes those fields first: a non-finite number or a throwing getter there turns
 * the index off for that fact). `in` over a literal list counts its items against the rule's E4
 * step budget, so the lists of a rule's pure conditions must fit in it together. Anything reading
 * a list from the fact, matching a regex, computing, or counting a window is not pure.
 */
export function isPure(n: ExprNode, budget: { steps: number }): boolean {
  switch (n.node) {
    case 'field':
    case 'literal':
      return true;
    case 'and':
    case 'or':
    case 'not':
      return n.args.every((a) => isPure(a, budget));
    case 'in': {
      const [x, set] = n.args;
      if (!isOperand(x) || set.node !== 'literal' || set.type !== 'list') return false;
      if (set.value.length > MAX_ARRAY) return false;
      budget.steps -= set.value.length;
      return budget.steps >= 0;
    }
    default:
      return PLAIN_COMPARISONS.has(n.node) && 'args' in n && n.args.every(isOperand);
  }
}

/** A fresh step budget for one rule's pure prefix (E4: MAX_STEPS list elements per rule). */
export function stepBudget(): { steps: number } {
  return { steps: MAX_STEPS };
}

/** The field paths `n` reads, in preorder. */
export function fieldPaths(n: ExprNode, out: string[] = []): string[] {
  if (n.node === 'field') out.push(n.path);
  else if ('args' in n) for (const a of n.args) fieldPaths(a, out);
  return out;
}
