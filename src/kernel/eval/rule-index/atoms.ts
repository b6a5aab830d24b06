import type { ExprNode } from '../../tree/types';
import { literalNodeValue, MAX_ARRAY, nfcValue } from '../nodes';
import type { Value } from '../values';

/** A value a hash lookup can find: what `eq` and `in` compare by identity on the fast path. */
export type Key = string | number | boolean | null;

/**
 * One condition on one field whose truth the index can decide from that field's value alone:
 * - `key`: true only when the value is one of `keys` (`eq` with a string, number or boolean
 *   literal; `in` over a literal list of those and null);
 * - `nullish`: true only when the value is missing or null (`eq` with the null literal, §7.3(a));
 * - `prefix`: true only when the value is text starting with `prefix` (`starts_with`);
 * - `bound`: true only when the value is a number on the right side of `bound` (`gt`, `gte`,
 *   `lt`, `lte` with a number literal; `between` by its lower bound).
 */
export type Atom =
  | { readonly path: string; readonly kind: 'key'; readonly keys: readonly Key[] }
  | { readonly path: string; readonly kind: 'nullish' }
  | { readonly path: string; readonly kind: 'prefix'; readonly prefix: string }
  | {
      readonly path: string;
      readonly kind: 'bound';
      readonly op: 'gt' | 'gte' | 'lt' | 'lte';
      readonly bound: number;
    };

/** How well an atom narrows the rules down: hash lookups first, then prefixes, then bounds. */
export function atomScore(a: Atom): number {
  return a.kind === 'key' || a.kind === 'nullish' ? 3 : a.kind === 'prefix' ? 2 : 1;
}

function isKey(v: Value): v is Key {
  return (
    v === null ||
    typeof v === 'string' ||
    typeof v === 'boolean' ||
    (typeof v === 'number' && Number.isFinite(v))
  );
}

/** A literal number as the evaluator holds it, when that is a JS number (else it is exact). */
function literalNumber(n: ExprNode): number | null {
  if (n.node !== 'literal' || n.type !== 'number') return null;
  const v = literalNodeValue(n);
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/**
 * The atoms of a condition that is false exactly when all of them are false: one atom for a
 * comparison of a field with a literal, the atoms of every branch for an `or`. Null when the
 * condition has another shape (it is then evaluated for every fact).
 */
export function atomsOf(n: ExprNode): Atom[] | null {
  if (n.node === 'or') {
    const out: Atom[] = [];
    for (const a of n.args) {
      const inner = atomsOf(a);
      if (!inner) return null;
      out.push(...inner);
    }
    return out.length > 0 ? out : null;
  }
  if (!('args' in n)) return null;
  const [x, y, z] = n.args;
  if (x?.node !== 'field' || y?.node !== 'literal') return null;
  const path = x.path;
  switch (n.node) {
    case 'eq': {
      if (y.type === 'null') return [{ path, kind: 'nullish' }];
      const v = literalNodeValue(y);
      return isKey(v) ? [{ path, kind: 'key', keys: [v] }] : null;
    }
    case 'in': {
      if (y.type !== 'list' || y.value.length > MAX_ARRAY) return null;
      const items = (literalNodeValue(y) as readonly Value[]).map(nfcValue);
      return items.every(isKey) ? [{ path, kind: 'key', keys: items }] : null;
    }
    case 'starts_with':
      return y.type === 'string' ? [{ path, kind: 'prefix', prefix: y.value }] : null;
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      const bound = literalNumber(y);
      return bound === null ? null : [{ path, kind: 'bound', op: n.node, bound }];
    }
    case 'between': {
      const lo = literalNumber(y);
      return lo === null || z === undefined || literalNumber(z) === null
        ? null
        : [{ path, kind: 'bound', op: 'gte', bound: lo }];
    }
    default:
      return null;
  }
}
