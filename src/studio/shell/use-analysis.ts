import { useStudio } from '../store';
import type { Analysis } from '../store/types';

/**
 * The active document's latest analysis, and whether it is of the text currently in the editor
 * (`current`). Panels show a stale analysis dimmed rather than flashing empty while typing.
 * Selects only stable values, so a keystroke re-renders a panel at most once (when `current`
 * flips), never per key — on a 1,000-rule document that is the difference between typing and waiting.
 */
export function useActiveAnalysis(): {
  readonly docId: string | null;
  readonly analysis: Analysis | null;
  readonly current: boolean;
} {
  const docId = useStudio((s) => s.activeId);
  const entry = useStudio((s) => (s.activeId ? s.analyses[s.activeId] : undefined));
  const current = useStudio((s) => {
    const id = s.activeId;
    const e = id ? s.analyses[id] : undefined;
    return e !== undefined && id !== null && e.text === s.documents[id]?.text;
  });
  return { docId, analysis: entry?.analysis ?? null, current };
}

export function countBySeverity(analysis: Analysis | null) {
  const counts = { error: 0, warning: 0, info: 0 };
  for (const d of analysis?.diagnostics ?? []) counts[d.severity] += 1;
  return counts;
}
