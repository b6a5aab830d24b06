import type { ExprNode } from '../tree/types';
import type { Env, FieldSlot } from './nodes';
import { fieldSlot, literalNodeValue, readSlot, resolvePath } from './nodes';

/**
 * Exact arithmetic on doubles (issue 41 §3): a comparison whose operands are number fields, number
 * literals and add/sub/mul/div over them is decided on fractions n/d of safe integers — the exact
 * values E2 asks for (a double stands for the decimal it reads as: 0.1 is 1/10) — without making a
 * BigInt Rational. Whenever a value is not a JS number (missing, null, text, an exact Rational
 * read from a fact), a divisor is zero, or a product might pass 2^53, the fast evaluator answers
 * FALLBACK and the comparison runs its ordinary closures from the start: they read the same
 * fields in the same order, so any error or warning is theirs, exactly as before. Traced
 * evaluations never take this path (their node values stay Rationals).
 */

/** An operand as a fraction: returns the numerator and leaves the denominator (> 0) in `den`. */
type Part = (env: Env) => number;

/** Returned (as a numerator) when the fast path cannot decide exactly; never a real numerator. */
const FALLBACK = Number.NaN;
let den = 1;

const POW10 = Array.from({ length: 16 }, (_, k) => 10 ** k);
const SAFE = Number.MAX_SAFE_INTEGER;

/** x as m/10^k with |m| < 10^15 (its shortest decimal), m returned and 10^k left in `den`. */
function split(x: number): number {
  if (Number.isInteger(x)) {
    den = 1;
    return Math.abs(x) <= SAFE ? x : FALLBACK;
  }
  for (let k = 1; k < POW10.length; k++) {
    const p = POW10[k] as number;
    const m = Math.round(x * p);
    if (Math.abs(m) >= 1e15) break;
    if (m / p === x) {
      den = p;
      return m;
    }
  }
  return FALLBACK;
}

/** a·b when |a·b| ≤ 2^53 − 1 (then the double product is exact); else FALLBACK. */
function times(a: number, b: number): number {
  const p = a * b;
  return Math.abs(p) <= SAFE ? p : FALLBACK;
}

function plus(a: number, b: number): number {
  const s = a + b;
  return Math.abs(s) <= SAFE ? s : FALLBACK;
}

/** The two operands of the last `operands` call, as fractions (one object, reused). */
const pair = { na: 0, da: 1, nb: 0, db: 1 };

/**
 * Evaluates a, then b (the order the ordinary closures read them in) into `pair`; false as soon as
 * one cannot be had exactly.
 */
function operands(a: Part, b: Part, env: Env): boolean {
  const na = a(env);
  if (Number.isNaN(na)) return false;
  const da = den;
  const nb = b(env);
  if (Number.isNaN(nb)) return false;
  pair.na = na;
  pair.da = da;
  pair.nb = nb;
  pair.db = den;
  return true;
}

function part(n: ExprNode, slots: Map<string, FieldSlot> | undefined): Part | null {
  switch (n.node) {
    case 'field': {
      const slot = fieldSlot(n.path, slots);
      return (env) => {
        const v =
          env.epoch === undefined
            ? resolvePath(env.fact, slot.segments)
            : readSlot(env.fact, slot, env.epoch);
        return typeof v === 'number' ? split(v) : FALLBACK;
      };
    }
    case 'literal': {
      if (n.type !== 'number') return null;
      const v = literalNodeValue(n);
      if (typeof v !== 'number') return null;
      const m = split(v);
      if (Number.isNaN(m)) return null;
      const d = den;
      return () => {
        den = d;
        return m;
      };
    }
    case 'add':
    case 'sub':
    case 'mul':
    case 'div': {
      const a = part(n.args[0], slots);
      const b = part(n.args[1], slots);
      if (!a || !b) return null;
      const op = n.node;
      return (env) => {
        if (!operands(a, b, env)) return FALLBACK;
        const { na, da, nb, db } = pair;
        if (op === 'mul') {
          den = times(da, db);
          return Number.isNaN(den) ? FALLBACK : times(na, nb);
        }
        if (op === 'div') {
          if (nb === 0) return FALLBACK; // division by zero: the ordinary closures raise it
          const d = times(da, nb);
          den = Math.abs(d);
          const n2 = times(na, db);
          return Number.isNaN(d) ? FALLBACK : d < 0 ? -n2 : n2;
        }
        const sign = op === 'sub' ? -1 : 1;
        if (da === db) {
          den = da;
          return plus(na, sign * nb);
        }
        den = times(da, db);
        if (Number.isNaN(den)) return FALLBACK;
        return plus(times(na, db), sign * times(nb, da));
      };
    }
    default:
      return null;
  }
}

/**
 * A comparison of two exact parts, or null when the node is not one worth it (no arithmetic in
 * it: the ordinary closures compare plain numbers natively). The result: the sign of a − b, or
 * FALLBACK. Fields are read through `slots` (an Evaluator's, nodes.ts FieldSlot) when given.
 */
export function exactDifference(
  n: ExprNode,
  slots?: Map<string, FieldSlot>,
): ((env: Env) => number) | null {
  if (!('args' in n) || n.args.length !== 2) return null;
  const arith = (x: ExprNode) =>
    x.node === 'add' || x.node === 'sub' || x.node === 'mul' || x.node === 'div';
  const [x, y] = n.args as [ExprNode, ExprNode];
  if (!arith(x) && !arith(y)) return null;
  const a = part(x, slots);
  const b = part(y, slots);
  if (!a || !b) return null;
  return (env) => {
    if (!operands(a, b, env)) return FALLBACK;
    const l = times(pair.na, pair.db);
    const r = times(pair.nb, pair.da);
    if (Number.isNaN(l) || Number.isNaN(r)) return FALLBACK;
    return l < r ? -1 : l > r ? 1 : 0;
  };
}
