import { compareStrings } from '../eval/values';
import { Decimal } from '../tree/decimal';
import type { ExprNode, LiteralValue } from '../tree/types';
import { COMPARISON_NODES } from '../vocabulary/nodes';
import { GUARDED_NOT_NODES } from '../vocabulary/operators';
import { type Bits, emptyBits, setBit } from './bits';

/**
 * One field's values cut into finitely many classes, so that every table cell on the field is true
 * on all, none or (beyond the analysis) some of each class. The cut points are the literals the
 * cells compare the field with: each literal number is a class and so is each open interval
 * between two of them; each literal string is a class and "any other string" is one more.
 */
export type ClassKind =
  | 'missing'
  | 'null'
  | 'true'
  | 'false'
  | 'number'
  | 'number-range'
  | 'string'
  | 'other-string'
  | 'list'
  | 'object';

export interface ValueClass {
  readonly kind: ClassKind;
  /** A value of the class as JSON (undefined: the field is absent), for evaluation and examples. */
  readonly value: unknown;
  /**
   * False when no JSON fact can hold a value of the class: a number literal no double reads as, or
   * an interval with no double inside. Such classes are left out of every search.
   */
  readonly live: boolean;
  /** Bounds of a number class (null = unbounded); equal for a point. */
  readonly lower?: Decimal | null;
  readonly upper?: Decimal | null;
}

export interface FieldDomain {
  readonly path: string;
  readonly classes: readonly ValueClass[];
  /** Classes any fact can reach (see ValueClass.live). */
  readonly live: Bits;
  /**
   * The classes a gap search ranges over: the kinds of the literals the cells compare with
   * (numbers, strings, booleans), or every present value when the cells name no literal (I-42).
   */
  readonly typed: Bits;
  /** Every class (shared, never modified). */
  readonly full: Bits;
  /** Index range of the number classes, and of the literal-string classes. */
  readonly numbers: readonly [number, number];
  /** The class of each number literal, by its canonical text (literals are scale-14 text). */
  readonly pointIndex: ReadonlyMap<string, number>;
  readonly strings: readonly [number, number];
}

/** Nodes whose literal operands are compared with the field itself (not with its length). */
const COMPARED: ReadonlySet<string> = new Set([...COMPARISON_NODES, ...GUARDED_NOT_NODES]);

export interface Literals {
  /** Canonical decimal text (scale 14, as in the tree), so equal numbers are equal text. */
  numbers: Set<string>;
  strings: string[];
  booleans: boolean;
}

/** Collects the literals `cells` compare `path` with. */
export function collectLiterals(cells: readonly ExprNode[], path: string): Literals {
  const out: Literals = { numbers: new Set(), strings: [], booleans: false };
  const add = (v: LiteralValue) => {
    if (v.type === 'number') out.numbers.add(v.value);
    else if (v.type === 'string') out.strings.push(v.value);
    else if (v.type === 'boolean') out.booleans = true;
    else if (v.type === 'list') for (const item of v.value) add(item);
  };
  const walk = (n: ExprNode) => {
    if (
      COMPARED.has(n.node) &&
      'args' in n &&
      n.args[0]?.node === 'field' &&
      n.args[0].path === path
    ) {
      for (const a of n.args.slice(1)) if (a.node === 'literal') add(a);
    }
    if ('args' in n) for (const c of n.args) walk(c);
  };
  for (const c of cells) walk(c);
  return out;
}

export function buildDomain(path: string, cells: readonly ExprNode[]): FieldDomain {
  const lits = collectLiterals(cells, path);
  const classes: ValueClass[] = [
    { kind: 'missing', value: undefined, live: true },
    { kind: 'null', value: null, live: true },
    { kind: 'true', value: true, live: true },
    { kind: 'false', value: false, live: true },
  ];
  const numberStart = classes.length;
  const points = [...lits.numbers]
    .map((text) => ({ text, value: new Decimal(text) }))
    .sort((a, b) => a.value.cmp(b.value));
  const pointIndex = new Map<string, number>();
  let below: Decimal | null = null;
  for (const p of points) {
    classes.push(rangeClass(below, p.value));
    pointIndex.set(p.text, classes.length);
    classes.push(pointClass(p.value));
    below = p.value;
  }
  classes.push(rangeClass(below, null));
  const stringStart = classes.length;
  const strings = [...new Set(lits.strings)].sort(compareStrings);
  for (const s of strings) classes.push({ kind: 'string', value: s, live: true });
  const stringEnd = classes.length;
  classes.push({ kind: 'other-string', value: otherString(strings), live: true });
  classes.push({ kind: 'list', value: [], live: true });
  classes.push({ kind: 'object', value: {}, live: true });

  const full = emptyBits(classes.length);
  for (let i = 0; i < classes.length; i++) setBit(full, i);
  const live = emptyBits(classes.length);
  const typed = emptyBits(classes.length);
  const anyKind = points.length > 0 || strings.length > 0 || lits.booleans;
  classes.forEach((c, i) => {
    if (!c.live) return;
    setBit(live, i);
    const isNumber = c.kind === 'number' || c.kind === 'number-range';
    const isString = c.kind === 'string' || c.kind === 'other-string';
    const isBoolean = c.kind === 'true' || c.kind === 'false';
    const inDomain = anyKind
      ? (isNumber && points.length > 0) ||
        (isString && strings.length > 0) ||
        (isBoolean && lits.booleans)
      : c.kind !== 'missing' && c.kind !== 'null';
    if (inDomain) setBit(typed, i);
  });
  return {
    path,
    classes,
    live,
    typed,
    full,
    numbers: [numberStart, stringStart],
    pointIndex,
    strings: [stringStart, stringEnd],
  };
}

/** A double reads back as exactly this decimal (JSON facts carry doubles). */
function asDouble(d: Decimal): number | null {
  const n = Number(d.toString());
  return Number.isFinite(n) && new Decimal(n).eq(d) ? n : null;
}

function pointClass(p: Decimal): ValueClass {
  const n = asDouble(p);
  return { kind: 'number', value: n, live: n !== null, lower: p, upper: p };
}

/** The open interval (lower, upper); a short double inside it when there is one. */
function rangeClass(lower: Decimal | null, upper: Decimal | null): ValueClass {
  const inside = (x: Decimal) => (!lower || x.gt(lower)) && (!upper || x.lt(upper));
  for (const c of candidates(lower, upper)) {
    if (!inside(c)) continue;
    const n = Number(c.toString());
    if (Number.isFinite(n) && inside(new Decimal(n)))
      return { kind: 'number-range', value: n, live: true, lower, upper };
  }
  return { kind: 'number-range', value: null, live: false, lower, upper };
}

/** Values to try inside (lower, upper), the plainest first (an integer, then shorter decimals). */
function* candidates(lower: Decimal | null, upper: Decimal | null): Generator<Decimal> {
  if (!lower && !upper) yield new Decimal(0);
  else if (!lower && upper) {
    yield upper.minus(1).ceil();
    yield upper.minus(1);
  } else if (lower && !upper) {
    yield lower.plus(1).floor();
    yield lower.plus(1);
  } else if (lower && upper) {
    const mid = lower.plus(upper).div(2);
    yield mid.round();
    for (let places = 1; places <= 15; places++)
      yield mid.toDecimalPlaces(places, Decimal.ROUND_HALF_EVEN);
    yield mid;
  }
}

/** A string equal to none of the literals, for the "any other string" class. */
function otherString(literals: readonly string[]): string {
  const taken = new Set(literals);
  let s = 'other';
  for (let i = 2; taken.has(s); i++) s = `other-${i}`;
  return s;
}
