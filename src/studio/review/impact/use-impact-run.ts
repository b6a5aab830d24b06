import { useEffect, useRef, useState } from 'react';
import {
  type ImpactPoolRun,
  poolSize,
  prepareImpactPool,
  runImpactPool,
} from '../../../worker/impact-pool';
import type { ImpactOutcome, ImpactRequest } from '../../../worker/kernel-protocol';
import { getBatchPool } from '../../kernel/kernel-instance';
import { studioStore } from '../../store';

let runs = 0;

/** A finished run: what it compared, its outcome, where it stopped, how long it took. */
export interface Shown {
  readonly request: ImpactRequest;
  readonly outcome: ImpactOutcome;
  /** The last progress the run reported (where a cancelled run stopped). */
  readonly progress: { readonly done: number; readonly total: number };
  readonly seconds: number;
  readonly workers: number;
}

/** The facts a run reads: the document's suite, or an imported JSON Lines / CSV fact set. */
export type ImpactFacts = Pick<ImpactRequest, 'facts' | 'format'>;

/**
 * The impact job of one document: runs it in the batch worker pool with progress, cancels it on
 * request or when the section closes (nobody would see its result), and keeps the last outcome.
 */
export function useImpactRun(docId: string) {
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [running, setRunning] = useState<ImpactPoolRun | null>(null);
  const [cancelling, setCancelling] = useState(false);
  /** The last run's outcome, with what it compared (to tell when it is about an older text). */
  const [shown, setShown] = useState<Shown | null>(null);
  // A run still going when the section closes is stopped: nobody would see its result.
  const runningRef = useRef<ImpactPoolRun | null>(null);
  runningRef.current = running;
  useEffect(() => () => runningRef.current?.cancel(), []);

  const run = async (oldText: string, newText: string, facts: ImpactFacts) => {
    const name = `impact:${docId}:${++runs}`;
    setShown(null);
    setProgress(null);
    setCancelling(false);
    const request: ImpactRequest = {
      op: 'impact',
      oldText,
      newText,
      facts: facts.facts,
      format: facts.format,
    };
    const started = performance.now();
    const pool = getBatchPool(poolSize(navigator.hardwareConcurrency));
    let last = { done: 0, total: 0 };
    const handle = runImpactPool(pool, name, request, (done, total) => {
      last = { done, total };
      setProgress(last);
    });
    setRunning(handle);
    const result = await handle.outcome;
    setRunning(null);
    setProgress(null);
    setCancelling(false);
    if (result.status === 'done') {
      const seconds = (performance.now() - started) / 1000;
      setShown({
        request,
        outcome: result.value,
        progress: last,
        seconds,
        workers: handle.workers,
      });
    } else if (result.status !== 'stale') studioStore.getState().notify('error', result.message);
  };

  /**
   * Read-ahead for a run (issue #41): the pool's workers start, compile both versions and read
   * their parts of the facts (when chosen) in the background, so pressing Run only evaluates. A
   * newer read-ahead on the same document replaces an unfinished one.
   */
  const prepare = (oldText: string, newText: string, facts: ImpactFacts | null) => {
    const pool = getBatchPool(poolSize(navigator.hardwareConcurrency));
    void prepareImpactPool(pool, `impact-prepare:${docId}`, { oldText, newText }, facts);
  };

  const cancel = () => {
    if (!running) return;
    setCancelling(true);
    running.cancel();
  };

  return { run, prepare, cancel, running: running !== null, cancelling, progress, shown };
}
