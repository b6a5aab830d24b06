import type { Decision } from '../vocabulary/decisions';
import type { CaseOutcome, CaseStatus } from './types';

/** What the results table filters by; every given criterion must hold. */
export interface OutcomeFilter {
  readonly status?: CaseStatus;
  readonly decision?: Decision;
  /** Cases that matched this rule. */
  readonly rule?: string;
  /** Case-insensitive text in the name. */
  readonly text?: string;
}

/** Indices of the outcomes that pass the filter (so a table can keep its row numbers). */
export function filterOutcomes(outcomes: readonly CaseOutcome[], filter: OutcomeFilter): number[] {
  const text = filter.text?.trim().toLowerCase() ?? '';
  const out: number[] = [];
  outcomes.forEach((o, i) => {
    if (filter.status && o.status !== filter.status) return;
    if (filter.decision && o.decision !== filter.decision) return;
    if (filter.rule && !o.matched_rules.includes(filter.rule)) return;
    if (text && !o.name.toLowerCase().includes(text)) return;
    out.push(i);
  });
  return out;
}
