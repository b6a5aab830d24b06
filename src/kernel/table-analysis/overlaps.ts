import {
  type AnalysisRow,
  type AnalysisState,
  factOf,
  OVERLAP_CANDIDATES,
  OVERLAP_STEPS,
  report,
  searchBefore,
} from './analysis-state';
import { and, type Bits, isEmpty } from './bits';
import { example, matches, type RunnableRow } from './example-fact';
import { type Box, boxIntersects } from './uncovered';

/**
 * Overlaps (W510): row k and an earlier row with another decision both match some fact, on which
 * row order applies the earlier one — shown by a fact both rows are run on.
 */
export function overlaps(s: AnalysisState, k: number): void {
  const row = s.table.rows[k] as AnalysisRow;
  const runK = s.runnable[k] as RunnableRow;
  const under = s.under[k] as Bits[];
  if (under.some(isEmpty)) return;
  let tried = 0;
  for (let j = 0; j < k && tried < OVERLAP_CANDIDATES; j++) {
    const earlier = s.table.rows[j] as AnalysisRow;
    if (earlier.then === row.then || s.regions[j]?.unconditional) continue;
    // Some side of the intersection is empty exactly when the boxes do not meet.
    if (!boxIntersects(s.under[j] as Box, under)) continue;
    const both = (s.under[j] as Bits[]).map((b, d) => and(b, under[d] as Bits));
    tried++;
    const r = searchBefore(s, both, j, OVERLAP_STEPS);
    if (r.kind !== 'found') continue;
    // The point lies where no earlier row may fire, so row j fires first; both rows are run on
    // the fact to make sure the example shows what the message says.
    const fact = factOf(s, r.point);
    const first = s.runnable[j] as RunnableRow;
    if (!matches(first, fact) || !matches(runK, fact)) continue;
    const ex = example(
      fact,
      {
        en: `This fact matches rows ${earlier.index} (${earlier.then}) and ${row.index} (${row.then}); row order applies row ${earlier.index}.`,
        zh: `该事实同时匹配第 ${earlier.index} 行（${earlier.then}）和第 ${row.index} 行（${row.then}）；按行序采用第 ${earlier.index} 行。`,
      },
      first,
    );
    report(
      s,
      'ERDL-W510',
      row.range,
      { row: row.index, decision: row.then, earlier: earlier.index, other: earlier.then },
      ex,
    );
    return;
  }
}
