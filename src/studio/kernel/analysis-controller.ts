/**
 * Keeps `analyses` current, in two phases per change of a document's text or the field dictionary:
 * 1. `analyze` in the kernel worker — diagnostics, hashes, rules — at incremental-compile speed, so
 *    markers follow typing; rules keep their last known gloss meanwhile;
 * 2. `gloss` in the batch worker — every rule's gloss and the gloss lint, which re-read the whole
 *    document — merged in when it answers for the text still shown. Until then the last gloss lint
 *    is carried over the edit (carry.ts) so its warnings do not flicker while typing.
 * The active document goes first; the others are analyzed once after load, for their badges.
 *
 * At most one `analyze` per document is in flight: a change while one runs is sent when it answers
 * (the newest text then, once). Sending every keystroke's text instead — the worker dropping the
 * superseded ones unrun — cost the main thread a structured clone of the whole text per keystroke
 * (0.5 MB at 1,000 rules, plus the garbage) and the worker as many to decode, for no earlier
 * result: the newest text waits for the running analysis either way.
 */

import type { KernelClient } from '../../worker/kernel-client';
import type {
  Analysis,
  GlossOutcome,
  RuleGlossText,
  RuleSummary,
} from '../../worker/kernel-protocol';
import type { StudioStore } from '../store';
import { carryDiagnostics } from './carry';

interface Sent {
  readonly text: string;
  readonly dictionary: string;
}

export function startAnalysis(
  store: StudioStore,
  kernel: KernelClient,
  batch: KernelClient,
): () => void {
  const sent = new Map<string, Sent>();
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
    const outcome = await batch.request(`gloss:${docId}`, {
      op: 'gloss',
      doc: docId,
      text,
      dictionary,
    });
    if (outcome.status !== 'done') return;
    glossed.set(docId, { text, outcome: outcome.value });
    if (compiled.get(docId)?.text === text) publish(docId);
  };

  /** Documents with an `analyze` in flight; `true` once their text changed meanwhile. */
  const inFlight = new Map<string, boolean>();

  const analyze = async (docId: string) => {
    const state = store.getState();
    const doc = state.documents[docId];
    if (!doc) return;
    const dictionary = state.fieldDictionary;
    const last = sent.get(docId);
    if (last && last.text === doc.text && last.dictionary === dictionary) return;
    if (inFlight.has(docId)) {
      inFlight.set(docId, true);
      state.setKernelStatus('busy');
      return;
    }
    inFlight.set(docId, false);
    sent.set(docId, { text: doc.text, dictionary });
    state.setKernelStatus('busy');
    const outcome = await kernel
      .request(`analyze:${docId}`, { op: 'analyze', doc: docId, text: doc.text, dictionary })
      .finally(() => {
        const changed = inFlight.get(docId);
        inFlight.delete(docId);
        // The newest text (or dictionary) goes now; `analyze` sends nothing if it was this one.
        if (changed) void analyze(docId);
      });
    const now = store.getState();
    if (!kernel.busy && !inFlight.has(docId)) now.setKernelStatus('ready');
    if (outcome.status === 'done') {
      compiled.set(docId, { text: doc.text, analysis: outcome.value });
      publish(docId);
      // Gloss follows the newest text: none for one already being replaced.
      if (!inFlight.has(docId)) void requestGloss(docId, doc.text, dictionary);
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
        if (state.documents[id]?.text !== previous.documents[id]?.text) void analyze(id);
      }
      if (state.activeId && state.activeId !== previous.activeId) void analyze(state.activeId);
    }
  });
  return () => {
    unsubscribe();
    sent.clear();
    inFlight.clear();
  };
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
  return {
    ...analysis,
    diagnostics,
    rules: analysis.rules.map((r) => withGloss(r, gloss.outcome.rules[r.name] ?? r.gloss)),
    unnamedFields: gloss.outcome.unnamedFields,
    missingNames: gloss.outcome.missingNames,
    dictionaryProblems: gloss.outcome.dictionaryProblems,
  };
}
