import { startTransition, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useStudio } from '../store';
import type { Analysis } from '../store/types';

/**
 * How long an analysis may lag behind the text before panels dim it. Analyses normally follow a
 * keystroke within ~100 ms: dimming at once would restyle whole panels twice per keystroke (on a
 * 1,000-rule document a grey filter over the gloss list cost 50–150 ms of paint each time).
 */
export const DIM_AFTER_MS = 400;

/** True once `current` has been false for DIM_AFTER_MS; false again as soon as it is true. */
export function useDimmed(current: boolean): boolean {
  const [dimmed, setDimmed] = useState(false);
  useEffect(() => {
    // A transition: restyling a whole panel yields to keystrokes (the returned value below
    // un-dims at once whenever the analysis is current, whatever the state says).
    if (current) {
      startTransition(() => setDimmed(false));
      return;
    }
    const timer = setTimeout(() => startTransition(() => setDimmed(true)), DIM_AFTER_MS);
    return () => clearTimeout(timer);
  }, [current]);
  return dimmed && !current;
}

/**
 * The active document's latest analysis, whether it is of the text currently in the editor
 * (`current`), and whether panels should show it dimmed as stale (`dimmed`, see useDimmed): they
 * show a stale analysis dimmed rather than flashing empty while typing.
 * Selects only stable values, so a keystroke re-renders a panel at most once (when `current`
 * flips), never per key — on a 1,000-rule document that is the difference between typing and waiting.
 */
export function useActiveAnalysis(): ActiveAnalysis {
  const live = useLiveAnalysis();
  const dimmed = useDimmed(live.current);
  return { ...live, dimmed };
}

interface ActiveAnalysis {
  readonly docId: string | null;
  readonly analysis: Analysis | null;
  readonly current: boolean;
  readonly dimmed: boolean;
}

/** The active document, its latest analysis and whether it is of the current text (stable). */
function useLiveAnalysis(): Omit<ActiveAnalysis, 'dimmed'> {
  const docId = useStudio((s) => s.activeId);
  const entry = useStudio((s) => (s.activeId ? s.analyses[s.activeId] : undefined));
  const current = useStudio((s) => {
    const id = s.activeId;
    const e = id ? s.analyses[id] : undefined;
    return e !== undefined && id !== null && e.text === s.documents[id]?.text;
  });
  return useMemo(
    () => ({ docId, analysis: entry?.analysis ?? null, current }),
    [docId, entry, current],
  );
}

/**
 * `useActiveAnalysis` for panels that only show the analysis (problems, gloss, status bar): a new
 * analysis, or the text moving on from it, re-renders them in a transition — React renders in
 * slices that yield to keystrokes, instead of one task of up to ~100 ms on a 1,000-rule document
 * that a keystroke landing meanwhile waits behind. Until that render is done they show the
 * previous snapshot as a whole (analysis, `current` and `dimmed` always agree), never a mix.
 * Panels that act on the analysis (signing, exports) use `useActiveAnalysis`, which is never late.
 */
export function useShownAnalysis(): ActiveAnalysis {
  const shown = useDeferredValue(useLiveAnalysis());
  const dimmed = useDimmed(shown.current);
  return { ...shown, dimmed };
}

type SeverityCounts = Readonly<{ error: number; warning: number; info: number }>;
const NO_COUNTS: SeverityCounts = { error: 0, warning: 0, info: 0 };
const countsOf = new WeakMap<Analysis, SeverityCounts>();

/**
 * Diagnostics per severity, counted once per analysis: the document list's selectors read it on
 * every store change (every keystroke), and a 1,000-rule document has ~1,700 diagnostics.
 */
export function countBySeverity(analysis: Analysis | null | undefined): SeverityCounts {
  if (!analysis) return NO_COUNTS;
  let counts = countsOf.get(analysis);
  if (!counts) {
    const c = { error: 0, warning: 0, info: 0 };
    for (const d of analysis.diagnostics) c[d.severity] += 1;
    counts = c;
    countsOf.set(analysis, counts);
  }
  return counts;
}
