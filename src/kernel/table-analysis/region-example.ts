import { Decimal } from '../tree/decimal';
import { and, type Bits, firstBit, hasBit, isSubset } from './bits';
import { factWith } from './probe';
import type { ExampleNote, Fact } from './region-types';
import type { FieldDomain, ValueClass } from './value-classes';

/**
 * The example of an uncovered region a person would write (issue 36 §5): for each field, a value
 * of the region's side on the column's own grid — whole numbers when every number the cells
 * compare the field with is whole, else numbers with as many decimal places as the most precise
 * of them — the value nearest a boundary of the region (a number the table names first, then one
 * step inside an open end): 49,999 below 50,000, 5,001 above 5,000, 699 below 700. A literal
 * string the region allows before "any other text". When the region holds no value on the grid
 * (699 < score < 700 with whole-number cells), the example stays a value of the region (699.5)
 * and a note says so, so the band can say that only such values fall there; "any other text" is a
 * note too, never a made-up word shown as if the table named it.
 */
export type { ExampleNote } from './region-types';

export interface RegionExample {
  readonly fact: Fact;
  readonly notes: readonly ExampleNote[];
}

/** Decimal places at most in an example (the kernel's scale). */
const MAX_PLACES = 14;

/** The example of the region `box` (one side per domain). */
export function regionExample(
  box: readonly Bits[],
  domains: readonly FieldDomain[],
): RegionExample {
  const notes: ExampleNote[] = [];
  const values = domains.map((domain, d) => {
    const side = box[d] as Bits;
    const first = firstBit(side);
    if (isSubset(and(domain.typed, domain.live), side))
      notes.push({ path: domain.path, kind: 'any' });
    const kind = domain.classes[first]?.kind;
    if (kind === 'number' || kind === 'number-range') {
      const pick = numberExample(side, domain);
      if (pick.note && !notes.some((n) => n.path === domain.path)) notes.push(pick.note);
      return [domain.path, pick.value] as const;
    }
    if (kind === 'other-string' && !notes.some((n) => n.path === domain.path)) {
      const [ss, se] = domain.strings;
      const except = domain.classes.slice(ss, se).map((c) => c.value as string);
      notes.push({ path: domain.path, kind: 'otherText', except });
    }
    return [domain.path, domain.classes[first]?.value] as const;
  });
  return { fact: factWith(values), notes };
}

/** Decimal places of the column's grid: the most of any number the cells compare it with. */
export function gridPlaces(domain: FieldDomain): number {
  let places = 0;
  for (const c of domain.classes)
    if (c.kind === 'number' && c.lower) places = Math.max(places, c.lower.decimalPlaces());
  return Math.min(places, MAX_PLACES);
}

interface Run {
  /** Bounds (null: unbounded) and whether each is in the run (a number class of the table). */
  readonly lower: Decimal | null;
  readonly upper: Decimal | null;
  readonly lowerIn: boolean;
  readonly upperIn: boolean;
  readonly first: number;
}

/** Consecutive number classes of the side: each an interval of the number line. */
function runsOf(side: Bits, domain: FieldDomain): Run[] {
  const [ns, ne] = domain.numbers;
  const runs: Run[] = [];
  let start = -1;
  for (let i = ns; i <= ne; i++) {
    const inSide = i < ne && hasBit(side, i);
    if (inSide && start < 0) start = i;
    if (!inSide && start >= 0) {
      const a = domain.classes[start] as ValueClass;
      const b = domain.classes[i - 1] as ValueClass;
      runs.push({
        lower: a.lower ?? null,
        upper: b.upper ?? null,
        lowerIn: a.kind === 'number',
        upperIn: b.kind === 'number',
        first: start,
      });
      start = -1;
    }
  }
  return runs;
}

/** Is `x` (as the double a fact holds) inside the run? */
function inside(run: Run, x: Decimal): number | null {
  const n = Number(x.toString());
  if (!Number.isFinite(n)) return null;
  const v = new Decimal(n);
  const aboveLower = !run.lower || (run.lowerIn ? v.gte(run.lower) : v.gt(run.lower));
  const belowUpper = !run.upper || (run.upperIn ? v.lte(run.upper) : v.lt(run.upper));
  return aboveLower && belowUpper ? n : null;
}

function numberExample(side: Bits, domain: FieldDomain): { value: unknown; note?: ExampleNote } {
  const places = gridPlaces(domain);
  const step = new Decimal(1).div(new Decimal(10).pow(places));
  const runs = runsOf(side, domain);
  for (const run of runs) {
    const tries: Decimal[] = [];
    // A number the table names first (on the boundary), then one grid step inside an open end.
    if (run.lower && run.lowerIn) tries.push(run.lower);
    if (run.upper && run.upperIn) tries.push(run.upper);
    if (run.upper && !run.upperIn) tries.push(onGrid(run.upper.minus(step), places, 'down'));
    if (run.lower && !run.lowerIn) tries.push(onGrid(run.lower.plus(step), places, 'up'));
    if (!run.lower && !run.upper) tries.push(new Decimal(0));
    for (const t of tries) {
      const n = inside(run, t);
      if (n !== null) return { value: n };
    }
  }
  // No value of the grid in the region: one of its own, and a note saying where it lies.
  const run = runs[0];
  const value = domain.classes[firstBit(side)]?.value;
  if (!run) return { value };
  return {
    value,
    note: {
      path: domain.path,
      kind: 'between',
      lower: run.lower ? run.lower.toString() : null,
      upper: run.upper ? run.upper.toString() : null,
      places,
    },
  };
}

/** `x` on the grid of `places` decimals (a bound off the grid, e.g. beyond MAX_PLACES, rounds inwards). */
function onGrid(x: Decimal, places: number, direction: 'up' | 'down'): Decimal {
  return x.toDecimalPlaces(places, direction === 'up' ? Decimal.ROUND_CEIL : Decimal.ROUND_FLOOR);
}
