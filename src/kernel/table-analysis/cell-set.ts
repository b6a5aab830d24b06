import { compareStrings } from '../eval/values';
import type { ExprNode, LiteralNode } from '../tree/types';
import { type Bits, emptyBits, setBit } from './bits';
import { compileCell, factWith, type Outcome, run } from './probe';
import type { FieldDomain, ValueClass } from './value-classes';

/**
 * One cell as classes of its field's values:
 * - `must`: classes on which the cell is true for every value, without an evaluation error;
 * - `may`: classes on which it is true for some value (or may raise an evaluation error);
 * - `error`: classes on which evaluating it may raise an error (E12 then fails a blocking row
 *   closed, which fires it).
 * `must` = `may` when the cell is within the analysis; otherwise `beyond` names why not.
 */
export interface CellSet {
  readonly must: Bits;
  readonly may: Bits;
  readonly error: Bits;
  readonly beyond: Beyond | null;
}

/** Why a cell is only partly known: its operator. */
export interface Beyond {
  readonly operator: string;
}

/**
 * Operators whose truth differs between values of one infinite class: on "any other string"
 * (text patterns, regex, string order, length) and on lists (membership, length, count).
 * Everywhere else one value speaks for its class (the class cut points are the cell literals).
 */
const VARIES_ON_OTHER_STRINGS = new Set([
  'contains',
  'starts_with',
  'ends_with',
  'match',
  'length',
]);
const VARIES_ON_LISTS = new Set(['contains', 'length', 'aggregate']);
/** Where evaluation may throw: regex input limit on strings; list size limit on lists. */
const THROWS_ON_STRINGS = new Set(['match']);
const THROWS_ON_LISTS = new Set(['contains', 'aggregate']);

const cache = new WeakMap<FieldDomain, Map<string, CellSet>>();

export function cellSet(cell: ExprNode, domain: FieldDomain): CellSet {
  let byCell = cache.get(domain);
  if (!byCell) {
    byCell = new Map();
    cache.set(domain, byCell);
  }
  // The compiler builds equal cells with equal key order, so the text identifies the cell.
  const key = JSON.stringify(cell);
  let set = byCell.get(key);
  if (!set) {
    set = computeCellSet(cell, domain);
    byCell.set(key, set);
  }
  return set;
}

function computeCellSet(cell: ExprNode, domain: FieldDomain): CellSet {
  const size = domain.classes.length;
  const must = emptyBits(size);
  const may = emptyBits(size);
  const error = emptyBits(size);
  const nodes = nodeNames(cell);
  const stringOrder = hasStringOrder(cell);
  const variesOnStrings = stringOrder || [...nodes].some((n) => VARIES_ON_OTHER_STRINGS.has(n));
  const variesOnLists = [...nodes].some((n) => VARIES_ON_LISTS.has(n));
  const compiled = compileCell(cell);
  const probe = (c: ValueClass): Outcome => run(compiled, factWith([[domain.path, c.value]]));
  const fast = comparison(cell, domain);
  let beyond: Beyond | null = null;
  const mark = (i: number, o: Outcome, exact: boolean) => {
    if (o === 'error') {
      setBit(may, i);
      setBit(error, i);
      beyond = beyond ?? { operator: operatorName(cell) };
      return;
    }
    if (!o) return;
    setBit(may, i);
    if (exact) setBit(must, i);
    else beyond = beyond ?? { operator: operatorName(cell) };
  };

  const [numberStart, numberEnd] = domain.numbers;
  const [stringStart, stringEnd] = domain.strings;
  // Numbers: computed from the bounds for comparisons, else one value speaks for all of them.
  let numberOutcome: Outcome | null = null;
  for (let i = numberStart; i < numberEnd; i++) {
    const c = domain.classes[i] as ValueClass;
    if (fast) mark(i, fast.number(i), true);
    else {
      numberOutcome ??= probe({ ...c, value: 0 });
      mark(i, numberOutcome, true);
    }
  }
  for (let i = stringStart; i < stringEnd; i++) {
    const c = domain.classes[i] as ValueClass;
    const o = fast?.string(c.value as string);
    mark(i, o ?? probe(c), true);
  }
  domain.classes.forEach((c, i) => {
    if (i >= numberStart && i < stringEnd) return;
    if (c.kind === 'other-string' && variesOnStrings) {
      // Some other string may satisfy it; a regex may also exceed the input limit.
      setBit(may, i);
      if ([...nodes].some((n) => THROWS_ON_STRINGS.has(n))) setBit(error, i);
      beyond = beyond ?? { operator: operatorName(cell) };
      return;
    }
    if (c.kind === 'list' && variesOnLists) {
      setBit(may, i);
      if ([...nodes].some((n) => THROWS_ON_LISTS.has(n))) setBit(error, i);
      beyond = beyond ?? { operator: operatorName(cell) };
      return;
    }
    mark(i, probe(c), true);
  });
  return { must, may, error, beyond };
}

function nodeNames(n: ExprNode, out = new Set<string>()): Set<string> {
  out.add(n.node);
  if ('args' in n) for (const c of n.args) nodeNames(c, out);
  return out;
}

function hasStringOrder(n: ExprNode): boolean {
  if (
    (n.node === 'gt' || n.node === 'gte' || n.node === 'lt' || n.node === 'lte') &&
    n.args[1].node === 'literal' &&
    n.args[1].type === 'string'
  )
    return true;
  return 'args' in n && n.args.some(hasStringOrder);
}

/** The Simple operator a cell was written with, for messages. */
export function operatorName(cell: ExprNode): string {
  if (cell.node === 'not' && cell.args[0].node === 'exists') return 'not_exists';
  if (cell.node === 'and' && cell.args.length === 2) {
    const [, second] = cell.args;
    if (second?.node === 'not') return `not_${second.args[0].node}`;
    if (second && 'args' in second && second.args[0]?.node === 'length')
      return `length_${second.node}`;
    if (second && 'args' in second && second.args[0]?.node === 'aggregate')
      return `count_${second.node}`;
  }
  return cell.node;
}

interface Comparison {
  /**
   * The cell on the number class at `index` (a point or an open interval between the field's
   * literals). Number classes run in value order (interval, point, interval, …, interval) and
   * every literal of the field is a point, so comparing with a literal is comparing indexes.
   */
  number(index: number): Outcome;
  /** The cell on a literal string, or undefined to ask the evaluator. */
  string(s: string): Outcome | undefined;
}

/**
 * Fast exact path for the comparisons that make up most tables: eq / ne / gt / gte / lt / lte /
 * in / between with literal operands, bare or as `exists AND not(…)` (not_in, not_between).
 * A property test checks it against the evaluator on every class (cell-set.test.ts).
 */
function comparison(cell: ExprNode, domain: FieldDomain): Comparison | null {
  let core = cell;
  let negate = false;
  if (
    cell.node === 'and' &&
    cell.args.length === 2 &&
    cell.args[0]?.node === 'exists' &&
    cell.args[1]?.node === 'not'
  ) {
    core = cell.args[1].args[0];
    negate = true;
  }
  if (!('args' in core) || core.args[0]?.node !== 'field') return null;
  const lits = core.args.slice(1);
  if (!lits.every((a): a is LiteralNode => a.node === 'literal')) return null;
  const flip = (o: boolean): Outcome => (negate ? !o : o);
  switch (core.node) {
    case 'eq':
    case 'ne':
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      const lit = lits[0] as LiteralNode;
      const node = core.node;
      if (lit.type === 'number') {
        const L = domain.pointIndex.get(lit.value) as number;
        return {
          number: (i) => flip(compare(node, Math.sign(i - L))),
          string: () => flip(false),
        };
      }
      if (lit.type === 'string') {
        const L = lit.value;
        return {
          number: () => flip(false),
          string: (s) => flip(compare(node, compareStrings(s, L))),
        };
      }
      return null;
    }
    case 'in': {
      const list = lits[0] as LiteralNode;
      if (list.type !== 'list') return null;
      const numbers = new Set(
        list.value.flatMap((v) => (v.type === 'number' ? [domain.pointIndex.get(v.value)] : [])),
      );
      const strings = new Set(list.value.flatMap((v) => (v.type === 'string' ? [v.value] : [])));
      return {
        number: (i) => flip(numbers.has(i)),
        string: (s) => flip(strings.has(s)),
      };
    }
    case 'between': {
      const [lo, hi] = lits as [LiteralNode, LiteralNode];
      if (lo.type !== 'number' || hi.type !== 'number') return null;
      const low = domain.pointIndex.get(lo.value) as number;
      const high = domain.pointIndex.get(hi.value) as number;
      return {
        number: (i) => flip(i >= low && i <= high),
        string: () => flip(false),
      };
    }
    default:
      return null;
  }
}

function compare(node: string, sign: number): boolean {
  switch (node) {
    case 'eq':
      return sign === 0;
    case 'ne':
      return sign !== 0;
    case 'gt':
      return sign > 0;
    case 'gte':
      return sign >= 0;
    case 'lt':
      return sign < 0;
    default:
      return sign <= 0;
  }
}
