import type { Bilingual } from '../diagnostics/diagnostic';
import { type AnalysisRow, type AnalysisState, report } from './analysis-state';
import { rowList } from './example-fact';
import { shadowExample } from './shadowing';

/**
 * Duplicate rows (W512): a row whose compiled cells repeat an earlier row's (the same hash) can
 * never fire; true when row k is one (reported, unless evaluation says it fires).
 */
export function duplicateRow(s: AnalysisState, k: number): boolean {
  const row = s.table.rows[k] as AnalysisRow;
  const duplicate = s.firstWithHash.get(row.hash);
  if (duplicate === undefined) {
    s.firstWithHash.set(row.hash, k);
    return false;
  }
  duplicateOf(s, k, duplicate);
  return true;
}

export function duplicateOf(s: AnalysisState, k: number, j: number): void {
  const row = s.table.rows[k] as AnalysisRow;
  const earlier = s.table.rows[j] as AnalysisRow;
  const shadow = shadowExample(s, k);
  if (shadow === false) return;
  const ex = shadow && { ...shadow, takenBy: rowList([earlier.index]) };
  const decision: Bilingual =
    earlier.then === row.then
      ? { en: ' (same decision)', zh: '（决策相同）' }
      : {
          en: `, but decides ${row.then} instead of ${earlier.then}`,
          zh: `，但决策为 ${row.then}，而非 ${earlier.then}`,
        };
  report(s, 'ERDL-W512', row.range, { row: row.index, earlier: earlier.index, decision }, ex);
}
