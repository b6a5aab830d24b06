import { describe, expect, it, vi } from 'vitest';
import { compileDocument, Evaluator } from '../../kernel';
import type { KernelClient } from '../../worker/kernel-client';
import quickStart from '../examples/quick-start.erdl.yaml?raw';
import { startEvaluation } from '../kernel/evaluation-controller';
import { storeWithDocument } from '../store/test-support';
import {
  conditionLine,
  evaluationCurrent,
  headline,
  headlineText,
  matchedRules,
  reasonText,
} from './evaluate-explain';
import { panelStrings } from './strings';

const AS_OF = '2026-01-15T09:00:00Z';
const en = panelStrings.en.evaluate;
const zh = panelStrings.zh.evaluate;

function evaluator(text: string): Evaluator {
  const compiled = compileDocument(text);
  if (!compiled.document) throw new Error('document does not compile');
  return new Evaluator(compiled.document);
}

const quick = evaluator(quickStart);
const run = (e: Evaluator, fact: unknown) => e.evaluate(fact, { as_of: AS_OF, trace: true });

/** SEC-901 (Expression: folds to false, runs first) and SEC-900 (Simple, Grade A: fails closed), both on a regex. */
const SHELL = evaluator(`protocol: "erdl/v2"
version: "2.1.0"
metadata:
  name: "shell"
  description: "d"
  category: coding
  decision: ALLOW
rules:
  - name: "SEC-900-shell-wipe"
    description: "d"
    priority: 10
    when:
      logic: AND
      conditions:
        - { field: "tool.args.command", operator: match, value: "rm\\\\s+-rf" }
    then: DENY
    message: "m"
  - name: "SEC-901-shell-curl"
    description: "d"
    priority: 5
    when: { expr: { match: [{ field: "tool.args.command" }, "curl"] } }
    then: REQUEST_HUMAN
    message: "m"
`);

describe('why not (reasonText)', () => {
  it('names a string compared with a number, in both languages', () => {
    const r = run(quick, { tool: { name: 'issue_refund', args: { amount: '3000' } } });
    const reason = r.eval_trace[0]!.reason!;
    expect(reasonText(reason, en, 'en', 'REQUEST_HUMAN')).toBe(
      'tool.args.amount is the string "3000"; strings never compare with numbers. Did you mean 3000?',
    );
    expect(reasonText(reason, zh, 'zh', 'REQUEST_HUMAN')).toBe(
      '「tool.args.amount」是字符串“3000”；字符串与数字永远无法比较。是否想写 3000？',
    );
  });

  it('in Chinese, a string value is in “” next to its word, any other value after a space', () => {
    const r = run(quick, { tool: { name: 'issue_refund', args: { amount: true } } });
    const text = reasonText(r.eval_trace[0]!.reason!, zh, 'zh', 'REQUEST_HUMAN', '金额');
    expect(text).toMatch(/^金额是布尔值 true；/);
    const s = run(quick, { tool: { name: 'issue_refund', args: { amount: 'a "b"' } } });
    expect(reasonText(s.eval_trace[0]!.reason!, zh, 'zh', 'REQUEST_HUMAN', '金额')).toMatch(
      /^金额是字符串“a "b"”；/,
    );
  });

  it('names the field by its display name when it has one, as the gloss does', () => {
    const r = run(quick, { tool: { name: 'issue_refund', args: { amount: '3000' } } });
    const reason = r.eval_trace[0]!.reason!;
    expect(reasonText(reason, en, 'en', 'REQUEST_HUMAN', 'the amount')).toBe(
      'The amount is the string "3000"; strings never compare with numbers. Did you mean 3000?',
    );
    expect(reasonText(reason, zh, 'zh', 'REQUEST_HUMAN', '金额')).toBe(
      '金额是字符串“3000”；字符串与数字永远无法比较。是否想写 3000？',
    );
    const low = run(quick, { tool: { name: 'issue_refund', args: { amount: 10 } } });
    expect(reasonText(low.eval_trace[0]!.reason!, zh, 'zh', 'X', '金额')).toBe('金额的值为 10。');
    expect(reasonText(low.eval_trace[0]!.reason!, en, 'en', 'X', 'the amount')).toBe(
      'The amount is 10.',
    );
  });

  it('writes the failing condition as a sentence of its own', () => {
    expect(conditionLine(zh.failedLine, '信用评分小于 580')).toBe(
      '未满足的条件：信用评分小于 580。',
    );
    expect(conditionLine(en.failedLine, 'credit score is less than 580')).toBe(
      'Failed at: credit score is less than 580.',
    );
    expect(conditionLine(zh.stoppedLine, '路径匹配「a」。')).toBe(
      '未能求值的条件：路径匹配「a」。',
    );
  });

  it('names a missing field and a null one', () => {
    const missing = run(quick, { tool: { name: 'issue_refund', args: {} } }).eval_trace[0]!.reason!;
    expect(reasonText(missing, en, 'en', 'X')).toBe('tool.args.amount is not in the fact.');
    expect(reasonText(missing, zh, 'zh', 'X')).toBe('事实中没有「tool.args.amount」。');
    const nul = run(quick, { tool: { name: 'issue_refund', args: { amount: null } } })
      .eval_trace[0]!.reason!;
    expect(reasonText(nul, en, 'en', 'X')).toMatch(/^tool\.args\.amount is null;/);
    expect(reasonText(nul, zh, 'zh', 'X')).toMatch(/^「tool\.args\.amount」为空值（null）；/);
  });

  it('shows the value read when a condition is simply false', () => {
    const r = run(quick, { tool: { name: 'issue_refund', args: { amount: 10 } } });
    expect(reasonText(r.eval_trace[0]!.reason!, en, 'en', 'X')).toBe('tool.args.amount is 10.');
  });

  it('writes out hidden characters in a fact value, so the line reads as the fact runs', () => {
    const r = run(quick, { tool: { name: 'issue_refund', args: { amount: '\u202E0003\u202C' } } });
    const line = reasonText(r.eval_trace[0]!.reason!, en, 'en', 'X');
    expect(line).toContain('"⟨U+202E⟩0003⟨U+202C⟩"');
    expect(line).not.toMatch(/[\u202a-\u202e]/);
    const zhLine = reasonText(r.eval_trace[0]!.reason!, zh, 'zh', 'X');
    expect(zhLine).toContain('“⟨U+202E⟩0003⟨U+202C⟩”');
  });

  it('says a regex input over the limit was not evaluated, and how E12 ended the rule', () => {
    const r = run(SHELL, { tool: { args: { command: 'x'.repeat(10_001) } } });
    const [folded, closed] = r.eval_trace;
    expect(folded!.status).toBe('error_folded_false');
    expect(closed!.status).toBe('error_fail_closed');
    expect(reasonText(closed!.reason!, en, 'en', closed!.then)).toBe(
      'Not evaluated: the match input has 10001 characters, over the limit of 10000. The rule failed closed: its decision DENY applies (E12).',
    );
    expect(reasonText(closed!.reason!, zh, 'zh', closed!.then)).toBe(
      '未求值：match 的输入有 10001 个字符，超过上限 10000。规则失败关闭：采用其决策 DENY（E12）。',
    );
    expect(reasonText(folded!.reason!, en, 'en', folded!.then)).toBe(
      'Not evaluated: the match input has 10001 characters, over the limit of 10000. The condition was folded to false (E12).',
    );
  });
});

describe('the headline', () => {
  it('names the deciding rule only when it matched', () => {
    const r = run(quick, { tool: { name: 'issue_refund', args: { amount: 8000 } } });
    expect(headline(r, en, 'en')).toEqual({ kind: 'decided', rule: 'SEC-001-refund-limit' });
    expect(headlineText(r, zh, 'zh')).toBe('由 SEC-001-refund-limit 决定');
  });

  it('says the document default applies when no rule decided', () => {
    const r = run(quick, { tool: { name: 'issue_refund', args: { amount: '3000' } } });
    expect(headlineText(r, en, 'en')).toBe('No rule matched; the document default ALLOW applies.');
    expect(headlineText(r, zh, 'zh')).toBe('没有规则匹配：采用文档的兜底决策 ALLOW。');
  });

  it('says a rule failed closed, and why, rather than that it decided', () => {
    const r = run(SHELL, { tool: { args: { command: 'x'.repeat(10_001) } } });
    expect(r.deciding_rule).toBe('SEC-900-shell-wipe');
    expect(headline(r, en, 'en').kind).toBe('failed-closed');
    const text = headlineText(r, en, 'en');
    expect(text).not.toMatch(/Decided by/);
    expect(text).toBe(
      'SEC-900-shell-wipe failed closed: the match input has 10001 characters, over the limit of 10000. Its decision DENY applies (E12).',
    );
    expect(matchedRules(r, en.failedClosedMark)).toEqual([
      'SEC-900-shell-wipe (failed closed, its condition not evaluated)',
    ]);
    expect(headlineText(r, zh, 'zh')).toBe(
      'SEC-900-shell-wipe 失败关闭：match 的输入有 10001 个字符，超过上限 10000。采用其决策 DENY（E12）。',
    );
  });

  it('without a trace, words a fail-closed decision from eval_warnings', () => {
    const r = SHELL.evaluate({ tool: { args: { command: 'x'.repeat(10_001) } } }, { as_of: AS_OF });
    expect(r.eval_trace).toEqual([]);
    expect(headlineText(r, en, 'en')).toMatch(
      /^SEC-900-shell-wipe failed closed: match: input of 10001 characters exceeds 10000\. Its decision DENY applies/,
    );
  });
});

describe('evaluationCurrent', () => {
  /** A kernel whose evaluations answer only when the test says so. */
  function fakeKernel() {
    const answers: ((value: unknown) => void)[] = [];
    const client = {
      request: () =>
        new Promise((resolve) => answers.push((value) => resolve({ status: 'done', value }))),
    };
    return { client: client as unknown as KernelClient, answers };
  }
  const outcome = { kind: 'input-error', input: 'fact', message: { en: '', zh: '' } } as const;

  it('a result is of the text and fact it was computed for: any edit makes it earlier at once, before anything is sent', async () => {
    vi.useFakeTimers();
    try {
      const { store, id } = storeWithDocument({ text: 'rules: []', fact: 'a: 1' });
      store.getState().setPanel('evaluate');
      const kernel = fakeKernel();
      const stop = startEvaluation(store, kernel.client);
      const current = () =>
        evaluationCurrent(store.getState().evaluations[id], store.getState().documents[id]!);
      expect(current()).toBe(false); // nothing evaluated yet
      await vi.advanceTimersByTimeAsync(100);
      kernel.answers[0]!(outcome);
      await vi.advanceTimersByTimeAsync(0);
      expect(current()).toBe(true);
      // A keystroke in the rules: the evaluation waits for the typing to pause (nothing sent, no
      // pending flag yet), but the result on screen is already of an earlier text.
      store.getState().setText(id, 'rules: [] #', 'typing');
      expect(kernel.answers).toHaveLength(1);
      expect(store.getState().evaluations[id]?.pending).toBe(false);
      expect(current()).toBe(false);
      // A cursor move changes nothing evaluated.
      await vi.advanceTimersByTimeAsync(100);
      kernel.answers[1]!(outcome);
      await vi.advanceTimersByTimeAsync(0);
      expect(current()).toBe(true);
      store.getState().setCursor(id, { line: 1, column: 4 });
      expect(current()).toBe(true);
      // The fact, as_of and temporal state count too.
      for (const change of [
        { fact: 'a: 2' },
        { asOf: '2026-02-01T00:00:00Z' },
        { temporalState: '{}' },
      ]) {
        store.getState().updateDocument(id, change);
        expect(current()).toBe(false);
        kernel.answers.at(-1)!(outcome);
        await vi.advanceTimersByTimeAsync(0);
        expect(current()).toBe(true);
      }
      stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
