// Issue #40 point 1: the Evaluate panel renders the kernel's explanation (explainEvaluation) — the
// same data `erdl eval --explain` prints. A developer evaluates a fact, reads why each rule did not
// match (a type mismatch, a field the fact lacks, a table row's column label, a limit that failed a
// rule closed), in English and in Chinese. Screenshots go to $EXPLAIN_SHOTS (default /tmp).
import { expectAmountAsString, openEvaluate } from '../support/evaluate-panel';
import { expect, test } from '../support/test';

const SHOTS = process.env.EXPLAIN_SHOTS ?? '/tmp';

const WORDS = {
  en: { nodeValues: 'Node values' },
  zh: { nodeValues: '各节点的值' },
} as const;

for (const lang of ['en', 'zh'] as const) {
  test(`${lang}: why a rule did not match, from the kernel's explanation`, async ({ page }) => {
    await openEvaluate(page, lang, 'refund-guard');
    await page
      .getByTestId('fact-input')
      .fill('fact:\n  tool:\n    name: "issue_refund"\n    args: { amount: "3000" }\n');
    await expect(page.getByTestId('decision')).toContainText('ALLOW');
    const step = page.locator('[data-testid="trace"] [data-rule="SEC-001-refund-limit"]');
    await expect(step.getByTestId('failed-condition').locator('div').first()).toHaveText(
      lang === 'en'
        ? 'Failed at: the amount is greater than 5,000.'
        : '未满足的条件：金额超过 5,000。',
    );
    await expectAmountAsString(page, step, lang);
    await step.getByText(WORDS[lang].nodeValues).click();
    await expect(step.locator('.trace-tree').first()).toContainText(
      'field tool.args.amount = "3000"',
    );
    await page.getByTestId('evaluation').scrollIntoViewIfNeeded();
    await page
      .getByTestId('evaluation')
      .screenshot({ path: `${SHOTS}/explain-mismatch-${lang}.png` });

    // Without the field, the reason says it is not in the fact.
    await page
      .getByTestId('fact-input')
      .fill('fact:\n  tool:\n    name: "issue_refund"\n    args: { order_id: "O1" }\n');
    await expect(step.getByTestId('failed-reason')).toHaveText(
      lang === 'en' ? 'The amount is not in the fact.' : '事实中没有金额。',
    );
    await page
      .getByTestId('evaluation')
      .screenshot({ path: `${SHOTS}/explain-missing-${lang}.png` });
  });

  test(`${lang}: a table row's why-not names its column label`, async ({ page }) => {
    await openEvaluate(page, lang, 'loan-decision');
    await page.getByTestId('fact-input').fill('context: { credit_score: 640, amount: 9000 }\n');
    await expect(page.getByTestId('decision')).toContainText('DENY');
    const row = page.locator(
      '[data-testid="trace"] [data-rule="FIN-201-loan-decision#fair-small-loan"]',
    );
    await expect(row.getByTestId('failed-condition').locator('div').first()).toContainText(
      lang === 'en' ? 'loan amount' : '贷款金额',
    );
    await expect(row.getByTestId('failed-reason')).toHaveText(
      lang === 'en' ? 'Loan amount is 9000.' : '贷款金额的值为 9000。',
    );
    await page.getByTestId('evaluation').screenshot({ path: `${SHOTS}/explain-table-${lang}.png` });
  });

  test(`${lang}: a limit fails a rule closed, and the headline and the why-not say so`, async ({
    page,
  }) => {
    await openEvaluate(page, lang, 'coding-agent-guard');
    const path = `/workspace/${'a'.repeat(10_001 - '/workspace/'.length)}`;
    await page
      .getByTestId('fact-input')
      .fill(`fact:\n  tool:\n    name: "read_file"\n    args:\n      path: "${path}"\n`);
    await expect(page.getByTestId('decision-headline')).toHaveText(
      lang === 'en'
        ? 'SEC-103-read-secrets failed closed: the match input has 10001 characters, over the limit of 10000. Its decision DENY applies (E12).'
        : 'SEC-103-read-secrets 失败关闭：match 的输入有 10001 个字符，超过上限 10000。采用其决策 DENY（E12）。',
    );
    const step = page.locator('[data-testid="trace"] [data-status="error_fail_closed"]');
    await expect(step.getByTestId('failed-reason')).toHaveText(
      lang === 'en'
        ? 'Not evaluated: the match input has 10001 characters, over the limit of 10000. The rule failed closed: its decision DENY applies (E12).'
        : '未求值：match 的输入有 10001 个字符，超过上限 10000。规则失败关闭：采用其决策 DENY（E12）。',
    );
    await page.getByTestId('evaluation').screenshot({ path: `${SHOTS}/explain-limit-${lang}.png` });
  });
}
