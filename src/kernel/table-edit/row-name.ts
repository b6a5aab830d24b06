import type { Decision } from '../vocabulary/decisions';
import { rowNameProblem } from '../vocabulary/document';

/**
 * A fresh row name for a new decision-table row (I-75): derived from the row's decision
 * (`REQUEST_HUMAN` → `request-human`), made unique against `taken` (the table's row names) by a
 * suffix `-2`, `-3` … — `deny`, then `deny-2`. Always an acceptable name: non-empty, no `#`, not
 * all digits. Pure; the grid uses it when it adds a row.
 */
export function freshRowName(decision: Decision | undefined, taken: Iterable<string>): string {
  const used = new Set(taken);
  const base = decision ? decision.toLowerCase().replaceAll('_', '-') : 'row';
  if (rowNameProblem(base) === null && !used.has(base)) return base;
  for (let n = 2; ; n++) {
    const name = `${base}-${n}`;
    if (!used.has(name)) return name;
  }
}
