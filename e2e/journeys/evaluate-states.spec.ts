// Issue #37 point 3: the Evaluate panel's and the fact suite's states tell the truth. A result of
// an earlier text or fact is marked ("Evaluating…", greyed, "earlier result") in every frame until
// the new one arrives, derived from what it was computed for; an empty fact box decides nothing and
// says what to write; a fact set marked out of date runs again when the typing pauses; the badge
// names the real failure and counts unchecked cases as neither passing nor failing; a trace shows
// a literal null, tells a missing field from a null one, keeps operands read before an error and
// names the field in the error; the gloss of a null comparison says missing matches too (I-32).
import { addDocument } from '../support/studio';
import { expect, type Page, test } from '../support/test';

type Lang = 'en' | 'zh';

const SHOTS = '/tmp/shots-s4/evaltruth';

const WORDS = {
  en: {
    errors: '0 errors',
    evaluate: 'Evaluate',
    gloss: 'Gloss',
    evaluating: 'Evaluating…',
    earlier: 'The result below is of an earlier text or fact: evaluating the one on screen…',
    empty:
      'The fact is empty: nothing is evaluated. Write the fact in YAML or JSON, or set a field below. The rules read tool.name, tool.args.amount.',
    unchecked: 'Tests: 1 pass, 1 unchecked',
    passing: 'Tests: 2/2 pass',
    rulesError: 'Tests: the rules have an error',
    outdated: 'These results are of an earlier text; the suite runs again when the typing pauses.',
    nodeValues: 'Node values',
    missing: '= missing (not in the fact)',
    error: '= error: date context.order.paid_date is missing',
    stopped: '= not evaluated: an error in an argument stopped it',
    nullOrMissing: 'is null or missing',
    totalsImported: '1 passed, 0 failed, 0 unchecked of 1',
  },
  zh: {
    errors: '0 个错误',
    evaluate: '求值',
    gloss: '释义',
    evaluating: '正在求值…',
    earlier: '以下是修改前的文本或事实的结果，正在对当前内容求值…',
    empty:
      '事实为空，未求值。请用 YAML 或 JSON 写出事实，或在下方设置字段。规则读取的字段：tool.name、tool.args.amount。',
    unchecked: '测试：1 个通过，1 个未检查',
    passing: '测试：2/2 通过',
    rulesError: '测试：规则有错误',
    outdated: '以下结果针对的是修改前的文本；停止输入后，测试集会重新运行。',
    nodeValues: '各节点的值',
    missing: '= 未提供（事实中没有该字段）',
    error: '= 出错：日期“context.order.paid_date”未提供',
    stopped: '= 未求值：参数出错，求值中止',
    nullOrMissing: '为空或未提供',
    totalsImported: '共 1 项：通过 1，失败 0，未检查 0',
  },
} as const;

/** What the per-frame check saw while the user typed (see the first journey). */
interface Frames {
  frames: number;
  marked: number;
  note: string;
  violations: string[];
  stop: boolean;
}

const PAYOUT = `protocol: "erdl/v2"
version: "2.1.0"
metadata:
  name: "payout-guard"
  description: "Payout checks"
  category: finance
  decision: ALLOW
rules:
  - name: "PAY-001-paid-late"
    description: "Invoices paid more than 30 days after issue are escalated"
    priority: 10
    when:
      expr:
        gt:
          - days_between: [{ field: "context.order.invoice_date" }, { field: "context.order.paid_date" }]
          - 30
    then: ESCALATE
    message: "Invoice paid more than 30 days late"
  - name: "PAY-002-no-approver"
    description: "A payout without an approver is refused"
    priority: 20
    when:
      expr: { eq: [{ field: "context.order.approver" }, null] }
    then: DENY
    message: "No approver"
`;

/** One case that checks its decision, one that checks nothing. */
const SUITE = `suite: "payout-guard"
as_of: "2026-01-15T09:00:00Z"
cases:
  - name: "approved payout"
    fact: { context: { order: { approver: "kim" } } }
    expect: { decision: ALLOW }
  - name: "no approver"
    fact: { context: { order: {} } }
`;

async function open(page: Page, lang: Lang) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.addInitScript((l) => localStorage.setItem('erdl-studio.lang', l), lang);
  await page.goto('/');
  await expect(page.getByTestId('status-diagnostics')).toContainText(WORDS[lang].errors);
}

/** Clicks at the end of the editor line holding `text`. */
async function endOf(page: Page, text: string) {
  await page.locator('.monaco-editor .view-line', { hasText: text }).first().click();
  await page.keyboard.press('End');
}

for (const lang of ['en', 'zh'] as const) {
  const w = WORDS[lang];

  test(`${lang}: a result of an earlier fact or text is marked in every frame until the new one arrives; an empty fact decides nothing`, async ({
    page,
  }) => {
    await open(page, lang);
    await page
      .getByTestId('document-list')
      .getByRole('button', { name: /^refund-guard/ })
      .first()
      .click();
    await page.getByRole('tab', { name: w.evaluate }).click();
    const evaluation = page.getByTestId('evaluation');
    await expect(page.getByTestId('decision')).toContainText('REQUEST_HUMAN');
    await expect(evaluation).toHaveAttribute('aria-busy', 'false');
    // Every frame from now on: a decision shown unmarked is of exactly the inputs on screen; a
    // marked one (greyed, "earlier result", the note and "Evaluating…") is of earlier ones.
    await page.evaluate(() => {
      type Doc = { text: string; fact: string; asOf: string; temporalState: string };
      type State = {
        activeId: string;
        documents: Record<string, Doc>;
        evaluations: Record<string, { of?: Doc }>;
      };
      const g = globalThis as unknown as {
        __ERDL_STUDIO__: { store: { getState(): State } };
        __EVAL_FRAMES__: Frames;
      };
      const record: Frames = { frames: 0, marked: 0, note: '', violations: [], stop: false };
      g.__EVAL_FRAMES__ = record;
      const check = () => {
        record.frames += 1;
        const s = g.__ERDL_STUDIO__.store.getState();
        const doc = s.documents[s.activeId]!;
        const of = s.evaluations[s.activeId]?.of;
        const same =
          of !== undefined &&
          of.text === doc.text &&
          of.fact === doc.fact &&
          of.asOf === doc.asOf &&
          of.temporalState === doc.temporalState;
        const wrap = document.querySelector('[data-testid="result-wrap"]');
        const decision = wrap?.querySelector('[data-testid="decision"]');
        // Greyed, "earlier result" after the decision (CSS), the note, and "Evaluating…".
        const marked =
          wrap?.classList.contains('stale') === true &&
          getComputedStyle(decision as Element, '::after').content !== 'none' &&
          document.querySelector('[data-testid="evaluating"]') !== null &&
          document.querySelector('[data-testid="evaluation-earlier"]') !== null;
        if (decision && !marked && !same)
          record.violations.push(`frame ${record.frames}: ${decision.textContent} unmarked`);
        if (decision && marked) {
          record.marked += 1;
          record.note = document.querySelector('[data-testid="evaluation-earlier"]')!.textContent!;
        }
        if (!record.stop) requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
    // The user changes the amount in the fact: 8000 → 3000.
    const fact = page.getByTestId('fact-input');
    await fact.click();
    await page.keyboard.press('Control+End');
    // The last line (after the final newline) is empty: up one to the args line.
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('End');
    const before = await fact.inputValue();
    expect(before).toContain('amount: 8000');
    // The line is `    args: { amount: 8000, order_id: "O1024" }`: to the 8 of 8000, then replace it.
    const line = before.split('\n').find((l) => l.includes('amount: 8000'))!;
    for (let i = 0; i < line.length - line.indexOf('8000'); i++)
      await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Delete');
    await page.keyboard.type('3', { delay: 30 });
    await expect(page.getByTestId('decision')).toContainText('ALLOW');
    await expect(evaluation).toHaveAttribute('aria-busy', 'false');
    // Then the rule's limit in the editor (the evaluation waits for the typing to pause).
    await endOf(page, 'value: 5000');
    await page.keyboard.type('0', { delay: 30 });
    await page.keyboard.press('Backspace');
    await expect(page.getByTestId('decision')).toContainText('ALLOW');
    await expect(evaluation).toHaveAttribute('aria-busy', 'false');
    await expect(page.getByTestId('evaluating')).toHaveCount(0);
    await expect(page.getByTestId('evaluation-earlier')).toHaveCount(0);
    const record = await page.evaluate(() => {
      const g = globalThis as unknown as { __EVAL_FRAMES__: Frames };
      g.__EVAL_FRAMES__.stop = true;
      return g.__EVAL_FRAMES__;
    });
    expect(record.violations).toEqual([]);
    expect(record.marked).toBeGreaterThan(0);
    expect(record.note).toBe(w.earlier);

    // A look at the marked state: with a fact of 300,000 list items (pasted) each evaluation
    // takes long enough to see the result of the earlier text on screen, marked.
    await fact.fill(`${await fact.inputValue()}pad: [${'1,'.repeat(300_000)}1]\n`);
    await expect(evaluation).toHaveAttribute('aria-busy', 'false', { timeout: 60_000 });
    await endOf(page, 'value: 5000');
    await page.keyboard.type('0');
    await expect(page.getByTestId('evaluating')).toHaveText(w.evaluating);
    await expect(page.getByTestId('result-wrap')).toHaveClass(/stale/);
    await page.screenshot({ path: `${SHOTS}/earlier-${lang}.png` });
    await page.keyboard.press('Backspace');
    await expect(evaluation).toHaveAttribute('aria-busy', 'false', { timeout: 60_000 });
    await expect(page.getByTestId('evaluating')).toHaveCount(0);

    // The user empties the fact box: no decision, never ALLOW; it says what to write.
    await fact.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await expect(page.getByTestId('fact-empty')).toHaveText(w.empty);
    await expect(evaluation.getByTestId('decision')).toHaveCount(0);
    await expect(evaluation).not.toContainText('ALLOW');
    await expect(evaluation).toHaveAttribute('aria-busy', 'false');
    await evaluation.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/empty-fact-${lang}.png` });
  });

  test(`${lang}: the suite badge, a fact set that reruns, a truthful trace and the null gloss`, async ({
    page,
  }) => {
    test.slow();
    await open(page, lang);
    await addDocument(page, {
      name: 'payout-guard',
      text: PAYOUT,
      fact: 'context:\n  order:\n    invoice_date: "2026-01-01"\n    approver: null\n',
      asOf: '2026-01-15T09:00:00Z',
      panel: 'evaluate',
    });
    await expect(page.getByTestId('decision')).toContainText('DENY');
    // The user writes the suite: one case checks its decision, one checks nothing.
    await page.getByTestId('suite-input').fill(SUITE);
    const badge = page.getByTestId('suite-badge');
    await expect(badge).toHaveText(w.unchecked);
    await expect(badge).toHaveAttribute('data-state', 'unchecked');
    await page.locator('.status-bar').screenshot({ path: `${SHOTS}/badge-unchecked-${lang}.png` });
    // The user gives the second case its expectation and pauses: the suite runs again.
    const suite = page.getByTestId('suite-input');
    await suite.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('    expect: { decision: DENY }\n', { delay: 10 });
    await expect(badge).toHaveText(w.passing);
    await expect(badge).toHaveAttribute('data-state', 'passing');

    // The rules get an error: the badge says the rules have it, not the suite.
    await endOf(page, 'then: DENY');
    await page.keyboard.type('X');
    await expect(badge).toHaveText(w.rulesError);
    await expect(badge).toHaveAttribute('data-state', 'failing');
    await page
      .locator('.status-bar')
      .screenshot({ path: `${SHOTS}/badge-rules-error-${lang}.png` });
    await page.keyboard.press('Backspace');
    await expect(badge).toHaveText(w.passing);

    // An imported fact set (d2): its results go out of date with an edit of the rules, and run
    // again on the new text once the typing pauses.
    await page.getByTestId('suite-file').setInputFiles({
      name: 'payouts.jsonl',
      mimeType: 'application/x-ndjson',
      buffer: Buffer.from(
        `${JSON.stringify({ name: 'kim approves', fact: { context: { order: { approver: 'kim' } } }, expect: { decision: 'ALLOW' } })}\n`,
      ),
    });
    const totals = page.getByTestId('suite-totals');
    await expect(totals).toHaveText(w.totalsImported);
    const runs = () =>
      page.evaluate(() => {
        const s = (
          globalThis as unknown as {
            __ERDL_STUDIO__: {
              store: { getState(): { activeId: string; suiteRuns: Record<string, unknown> } };
            };
          }
        ).__ERDL_STUDIO__.store.getState();
        return s.suiteRuns[s.activeId] as { source: string; text: string; pending: boolean };
      });
    const importedText = (await runs()).text;
    await endOf(page, 'message: "No approver"');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.type(' yet', { delay: 30 });
    // It said it would run again: it does, on the text with the edit, and the note goes.
    await expect
      .poll(async () => {
        const run = await runs();
        return run.source === 'import' && !run.pending && run.text.includes('No approver yet');
      })
      .toBe(true);
    expect((await runs()).text).not.toBe(importedText);
    await expect(page.getByTestId('suite-outdated')).toHaveCount(0);
    await expect(totals).toHaveText(w.totalsImported);
    await expect(badge).toHaveAttribute('data-state', 'passing');

    // The trace: PAY-001's days_between read the invoice date, found no payment date, and stopped.
    const late = page.locator('[data-testid="trace"] [data-rule="PAY-001-paid-late"]');
    await late.getByText(w.nodeValues).click();
    const tree = late.locator('.trace-tree').first();
    await expect(tree.locator('[data-node-state="error"]')).toHaveText(`days_between ${w.error}`);
    await expect(tree.locator('[data-node-state="stopped"]').first()).toContainText(
      `gt ${w.stopped}`,
    );
    await expect(tree.locator('[data-node-state="value"]')).toHaveText([
      'field context.order.invoice_date = "2026-01-01"',
      'literal = 30',
    ]);
    await expect(tree.locator('[data-node-state="missing"]')).toHaveText(
      `field context.order.paid_date ${w.missing}`,
    );
    // PAY-002: the approver is an explicit null, and the literal null is a value, not "not evaluated".
    const approver = page.locator('[data-testid="trace"] [data-rule="PAY-002-no-approver"]');
    await approver.getByText(w.nodeValues).click();
    await expect(approver.locator('[data-node-state="value"]')).toHaveText([
      'eq = true',
      'field context.order.approver = null',
      'literal = null',
    ]);
    await approver.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/trace-${lang}.png` });
    // Without the approver the field is missing, not null.
    await page
      .getByTestId('fact-input')
      .fill('context:\n  order:\n    invoice_date: "2026-01-01"\n');
    await expect(approver.locator('[data-node-state="missing"]')).toHaveText(
      `field context.order.approver ${w.missing}`,
    );
    await expect(approver.locator('[data-node-state="value"]')).toHaveText([
      'eq = true',
      'literal = null',
    ]);

    // The gloss of the null comparison says a missing approver matches too (I-32).
    await page.getByRole('tab', { name: w.gloss }).click();
    await expect(page.getByTestId(`gloss-${lang}`).nth(1)).toContainText(w.nullOrMissing);
    await page.screenshot({ path: `${SHOTS}/gloss-null-${lang}.png` });
  });
}
