import { selectActive, useStudio } from '../store';
import type { Analysis } from '../store/types';

/**
 * The active document's latest analysis, and whether it is of the text currently in the editor
 * (`current`). Panels show a stale analysis dimmed rather than flashing empty while typing.
 */
export function useActiveAnalysis(): {
  readonly docId: string | null;
  readonly analysis: Analysis | null;
  readonly current: boolean;
} {
  const doc = useStudio(selectActive);
  const entry = useStudio((s) => (s.activeId ? s.analyses[s.activeId] : undefined));
  return {
    docId: doc?.id ?? null,
    analysis: entry?.analysis ?? null,
    current: entry !== undefined && doc !== null && entry.text === doc.text,
  };
}

export function countBySeverity(analysis: Analysis | null) {
  const counts = { error: 0, warning: 0, info: 0 };
  for (const d of analysis?.diagnostics ?? []) counts[d.severity] += 1;
  return counts;
}
