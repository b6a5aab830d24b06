import type { Diagnostic } from '../diagnostics/diagnostic';
import type { Bits } from './bits';
import type { RunnableRow } from './example-fact';
import type { RowRegion } from './row-region';
import type { Box } from './uncovered';
import type { FieldDomain } from './value-classes';

/**
 * What an analysis keeps for the next one (analyzeTableIncremental), and when a changed row above
 * cannot be seen by the analysis of a row below it.
 */

/** What one analysis keeps for the next (opaque outside this module). */
export interface AnalysisMemo {
  /** The domains' identity: paths in order and the literals each is cut at. */
  readonly domainKey: string;
  readonly domains: readonly FieldDomain[];
  /** Each domain by its field's key (path and literals), for an analysis whose domains differ. */
  readonly domainsByKey: ReadonlyMap<string, FieldDomain>;
  readonly unlessKey: string;
  readonly defaultRow: number;
  /** Per row: its identity (cells, decision, hash, name, number), where it may fire, its hash. */
  readonly keys: readonly string[];
  readonly fires: readonly (readonly Box[])[];
  readonly hashes: readonly string[];
  /** Per analysed row: what row(k) found and spent. */
  readonly records: readonly (RowRecord | undefined)[];
  /** Regions and runnable rows by row identity (domains unchanged: still valid). */
  readonly regions: ReadonlyMap<string, RowRegion>;
  readonly runnable: ReadonlyMap<string, RunnableRow>;
  /** Per row: its cells' JSON and whether its decision blocks (what the gap search reads of it). */
  readonly cells: readonly string[];
  readonly blocking: readonly boolean[];
  /** The gap search's findings (ranges of that text), when it ran and was not cut short. */
  readonly gap: GapRecord | null;
  /** Per row: what a row below reads of it (see `unseen`). */
  readonly shapes: readonly RowShape[];
}

/** What the analysis of a row below reads of a row above it, besides its number and hash. */
export interface RowShape {
  /** Where it may fire: its `may` box, then its error boxes (live classes). */
  readonly fires: readonly Box[];
  readonly under: Box;
  /** Within the analysis: `must` = `may`, no error boxes (its evaluation is box membership). */
  readonly exact: boolean;
  readonly then: string;
  readonly unconditional: boolean;
}

/** What `gaps` found (W511 / I513 on the table, or nothing) and the steps it spent. */
export interface GapRecord {
  readonly out: readonly Diagnostic[];
  readonly spent: number;
}

export interface RowRecord {
  readonly out: readonly Diagnostic[];
  readonly spent: number;
  /** A search of the row got less than it asked for because the table budget ran low. */
  readonly limited: boolean;
  readonly exact: boolean;
  readonly beyond: string;
}

/** `beyondUpTo`'s answer as text, to compare two analyses. */
export function beyondKey(beyond: RowRegion['beyond']): string {
  return beyond ? `${beyond.path}\u0000${beyond.operator}` : '';
}

/**
 * True when a row's change (from `was` to `now`, both exact, same decision, same number and
 * neither or both unconditional) cannot be seen by the analysis of a row below it, whose fires
 * boxes are `mine`: every box the row has cuts each of `mine` the same before and after. Every
 * search of that analysis ranges over a part of one of `mine` (where it may fire, where it surely
 * fires, their intersections with another row's), and a search only reads of a covering box its
 * intersection with the searched part, side by side (`leaves`: meets, ⊆, minus, and); every fact
 * it evaluates lies in one of `mine`, where an exact row fires exactly on its box; the overlap
 * and shadow checks read `under` ∩ `mine` side by side too. So each search, each evaluation and
 * each check gives what it gave, and the row's findings, examples and spent steps are the same
 * (property-tested: table-analysis-incremental.test.ts).
 */
export function unseen(was: RowShape, now: RowShape, mine: readonly Box[]): boolean {
  if (was.fires.length !== now.fires.length) return false;
  for (const m of mine) {
    if (!sameCut(was.under, now.under, m)) return false;
    for (let i = 0; i < was.fires.length; i++)
      if (!sameCut(was.fires[i] as Box, now.fires[i] as Box, m)) return false;
  }
  return true;
}

/** `a` ∩ `m` and `b` ∩ `m` are the same, side by side — or both empty (they meet nothing of `m`). */
export function sameCut(a: Box, b: Box, m: Box): boolean {
  let equal = true;
  let aEmpty = false;
  let bEmpty = false;
  for (let d = 0; d < m.length; d++) {
    const x = a[d] as Bits;
    const y = b[d] as Bits;
    const z = m[d] as Bits;
    let ax = 0;
    let by = 0;
    for (let w = 0; w < z.length; w++) {
      const p = (x[w] as number) & (z[w] as number);
      const q = (y[w] as number) & (z[w] as number);
      if (p !== q) equal = false;
      ax |= p;
      by |= q;
    }
    if (ax === 0) aEmpty = true;
    if (by === 0) bEmpty = true;
  }
  return equal || (aEmpty && bEmpty);
}
