import { useEffect, useState, useSyncExternalStore } from 'react';
import type { PositionedProblem } from '../../kernel/table-edit';
import { selectActive, useStudio } from '../store';
import { getGridKernel } from './grid-kernel';
import { type GoodRead, goodRead, readsVersion, setGoodRead, subscribeReads } from './table-cache';

export interface TablesView {
  readonly docId: string | null;
  /** The last read of a text that parsed (kept while the YAML is broken). */
  readonly good: GoodRead | null;
  /** The text `good` was read from. */
  readonly goodText: string | null;
  /** Why the current text does not parse (the grid is read-only meanwhile). */
  readonly problems: readonly PositionedProblem[];
  readonly current: boolean;
}

/**
 * The active document's tables, read by the kernel worker whenever its text changes (the worker
 * drops superseded requests, so typing costs one read per pause). A text the grid itself produced
 * is already read (the fast path) and is not read again.
 */
export function useTables(): TablesView {
  const doc = useStudio(selectActive);
  const docId = doc?.id ?? null;
  const text = doc?.text ?? null;
  useSyncExternalStore(subscribeReads, readsVersion);
  const [failed, setFailed] = useState<{
    text: string;
    problems: readonly PositionedProblem[];
  } | null>(null);
  useEffect(() => {
    if (docId === null || text === null || goodRead(docId)?.text === text) return;
    let cancelled = false;
    void getGridKernel()
      .request(`tables:${docId}`, { op: 'tables', doc: docId, text })
      .then((outcome) => {
        if (cancelled || outcome.status !== 'done') return;
        const read = outcome.value;
        if (read.ok) {
          setGoodRead(docId, text, read);
          setFailed(null);
        } else setFailed({ text, problems: read.problems });
      });
    return () => {
      cancelled = true;
    };
  }, [docId, text]);
  const good = docId ? goodRead(docId) : undefined;
  return {
    docId,
    good: good?.read ?? null,
    goodText: good?.text ?? null,
    problems: failed && failed.text === text ? failed.problems : [],
    current: good !== undefined && good.text === text,
  };
}
