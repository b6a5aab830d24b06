import type { DiagnosticExample } from '../diagnostics/diagnostic';
import {
  type AnalysisRow,
  type AnalysisState,
  beyondUpTo,
  factOf,
  report,
  search,
  searchBefore,
} from './analysis-state';
import { type Bits, firstBit, isEmpty } from './bits';
import { example, firstMatch, rowList } from './example-fact';
import { type Box, boxIntersects } from './uncovered';
import { unknownRow } from './unknowns';

/**
 * Rows that can never fire under first-match row order: cells that exclude each other (W514), or
 * rows above that take every fact the row matches (W509) — proved over every fact; what the
 * search cannot decide is unknown (I513).
 */

/** Row k's boxes: where it may fire (its `may` box, then its error boxes). */
export function firesOf(s: AnalysisState, k: number): Box[] {
  return s.fires.slice(s.firesEnd[k], s.firesEnd[k + 1]);
}

/** W514 when row k's cells exclude each other (it fires nowhere); true when so. */
export function cellsExclude(s: AnalysisState, k: number, fires: readonly Box[]): boolean {
  if (!fires.every((box) => box.some(isEmpty))) return false;
  const row = s.table.rows[k] as AnalysisRow;
  report(s, 'ERDL-W514', row.range, { row: row.index });
  return true;
}

/**
 * Whether row k (below the first row, its cells not a repeat) can fire: W509 when the rows above
 * take every fact it matches, I513 when that cannot be decided; true when some fact fires it.
 */
export function canFire(s: AnalysisState, k: number, fires: readonly Box[]): boolean {
  const row = s.table.rows[k] as AnalysisRow;
  const under = s.under[k] as Bits[];
  // The non-empty `under` boxes of rows 0 .. k-1, in row order.
  const results = fires.map((box) => search(s, box, s.underCoverers, s.underAbove[k] as number));
  if (results.some((r) => r.kind === 'budget')) {
    unknownRow(s, k, null);
    return false;
  }
  const witness = results.find((r) => r.kind === 'found');
  if (!witness) {
    shadowed(s, k);
    return false;
  }
  // Some fact may fire the row; make sure one does (else say unknown). Within the analysis,
  // the witness already is such a fact.
  const sure =
    s.exactUpTo[k] === true
      ? witness
      : under.some(isEmpty)
        ? ({ kind: 'covered' } as const)
        : searchBefore(s, under, k);
  const reachable =
    sure.kind === 'found' ||
    (witness.kind === 'found' &&
      firstMatch(s.runnable, factOf(s, witness.point))?.index === row.index);
  if (!reachable) {
    unknownRow(s, k, beyondUpTo(s, k));
    return false;
  }
  return true;
}

export function shadowed(s: AnalysisState, k: number): void {
  const row = s.table.rows[k] as AnalysisRow;
  const over = s.over[k] as Bits[];
  // The rows above whose `under` box meets this row's `over` box, in order.
  const by: number[] = [];
  for (let j = 0; j < k; j++) {
    if (boxIntersects(s.under[j] as Box, over)) by.push((s.table.rows[j] as AnalysisRow).index);
  }
  const shadow = shadowExample(s, k);
  if (shadow === false) return;
  const rows = rowList(by);
  report(
    s,
    'ERDL-W509',
    row.range,
    { row: row.index, rows },
    shadow && { ...shadow, takenBy: rows },
  );
}

/**
 * A fact the row matches, showing which earlier row fires first. `false` when evaluation says
 * the row itself fires (the finding would be wrong: it is then not reported).
 */
export function shadowExample(s: AnalysisState, k: number): DiagnosticExample | undefined | false {
  const row = s.table.rows[k] as AnalysisRow;
  const under = s.under[k] as Bits[];
  if (under.some(isEmpty)) return undefined;
  const point = under.map(firstBit);
  const fact = factOf(s, point);
  const first = firstMatch(s.runnable, fact);
  if (!first || first.index >= row.index) return false;
  return example(
    fact,
    {
      en: `This fact matches row ${row.index} (${row.then}), but row ${first.index} (${first.then}) fires first.`,
      zh: `该事实匹配第 ${row.index} 行（${row.then}），但第 ${first.index} 行（${first.then}）先触发。`,
    },
    first,
  );
}
