import { describe, expect, it } from 'vitest';
import type { KernelClient } from '../../worker/kernel-client';
import { type Analysis, PRIME_MIN_ROWS } from '../../worker/kernel-protocol';
import { manualTiming } from '../scheduling/test-support';
import { storeWithDocument } from '../store/test-support';
import { MAX_WAIT_MS, QUIET_MS, startAnalysis } from './analysis-controller';

/** A kernel whose requests answer only when the test says so. */
function fakeKernel() {
  const requests: { op: string; text: string; answer: (value: unknown) => void }[] = [];
  const client = {
    busy: false,
    request(_channel: string, request: { op: string; text: string }) {
      return new Promise((resolve) => {
        requests.push({
          op: request.op,
          text: request.text,
          answer: (value) => resolve({ status: 'done', value }),
        });
      });
    },
  };
  return { client: client as unknown as KernelClient, requests };
}

const analysisOf = (text: string) => ({ diagnostics: [], rules: [], text }) as unknown as Analysis;
const flush = () => new Promise((r) => setTimeout(r, 0));

/** A document whose first text ("v0") is analyzed, with the controller on a manual clock. */
async function analyzedDocument() {
  const { store, id } = storeWithDocument();
  const kernel = fakeKernel();
  const clock = manualTiming();
  const stop = startAnalysis(store, kernel.client, clock.timing);
  await flush();
  const analyzes = () => kernel.requests.filter((r) => r.op === 'analyze');
  analyzes().at(-1)!.answer(analysisOf('v0'));
  await flush();
  return { store, id, clock, analyzes, stop, kernel };
}

describe('analysis controller', () => {
  it('keeps one analyze in flight and then sends the newest text once', async () => {
    const { store, id } = storeWithDocument();
    const kernel = fakeKernel();
    const clock = manualTiming();
    const stop = startAnalysis(store, kernel.client, clock.timing);
    const glosses = () => kernel.requests.filter((r) => r.op === 'gloss');
    await flush();
    const analyzes = () => kernel.requests.filter((r) => r.op === 'analyze');
    const first = analyzes().length;
    expect(first).toBeGreaterThan(0);
    const sentBefore = analyzes()[first - 1]!;
    for (const t of ['v1', 'v2', 'v3']) store.getState().setText(id, t, 'typing');
    await flush();
    // Typing while one runs sends nothing yet.
    expect(analyzes()).toHaveLength(first);
    sentBefore.answer(analysisOf(sentBefore.text));
    await flush();
    // Typed as a burst: sent once the text has been quiet.
    clock.advance(QUIET_MS);
    await flush();
    // The answer is stored with the text it is of; the newest text follows, once; no gloss for
    // the replaced text.
    expect(store.getState().analyses[id]?.text).toBe(sentBefore.text);
    expect(analyzes()).toHaveLength(first + 1);
    expect(analyzes()[first]!.text).toBe('v3');
    expect(glosses().filter((r) => r.text === sentBefore.text)).toHaveLength(0);
    analyzes()[first]!.answer(analysisOf('v3'));
    await flush();
    expect(store.getState().analyses[id]?.text).toBe('v3');
    expect(glosses().map((r) => r.text)).toContain('v3');
    // Nothing changed since: no further request.
    expect(analyzes()).toHaveLength(first + 1);
    stop();
  });

  it('analyzes an isolated edit at once, and a burst of keystrokes when it pauses', async () => {
    const { store, id, clock, analyzes, stop } = await analyzedDocument();
    const before = analyzes().length;
    clock.advance(1_000);
    store.getState().setText(id, 'a', 'typing');
    // Isolated: sent at once, in a task after the keystroke's — nothing within the keystroke.
    expect(analyzes()).toHaveLength(before);
    clock.advance(0);
    expect(analyzes()).toHaveLength(before + 1);
    analyzes().at(-1)!.answer(analysisOf('a'));
    await flush();
    // A burst, 30 ms apart: nothing more is sent while it goes on …
    for (const t of ['ab', 'abc', 'abcd', 'abcde']) {
      clock.advance(30);
      store.getState().setText(id, t, 'typing');
      await flush();
    }
    expect(analyzes()).toHaveLength(before + 1);
    expect(store.getState().kernelStatus).toBe('busy');
    // … and its newest text once it pauses.
    clock.advance(QUIET_MS - 1);
    expect(analyzes()).toHaveLength(before + 1);
    clock.advance(1);
    expect(analyzes()).toHaveLength(before + 2);
    expect(analyzes().at(-1)!.text).toBe('abcde');
    analyzes().at(-1)!.answer(analysisOf('abcde'));
    await flush();
    expect(store.getState().analyses[id]?.text).toBe('abcde');
    expect(store.getState().kernelStatus).toBe('ready');
    stop();
  });

  it('a keystroke typed before the first one of a burst is posted joins the burst: the newest text goes once, at the pause', async () => {
    const { store, id, clock, analyzes, stop } = await analyzedDocument();
    const before = analyzes().length;
    clock.advance(1_000);
    store.getState().setText(id, 'a', 'typing');
    store.getState().setText(id, 'ab', 'typing');
    clock.advance(0);
    expect(analyzes()).toHaveLength(before);
    clock.advance(QUIET_MS);
    expect(analyzes()).toHaveLength(before + 1);
    expect(analyzes().at(-1)!.text).toBe('ab');
    analyzes().at(-1)!.answer(analysisOf('ab'));
    await flush();
    expect(store.getState().analyses[id]?.text).toBe('ab');
    clock.advance(10 * QUIET_MS);
    await flush();
    expect(analyzes()).toHaveLength(before + 1);
    stop();
  });

  it('posts nothing for a keystroke once the controller is stopped', async () => {
    const { store, id, clock, analyzes, stop } = await analyzedDocument();
    const before = analyzes().length;
    clock.advance(1_000);
    store.getState().setText(id, 'a', 'typing');
    stop();
    clock.advance(10 * QUIET_MS);
    await flush();
    expect(analyzes()).toHaveLength(before);
  });

  it('analyzes a command edit (grid, fix) at once, even right after another, and flushes a waiting burst', async () => {
    const { store, id, clock, analyzes, stop } = await analyzedDocument();
    const before = analyzes().length;
    // Grid edits 30 ms apart (each answered before the next): every one goes at once.
    for (const [k, t] of ['g1', 'g2', 'g3'].entries()) {
      clock.advance(30);
      store.getState().setText(id, t);
      expect(analyzes()).toHaveLength(before + k + 1);
      expect(analyzes().at(-1)!.text).toBe(t);
      analyzes().at(-1)!.answer(analysisOf(t));
      await flush();
    }
    // A burst typed in the editor waits …
    for (const t of ['g3a', 'g3ab']) {
      clock.advance(30);
      store.getState().setText(id, t, 'typing');
      await flush();
    }
    expect(analyzes()).toHaveLength(before + 3);
    // … until a command edit: its text (which holds the typing) goes at once, and only once.
    clock.advance(30);
    store.getState().setText(id, 'g3ab!');
    expect(analyzes()).toHaveLength(before + 4);
    expect(analyzes().at(-1)!.text).toBe('g3ab!');
    analyzes().at(-1)!.answer(analysisOf('g3ab!'));
    await flush();
    clock.advance(10 * QUIET_MS);
    await flush();
    expect(analyzes()).toHaveLength(before + 4);
    expect(store.getState().analyses[id]?.text).toBe('g3ab!');
    expect(store.getState().kernelStatus).toBe('ready');
    stop();
  });

  it('does not publish a gloss of a text already typed past; the next analysis carries it', async () => {
    const { store, id, clock, stop, kernel } = await analyzedDocument();
    const ofOp = (op: string) => kernel.requests.filter((r) => r.op === op);
    const withRule = (text: string) =>
      ({
        diagnostics: [],
        rules: [{ name: 'r', gloss: { zh: '', en: '', delegation: false } }],
        text,
      }) as unknown as Analysis;
    const glossOf = (en: string) => ({
      rules: { r: { zh: en, en, delegation: false } },
      unnamedFields: [],
      missingNames: [],
      diagnostics: [],
      dictionaryProblems: [],
    });
    clock.advance(1_000);
    store.getState().setText(id, 'v1');
    ofOp('analyze').at(-1)!.answer(withRule('v1'));
    await flush();
    expect(ofOp('gloss').at(-1)!.text).toBe('v1');
    // The user types on before v1's gloss answers.
    clock.advance(1_000);
    store.getState().setText(id, 'v2', 'typing');
    clock.advance(0);
    const shown = store.getState().analyses[id];
    ofOp('gloss').at(-1)!.answer(glossOf('one'));
    await flush();
    // Not published: the panels would only re-render an analysis of a text no longer shown.
    expect(store.getState().analyses[id]).toBe(shown);
    // v2's analysis is published with v1's gloss carried over, until v2's own gloss answers.
    expect(ofOp('analyze').at(-1)!.text).toBe('v2');
    ofOp('analyze').at(-1)!.answer(withRule('v2'));
    await flush();
    const v2 = store.getState().analyses[id]!;
    expect(v2.text).toBe('v2');
    expect(v2.analysis.rules[0]!.gloss.en).toBe('one');
    ofOp('gloss').at(-1)!.answer(glossOf('two'));
    await flush();
    expect(store.getState().analyses[id]!.analysis.rules[0]!.gloss.en).toBe('two');
    stop();
  });

  it('asks analyze to leave the document hash to the gloss phase, and takes it only from the gloss of the same text', async () => {
    const { store, id, clock, stop, kernel } = await analyzedDocument();
    const sent: { op: string; deferHash?: boolean }[] = [];
    const request = kernel.client.request.bind(kernel.client);
    (kernel.client as { request: unknown }).request = (channel: string, r: never) => {
      sent.push(r);
      return request(channel, r);
    };
    const ofOp = (op: string) => kernel.requests.filter((r) => r.op === op);
    const pendingOf = (text: string) =>
      ({
        diagnostics: [],
        rules: [],
        text,
        documentHash: null,
        documentHashPending: true,
      }) as unknown as Analysis;
    const glossWithHash = (hash: string) => ({
      rules: {},
      unnamedFields: [],
      missingNames: [],
      diagnostics: [],
      dictionaryProblems: [],
      documentHash: hash,
    });
    clock.advance(1_000);
    store.getState().setText(id, 'v1');
    expect(sent.filter((r) => r.op === 'analyze').every((r) => r.deferHash === true)).toBe(true);
    ofOp('analyze').at(-1)!.answer(pendingOf('v1'));
    await flush();
    // Published at once for its markers, the hash said to be pending.
    let shown = store.getState().analyses[id]!;
    expect(shown.text).toBe('v1');
    expect(shown.analysis.documentHashPending).toBe(true);
    expect(shown.analysis.documentHash).toBeNull();
    // v1's gloss arrives after the text moved on to v2: v2's analysis must not take v1's hash.
    clock.advance(1_000);
    store.getState().setText(id, 'v2', 'typing');
    clock.advance(0);
    ofOp('gloss').at(-1)!.answer(glossWithHash('sha256:v1'));
    await flush();
    ofOp('analyze').at(-1)!.answer(pendingOf('v2'));
    await flush();
    shown = store.getState().analyses[id]!;
    expect(shown.text).toBe('v2');
    expect(shown.analysis.documentHashPending).toBe(true);
    expect(shown.analysis.documentHash).toBeNull();
    // v2's own gloss brings v2's hash, and the analysis no longer says it is pending.
    expect(ofOp('gloss').at(-1)!.text).toBe('v2');
    ofOp('gloss').at(-1)!.answer(glossWithHash('sha256:v2'));
    await flush();
    shown = store.getState().analyses[id]!;
    expect(shown.analysis.documentHash).toBe('sha256:v2');
    expect(shown.analysis.documentHashPending).toBeUndefined();
    stop();
  });

  it('asks the worker once per document to rehearse a first edit of a long table, behind its gloss', async () => {
    const { store, id, clock, stop, kernel } = await analyzedDocument();
    const ofOp = (op: string) => kernel.requests.filter((r) => r.op === op);
    // A short document: nothing to rehearse.
    expect(ofOp('prime')).toHaveLength(0);
    const withRows = (text: string, rows: number) =>
      ({
        diagnostics: [],
        rules: Array.from({ length: rows }, (_, i) => ({ name: `t#${i + 1}`, form: 'table' })),
        text,
      }) as unknown as Analysis;
    clock.advance(1_000);
    store.getState().setText(id, 'v1');
    ofOp('analyze')
      .at(-1)!
      .answer(withRows('v1', PRIME_MIN_ROWS - 1));
    await flush();
    expect(ofOp('prime')).toHaveLength(0);
    clock.advance(1_000);
    store.getState().setText(id, 'v2');
    ofOp('analyze').at(-1)!.answer(withRows('v2', PRIME_MIN_ROWS));
    await flush();
    expect(ofOp('prime')).toHaveLength(1);
    // Sent after the gloss of the same text: the worker runs background requests oldest first.
    const ops = kernel.requests.map((r) => r.op);
    expect(ops.lastIndexOf('gloss')).toBeLessThan(ops.indexOf('prime'));
    clock.advance(1_000);
    store.getState().setText(id, 'v3');
    ofOp('analyze')
      .at(-1)!
      .answer(withRows('v3', PRIME_MIN_ROWS * 2));
    await flush();
    expect(ofOp('prime')).toHaveLength(1);
    stop();
  });

  it('analyzes continuous typing at least every MAX_WAIT_MS, always the newest text', async () => {
    const { store, id, clock, analyzes, stop } = await analyzedDocument();
    const before = analyzes().length;
    let text = '';
    const sentAt: number[] = [];
    const answerNew = async (t: number) => {
      if (analyzes().length === before + sentAt.length) return;
      sentAt.push(t);
      const last = analyzes().at(-1)!;
      // Every request is of the text as it is when sent: the newest.
      expect(last.text).toBe(text);
      last.answer(analysisOf(last.text));
      await flush();
    };
    for (let t = 0; t < 3 * MAX_WAIT_MS; t += 30) {
      clock.advance(30);
      await answerNew(t);
      text += 'x';
      store.getState().setText(id, text, 'typing');
      await flush();
      await answerNew(t);
    }
    // The first keystroke at once, then at most MAX_WAIT_MS apart (plus the keystrokes' steps).
    expect(sentAt.length).toBeGreaterThanOrEqual(3);
    expect(sentAt.length).toBeLessThan(10);
    for (let i = 1; i < sentAt.length; i++) {
      expect(sentAt[i]! - sentAt[i - 1]!).toBeLessThanOrEqual(MAX_WAIT_MS + 2 * 30);
    }
    stop();
  });

  it('analyzes continuous typing only when it pauses if the last analysis took longer than QUIET_MS', async () => {
    const { store, id, clock, analyzes, stop } = await analyzedDocument();
    const before = analyzes().length;
    // An isolated edit, analyzed at once; its answer takes longer than keystrokes come.
    clock.advance(1_000);
    store.getState().setText(id, 'slow', 'typing');
    clock.advance(0);
    expect(analyzes()).toHaveLength(before + 1);
    clock.advance(QUIET_MS + 50);
    analyzes().at(-1)!.answer(analysisOf('slow'));
    await flush();
    expect(store.getState().analyses[id]?.text).toBe('slow');
    // Continuous typing for three times MAX_WAIT_MS: nothing is sent meanwhile …
    clock.advance(1_000);
    let text = 'slow';
    for (let t = 0; t < 3 * MAX_WAIT_MS; t += 30) {
      clock.advance(30);
      text += 'x';
      store.getState().setText(id, text, 'typing');
      await flush();
    }
    // (the burst's first keystroke was isolated: sent at once)
    expect(analyzes()).toHaveLength(before + 2);
    analyzes()
      .at(-1)!
      .answer(analysisOf(analyzes().at(-1)!.text));
    await flush();
    for (let t = 0; t < 3 * MAX_WAIT_MS; t += 30) {
      clock.advance(30);
      text += 'y';
      store.getState().setText(id, text, 'typing');
      await flush();
    }
    expect(analyzes()).toHaveLength(before + 2);
    expect(store.getState().kernelStatus).toBe('busy');
    // … and the newest text once it pauses.
    clock.advance(QUIET_MS);
    expect(analyzes()).toHaveLength(before + 3);
    expect(analyzes().at(-1)!.text).toBe(text);
    analyzes().at(-1)!.answer(analysisOf(text));
    await flush();
    expect(store.getState().analyses[id]?.text).toBe(text);
    expect(store.getState().kernelStatus).toBe('ready');
    stop();
  });

  it('does not publish an analysis the text moved on from while a newer one is coming', async () => {
    const { store, id, clock, analyzes, stop } = await analyzedDocument();
    expect(store.getState().analyses[id]?.text).toBe('v0');
    clock.advance(1_000);
    store.getState().setText(id, 'a', 'typing');
    clock.advance(0);
    const running = analyzes().at(-1)!;
    expect(running.text).toBe('a');
    // Typing goes on while it runs: its answer is of an older text, and a newer one is waiting.
    clock.advance(30);
    store.getState().setText(id, 'ab', 'typing');
    running.answer(analysisOf('a'));
    await flush();
    expect(store.getState().analyses[id]?.text).toBe('v0');
    clock.advance(QUIET_MS);
    await flush();
    analyzes().at(-1)!.answer(analysisOf('ab'));
    await flush();
    expect(store.getState().analyses[id]?.text).toBe('ab');
    // Back to a text analyzed but not published (an edit undone in a burst): published then.
    clock.advance(1_000);
    store.getState().setText(id, 'abc', 'typing');
    clock.advance(0);
    const third = analyzes().at(-1)!;
    clock.advance(30);
    store.getState().setText(id, 'abcd', 'typing');
    third.answer(analysisOf('abc'));
    await flush();
    expect(store.getState().analyses[id]?.text).toBe('ab');
    clock.advance(30);
    store.getState().setText(id, 'abc', 'typing');
    clock.advance(QUIET_MS);
    await flush();
    expect(store.getState().analyses[id]?.text).toBe('abc');
    stop();
  });
});
