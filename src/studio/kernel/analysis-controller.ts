/**
 * Keeps `analyses` current, in two phases per change of a document's text or the field dictionary:
 * 1. `analyze` in the kernel worker — diagnostics, rules and their hashes — at incremental-compile
 *    speed, so markers follow typing; rules keep their last known gloss meanwhile;
 * 2. `gloss`, every rule's gloss, the gloss lint and the document hash (`deferHash`: SHA-256 over
 *    the canonical document from the edited rule on, 0.5 MB for a 500-row table, which markers
 *    never read), asked once the analysis of the text has answered, and merged in when it answers
 *    for the text still shown. The hash is merged only from the gloss of that very text; until
 *    then the analysis says it is pending (`documentHashPending`), and so does whatever shows it.
 *    Until the gloss arrives, the last gloss lint is carried over the edit (carry.ts) so its
 *    warnings do not flicker while typing. The kernel worker runs it as a background job, in
 *    slices between other requests (src/worker/request-queue.ts), on the compile it has just made:
 *    a second worker glossing compiled every edited text a second time, on the core the page
 *    renders on.
 * The active document goes first; the others are analyzed once after load, for their badges.
 *
 * At most one `analyze` per document is in flight: a change while one runs is sent when it answers
 * (the newest text then, once). Sending every keystroke's text instead — the worker dropping the
 * superseded ones unrun — cost the main thread a structured clone of the whole text per keystroke
 * (0.5 MB at 1,000 rules, plus the garbage) and the worker as many to decode, for no earlier
 * result: the newest text waits for the running analysis either way.
 *
 * Bursts are coalesced: an edit made shortly after another (typing) is analyzed once the text has
 * been quiet for QUIET_MS, or MAX_WAIT_MS after the first edit not yet analyzed — not after every
 * keystroke (only edits typed in the editor count: the store says where each change came from,
 * `textOrigins`). Analyzing each of 200 fast keystrokes of a 1,000-rule document cost a structured
 * clone of 0.5 MB per keystroke, a compile on the second core, and a render of every panel, all
 * competing with the keystrokes' own frames. A document whose last analysis took longer than
 * QUIET_MS waits for the pause even in continuous typing: an analysis sent mid-burst would answer
 * for a text already typed past, which is never shown — a compile for nothing, on a core the
 * page's rendering needs. An isolated edit (the first keystroke after a pause, a grid cell, a
 * quick fix, an import) is analyzed at once — a keystroke in a task of its own, after the
 * keystroke's, so that the keystroke's frame waits for none of it. Markers and panels only ever
 * show an analysis of the current text (or, dimmed, say they are about an older one).
 */

import type { KernelClient } from '../../worker/kernel-client';
import {
  type Analysis,
  type GlossOutcome,
  PRIME_MIN_ROWS,
  type RuleGlossText,
  type RuleSummary,
} from '../../worker/kernel-protocol';
import { DeadlineTimer, REAL_TIMING, type Timing } from '../scheduling/deadline-timer';
import type { StudioStore } from '../store';
import { carryDiagnostics } from './carry';

interface Sent {
  readonly text: string;
  readonly dictionary: string;
}

/**
 * A text quiet this long after an edit that followed another closely is analyzed. Fast typing
 * (keys ~30 ms apart) stays one burst; the markers come this long plus an analysis after the last
 * key (on 1,000 rules ~130 ms in bench:ui; 120 ms here made it ~155 ms).
 */
export const QUIET_MS = 90;
/**
 * During continuous typing, the text is analyzed at least this often — if its last analysis took
 * at most QUIET_MS (otherwise when the typing pauses).
 */
export const MAX_WAIT_MS = 1000;

/** A document's edits being coalesced: the last one, since when it waits, its timer. */
interface Burst {
  last: number;
  waitingSince: number | null;
  readonly timer: DeadlineTimer;
}

export function startAnalysis(
  store: StudioStore,
  kernel: KernelClient,
  timing: Timing = REAL_TIMING,
): () => void {
  const sent = new Map<string, Sent>();
  /** Per document: when its text last changed, and since when a change waits for analysis. */
  const edits = new Map<string, Burst>();
  /** The last compile-phase analysis per document, before gloss was merged in. */
  const compiled = new Map<string, { text: string; analysis: Analysis }>();
  const glossed = new Map<string, { text: string; outcome: GlossOutcome }>();

  const publish = (docId: string) => {
    const base = compiled.get(docId);
    if (!base) return;
    const gloss = glossed.get(docId);
    store.getState().setAnalysis(docId, base.text, gloss ? merge(base, gloss) : base.analysis);
  };

  const requestGloss = async (docId: string, text: string, dictionary: string) => {
    const outcome = await kernel.request(`gloss:${docId}`, {
      op: 'gloss',
      doc: docId,
      text,
      dictionary,
    });
    if (outcome.status !== 'done') return;
    glossed.set(docId, { text, outcome: outcome.value });
    // Published while its text is the one shown. A gloss of a text already typed past would only
    // re-render every panel, dimmed, mid-typing; the next analysis carries it (`merge`).
    if (compiled.get(docId)?.text === text && store.getState().documents[docId]?.text === text)
      publish(docId);
  };

  /** Documents whose first table edit was rehearsed (`prime`). */
  const primed = new Set<string>();

  /** Per document, how long its last analysis took (ms, from sending to the answer). */
  const took = new Map<string, number>();

  /** Documents with an `analyze` in flight; `true` once their text changed meanwhile. */
  const inFlight = new Map<string, boolean>();

  /**
   * A change of `docId`'s text: analyzed at once when isolated, else when the burst pauses (or
   * has waited MAX_WAIT_MS). `analyze` itself still keeps one request in flight.
   */
  const changed = (docId: string, typing: boolean) => {
    const now = timing.now();
    const e = edits.get(docId) ?? burstOf(docId);
    // Only typing comes in bursts: a command (a grid edit, a fix) is one deliberate change, and
    // goes at once — with any burst still waiting, whose text it now holds.
    const burst = typing && now - e.last < QUIET_MS;
    e.last = now;
    if (!typing && e.waitingSince !== null) {
      e.timer.cancel();
      e.waitingSince = null;
    }
    if (!burst && e.waitingSince === null) {
      if (!typing) {
        void analyze(docId);
        return;
      }
      // A keystroke's own task only edits and renders: its analysis (finding the edit in the
      // text, posting it, marking the kernel busy) goes from the burst's timer, due now, in a
      // task the browser may run after painting the keystroke. A keystroke before it joins it.
      e.waitingSince = now;
      e.timer.at(now);
      return;
    }
    e.waitingSince ??= now;
    schedule(docId);
  };

  /** `docId`'s burst, new: its timer sends the newest text once the burst is due. */
  const burstOf = (docId: string): Burst => {
    const burst: Burst = {
      last: -Infinity,
      waitingSince: null,
      timer: new DeadlineTimer(() => {
        if (burst.waitingSince === null) return;
        burst.waitingSince = null;
        void analyze(docId);
      }, timing),
    };
    edits.set(docId, burst);
    return burst;
  };

  /**
   * Moves `docId`'s timer to when its burst has paused or waited long enough. Each keystroke of a
   * burst moves it later, which costs no timer call (scheduling/deadline-timer.ts).
   */
  const schedule = (docId: string) => {
    const e = edits.get(docId);
    if (!e || e.waitingSince === null) return;
    // A document slower to analyze than keystrokes come: its analyses would answer for texts
    // already typed past, never shown; the burst is analyzed when it pauses.
    const maxWait = (took.get(docId) ?? 0) > QUIET_MS ? Number.POSITIVE_INFINITY : MAX_WAIT_MS;
    e.timer.at(Math.min(e.last + QUIET_MS, e.waitingSince + maxWait));
    store.getState().setKernelStatus('busy');
  };

  const analyze = async (docId: string) => {
    const state = store.getState();
    const waiting = edits.get(docId);
    if (waiting && waiting.waitingSince !== null) {
      // A burst is being coalesced: its timer sends the newest text.
      return;
    }
    const doc = state.documents[docId];
    if (!doc) return;
    const dictionary = state.fieldDictionary;
    const last = sent.get(docId);
    if (last && last.text === doc.text && last.dictionary === dictionary) {
      // Analyzed already — perhaps not published, when the text had moved on as it answered and
      // has come back to it since (an edit undone within a burst).
      if (compiled.get(docId)?.text === doc.text && state.analyses[docId]?.text !== doc.text) {
        publish(docId);
        if (glossed.get(docId)?.text !== doc.text) void requestGloss(docId, doc.text, dictionary);
      }
      return;
    }
    if (inFlight.has(docId)) {
      inFlight.set(docId, true);
      state.setKernelStatus('busy');
      return;
    }
    inFlight.set(docId, false);
    sent.set(docId, { text: doc.text, dictionary });
    state.setKernelStatus('busy');
    const started = timing.now();
    const outcome = await kernel
      .request(`analyze:${docId}`, {
        op: 'analyze',
        doc: docId,
        text: doc.text,
        dictionary,
        deferHash: true,
      })
      .finally(() => {
        const changedMeanwhile = inFlight.get(docId);
        inFlight.delete(docId);
        // The newest text (or dictionary) goes now — or when a burst still being typed pauses;
        // `analyze` sends nothing if it was this one.
        if (changedMeanwhile) void analyze(docId);
      });
    const now = store.getState();
    if (!kernel.busy && !inFlight.has(docId) && edits.get(docId)?.waitingSince == null) {
      now.setKernelStatus('ready');
    }
    if (outcome.status === 'done') {
      took.set(docId, timing.now() - started);
      compiled.set(docId, { text: doc.text, analysis: outcome.value });
      const current = now.documents[docId]?.text === doc.text;
      // An analysis the text has moved on from, while one of the newest text is already on its
      // way, is not published: markers take only an analysis of the current text anyway, and
      // publishing it re-rendered every panel (dimmed, for an older text) in the middle of typing.
      // A document with no analysis yet gets it, shown as about an older text.
      const replaced =
        !current &&
        now.analyses[docId] !== undefined &&
        (inFlight.has(docId) || edits.get(docId)?.waitingSince != null);
      if (!replaced) publish(docId);
      // Gloss follows the newest text: none for one already being replaced.
      if (current) void requestGloss(docId, doc.text, dictionary);
      // Once per document, behind its gloss: rehearse a first edit of a long table, so that the
      // analyst's first cell edit does not run cold (KernelService.primeSteps).
      if (current && !primed.has(docId) && tableRows(outcome.value) >= PRIME_MIN_ROWS) {
        primed.add(docId);
        void kernel.request(`prime:${docId}`, {
          op: 'prime',
          doc: docId,
          dictionary,
          analysisChannel: `analyze:${docId}`,
        });
      }
    } else if (outcome.status === 'failed') now.notify('error', outcome.message);
    else if (outcome.status === 'restarted') {
      // Not retried automatically: the same text could stall again. The next edit retries.
      if (sent.get(docId)?.text === doc.text) sent.delete(docId);
    }
  };

  const analyzeAll = () => {
    const { activeId, order } = store.getState();
    if (activeId) void analyze(activeId);
    for (const id of order) if (id !== activeId) void analyze(id);
  };

  analyzeAll();
  const unsubscribe = store.subscribe((state, previous) => {
    if (state.fieldDictionary !== previous.fieldDictionary || state.order !== previous.order) {
      analyzeAll();
      return;
    }
    if (state.documents !== previous.documents || state.activeId !== previous.activeId) {
      for (const id of state.order) {
        if (state.documents[id]?.text !== previous.documents[id]?.text)
          changed(id, state.textOrigins[id] === 'typing');
      }
      if (state.activeId && state.activeId !== previous.activeId) void analyze(state.activeId);
    }
  });
  return () => {
    unsubscribe();
    for (const e of edits.values()) e.timer.cancel();
    edits.clear();
    sent.clear();
    took.clear();
    inFlight.clear();
  };
}

/** How many decision-table rows the analysed document has (each row is a compiled rule). */
function tableRows(analysis: Analysis): number {
  let n = 0;
  for (const r of analysis.rules) if (r.form === 'table') n++;
  return n;
}

/**
 * Rules with their gloss, reused while both are the same objects: replies arrive as deltas that
 * keep unchanged rules and glosses as they were, so most rows stay the same object across edits.
 */
const rulesWithGloss = new WeakMap<RuleSummary, { gloss: RuleGlossText; rule: RuleSummary }>();

function withGloss(rule: RuleSummary, gloss: RuleGlossText): RuleSummary {
  if (rule.gloss === gloss) return rule;
  const hit = rulesWithGloss.get(rule);
  if (hit?.gloss === gloss) return hit.rule;
  const merged = { ...rule, gloss };
  rulesWithGloss.set(rule, { gloss, rule: merged });
  return merged;
}

/** The compile-phase analysis with the (possibly older) gloss phase merged in. */
function merge(
  base: { text: string; analysis: Analysis },
  gloss: { text: string; outcome: GlossOutcome },
): Analysis {
  const { analysis } = base;
  const lint =
    gloss.text === base.text
      ? gloss.outcome.diagnostics
      : carryDiagnostics(gloss.text, base.text, gloss.outcome.diagnostics);
  const diagnostics = [...analysis.diagnostics, ...lint].sort(
    (a, b) => a.range.start - b.range.start,
  );
  // The document hash the analysis left to the gloss phase: only this very text's gloss has it.
  const { documentHashPending, ...hashed } = analysis;
  const settled = documentHashPending && gloss.text === base.text;
  return {
    ...(settled ? { ...hashed, documentHash: gloss.outcome.documentHash } : analysis),
    diagnostics,
    rules: analysis.rules.map((r) => withGloss(r, gloss.outcome.rules[r.name] ?? r.gloss)),
    unnamedFields: gloss.outcome.unnamedFields,
    missingNames: gloss.outcome.missingNames,
    dictionaryProblems: gloss.outcome.dictionaryProblems,
  };
}
