import type { PositionedDiagnostic } from '../../worker/kernel-protocol';

export type SeverityFilter = 'all' | 'error' | 'warning' | 'info';

/**
 * Monaco decorates at most this many markers per model: the first ones it reads, owner by owner
 * in the order the owners were created (MarkerDecorationsService, `take: 500`, "the first 500
 * errors/warnings" — it does not sort them). The editor's markers follow `orderProblems`
 * (editor/marker-data.ts `toMarkers`), so the ones left unmarked are the least severe.
 */
export const EDITOR_MARKER_LIMIT = 500;

const RANK: Record<PositionedDiagnostic['severity'], number> = { error: 0, warning: 1, info: 2 };

/**
 * The Problems list's order: errors, then warnings, then notes; within a severity, the document
 * order (the analysis's order, kept: the sort is stable).
 */
export function orderProblems<T extends Pick<PositionedDiagnostic, 'severity'>>(
  diagnostics: readonly T[],
): T[] {
  return [...diagnostics].sort((a, b) => RANK[a.severity] - RANK[b.severity]);
}

export interface ProblemView<T> {
  /** Errors and warnings shown (after the filter). */
  readonly main: readonly T[];
  /** Notes (after the filter). */
  readonly notes: readonly T[];
  /** Whether the notes start folded: only when errors or warnings are there to read first. */
  readonly notesFolded: boolean;
}

/** Splits the ordered list for display under a severity filter. */
export function viewProblems<T extends Pick<PositionedDiagnostic, 'severity'>>(
  diagnostics: readonly T[],
  filter: SeverityFilter,
): ProblemView<T> {
  const ordered = orderProblems(diagnostics).filter(
    (d) => filter === 'all' || d.severity === filter,
  );
  const main = ordered.filter((d) => d.severity !== 'info');
  const notes = ordered.filter((d) => d.severity === 'info');
  return { main, notes, notesFolded: main.length > 0 };
}
