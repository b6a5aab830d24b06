import type { CellValue } from '../table-edit/model';
import { canonicalDecimal, type Decimal } from '../tree/decimal';
import type { ExprNode, FieldNode, LiteralValue } from '../tree/types';
import { and, type Bits, equalBits, firstBit, hasBit, isEmpty, isSubset } from './bits';
import { factAt } from './example-fact';
import { regionExample } from './region-example';
import type { CellInput, Fact, UncoveredInputs, UncoveredRegion } from './region-types';
import { rowRegion } from './row-region';
import { type Box, Budget, findUncovered, uncoveredBoxes } from './uncovered';
import type { FieldDomain, ValueClass } from './value-classes';

export type { UncoveredInputs, UncoveredRegion } from './region-types';

/** Regions listed at most, and disjoint boxes collected before merging. */
const MAX_REGIONS = 6;
const MAX_BOXES = 48;
/** Search steps for the whole listing (deterministic bound, no clock); past it, fewer regions. */
const GAP_STEPS = 200_000;
/** Candidate rows tried per region. */
const MAX_TRIES = 64;

export interface GapInput {
  readonly domains: readonly FieldDomain[];
  /** The box the gap search ranges over (the columns' kinds, live classes). */
  readonly box: Box;
  /** Where rows may fire (may boxes and error boxes). */
  readonly fires: readonly Box[];
  /** Where rows surely fire (must boxes). */
  readonly under: readonly Box[];
  /** Is a fact in no row (checked by evaluation)? */
  readonly unmatched: (fact: Fact) => boolean;
}

export function uncoveredRegions(input: GapInput): UncoveredInputs {
  const budget = new Budget(GAP_STEPS);
  const { boxes, complete } = uncoveredBoxes(input.box, input.fires, budget, MAX_BOXES);
  const merged = merge(boxes.map((b) => [...b]));
  const regions: UncoveredRegion[] = [];
  for (const box of merged) {
    if (regions.length >= MAX_REGIONS) break;
    // The example a person writes; the class's own value when evaluation disagrees (a cell beyond
    // the analysis).
    const written = regionExample(box, input.domains);
    const plain = { fact: factAt(box.map(firstBit), input.domains), notes: [] };
    const example = input.unmatched(written.fact) ? written : plain;
    if (example === plain && !input.unmatched(plain.fact)) continue;
    const row = rowFor(box, input, budget);
    regions.push({
      cells: row?.cells ?? null,
      exact: row?.exact ?? false,
      fact: example.fact,
      notes: example.notes,
    });
  }
  return { regions, complete: complete && merged.length <= MAX_REGIONS };
}

/** Joins boxes that differ along one field only, until none do. */
function merge(boxes: Bits[][]): Bits[][] {
  let changed = true;
  while (changed) {
    changed = false;
    for (let i = 0; i < boxes.length && !changed; i++) {
      for (let j = i + 1; j < boxes.length && !changed; j++) {
        const a = boxes[i] as Bits[];
        const b = boxes[j] as Bits[];
        const differ = a.flatMap((side, d) => (equalBits(side, b[d] as Bits) ? [] : [d]));
        if (differ.length > 1) continue;
        const d = differ[0];
        if (d !== undefined) a[d] = union(a[d] as Bits, b[d] as Bits);
        boxes.splice(j, 1);
        changed = true;
      }
    }
  }
  return boxes;
}

function union(a: Bits, b: Bits): Bits {
  const out = new Uint32Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = (a[i] as number) | (b[i] as number);
  return out;
}

type Candidate = { readonly cell: CellInput; readonly node: ExprNode } | null;

/** The first row (cells per field) that fires on exactly `region` below every row, if any. */
function rowFor(
  region: readonly Bits[],
  input: GapInput,
  budget: Budget,
): { cells: NonNullable<UncoveredRegion['cells']>; exact: boolean } | null {
  const { domains } = input;
  const options = region.map((side, d) => candidates(side, domains[d] as FieldDomain));
  const coverers = [region as Box, ...input.under.filter((b) => !b.some(isEmpty))];
  let tries = 0;
  let exact = false;
  const pick: Candidate[] = [];
  const tryFrom = (d: number): boolean => {
    if (d === options.length) {
      if (++tries > MAX_TRIES) return false;
      const nodes = pick.filter((c): c is NonNullable<Candidate> => c !== null).map((c) => c.node);
      // A new row decides fail-closed (a blocking decision): an evaluation error fires it too.
      const g = rowRegion(nodes, domains, true);
      const must = g.must.map((b, k) => and(b, input.box[k] as Bits));
      if (!region.every((side, k) => isSubset(side, must[k] as Bits))) return false;
      // Within the columns' kinds; elsewhere (a field absent or of another kind) the row, being
      // below every row, only takes inputs no row decides, and decides them fail-closed.
      const fires = [g.may, ...g.errorBoxes].map((box) =>
        box.map((b, k) => and(b, input.box[k] as Bits)),
      );
      if (!fires.every((box) => findUncovered(box, coverers, budget).kind === 'covered'))
        return false;
      exact = fires.every((box) => findUncovered(box, [region], budget).kind === 'covered');
      return true;
    }
    for (const c of options[d] as Candidate[]) {
      pick[d] = c;
      if (tryFrom(d + 1)) return true;
      if (tries > MAX_TRIES) return false;
    }
    return false;
  };
  if (!tryFrom(0)) return null;
  const cells = pick.flatMap((c, d) =>
    c ? [{ path: (domains[d] as FieldDomain).path, cell: c.cell }] : [],
  );
  return { cells, exact };
}

/** Single conditions containing `side`, the narrowest first; null is "-" (always last). */
function candidates(side: Bits, domain: FieldDomain): Candidate[] {
  const out: Candidate[] = [];
  const field: FieldNode = { node: 'field', path: domain.path };
  const typed = and(domain.typed, domain.live);
  if (!isSubset(typed, side)) {
    const [ns, ne] = domain.numbers;
    const [ss, se] = domain.strings;
    const members = indexes(side);
    if (members.every((i) => i >= ns && i < ne)) out.push(...numberCandidates(side, domain, field));
    else if (members.every((i) => i >= ss && i <= se)) {
      const c = stringCandidate(side, domain, field);
      if (c) out.push(c);
    } else if (members.length === 1) {
      const kind = domain.classes[members[0] as number]?.kind;
      if (kind === 'true' || kind === 'false')
        out.push(compare(field, 'eq', bool(kind === 'true')));
    }
  }
  out.push(null);
  return out;
}

function indexes(b: Bits): number[] {
  const out: number[] = [];
  for (let i = 0; i < b.length * 32; i++) if (hasBit(b, i)) out.push(i);
  return out;
}

/** The classes of the side's hull: the first and last member among the number classes. */
function numberCandidates(side: Bits, domain: FieldDomain, field: FieldNode): Candidate[] {
  const members = indexes(side);
  const first = domain.classes[members[0] as number] as ValueClass;
  const last = domain.classes[members[members.length - 1] as number] as ValueClass;
  // Lower bound: a point is included (>=), an interval's lower end excluded (>); none when open.
  const low =
    first.kind === 'number' ? { d: first.lower, op: 'gte' } : { d: first.lower, op: 'gt' };
  const high = last.kind === 'number' ? { d: last.upper, op: 'lte' } : { d: last.upper, op: 'lt' };
  const out: Candidate[] = [];
  const lo = low.d ?? null;
  const hi = high.d ?? null;
  if (lo && hi) {
    if (low.op === 'gte' && high.op === 'lte')
      out.push(
        lo.eq(hi)
          ? compare(field, 'eq', num(lo))
          : {
              cell: cellOf('between', listValue([num(lo), num(hi)])),
              node: { node: 'between', args: [field, literal(num(lo)), literal(num(hi))] },
            },
      );
    out.push(compare(field, low.op, num(lo)), compare(field, high.op, num(hi)));
    if (!lo.eq(hi))
      out.push({
        cell: cellOf('between', listValue([num(lo), num(hi)])),
        node: { node: 'between', args: [field, literal(num(lo)), literal(num(hi))] },
      });
  } else if (lo) out.push(compare(field, low.op, num(lo)));
  else if (hi) out.push(compare(field, high.op, num(hi)));
  return out;
}

/** Literal strings: `= "a"` or `in [...]`; with "any other string": `not_in` the others. */
function stringCandidate(side: Bits, domain: FieldDomain, field: FieldNode): Candidate {
  const [ss, se] = domain.strings;
  const named: LiteralValue[] = [];
  const others: LiteralValue[] = [];
  for (let i = ss; i < se; i++) {
    const v = domain.classes[i]?.value as string;
    (hasBit(side, i) ? named : others).push({ type: 'string', value: v });
  }
  if (!hasBit(side, se)) {
    if (named.length === 1) return compare(field, 'eq', named[0] as LiteralValue);
    return {
      cell: cellOf('in', listValue(named)),
      node: { node: 'in', args: [field, literal({ type: 'list', value: named })] },
    };
  }
  if (others.length === 0) return null;
  // not_in compiles as exists(field) and not(in …) (§5.2 guarded negation).
  const positive: ExprNode = {
    node: 'in',
    args: [field, literal({ type: 'list', value: others })],
  };
  return {
    cell: cellOf('not_in', listValue(others)),
    node: {
      node: 'and',
      args: [
        { node: 'exists', args: [field] },
        { node: 'not', args: [positive] },
      ],
    },
  };
}

const num = (d: Decimal): LiteralValue => ({ type: 'number', value: canonicalDecimal(d) });
const bool = (b: boolean): LiteralValue => ({ type: 'boolean', value: b });
const literal = (v: LiteralValue): ExprNode => ({ node: 'literal', ...v }) as ExprNode;

function compare(field: FieldNode, op: string, v: LiteralValue): NonNullable<Candidate> {
  return {
    cell: cellOf(op, scalar(v)),
    node: { node: op, args: [field, literal(v)] } as unknown as ExprNode,
  };
}

function cellOf(op: string, value: CellValue): CellInput {
  return { kind: 'condition', op, value };
}

function scalar(v: LiteralValue): CellValue {
  if (v.type === 'number') {
    const source = numberSource(v.value);
    return { kind: 'scalar', value: Number(source), source };
  }
  if (v.type === 'string')
    return { kind: 'scalar', value: v.value, source: JSON.stringify(v.value) };
  if (v.type === 'boolean') return { kind: 'scalar', value: v.value, source: String(v.value) };
  return { kind: 'scalar', value: null, source: 'null' };
}

function listValue(items: readonly LiteralValue[]): CellValue {
  return { kind: 'list', items: items.map(scalar) };
}

/** A scale-14 literal as the shortest decimal text: `699.00000000000000` → `699`. */
function numberSource(canonical: string): string {
  return canonical.includes('.') ? canonical.replace(/0+$/, '').replace(/\.$/, '') : canonical;
}
