// Issue #35 §1 and §3 (ruling I-89): the Evaluate panel's fact box fails closed and keeps every
// digit. An empty box asks for a fact and shows no decision (it used to show "ALLOW · No rule
// matched"); a fact that is not a mapping is refused with its line and column, no decision; a
// number no double holds decides exactly and is shown with every digit.
import { openRefundEvaluate } from '../support/evaluate-panel';
import { expect, test } from '../support/test';

const WORDS = {
  en: {
    // It says what to write, and which fields the rules read (issue #37).
    writeFact:
      'The fact is empty: nothing is evaluated. Write the fact in YAML or JSON, or set a field below. The rules read tool.name, tool.args.amount.',
    list: 'Could not read fact: line 1, column 1: the fact is a list, not a mapping of fields',
    nullFact: 'line 2, column 7: the fact is null, not a mapping of fields',
    outOfRange: 'line 4, column 13: 1e400 is out of range',
    nodeValues: 'Node values',
    whyNot: 'is 4999.999999999999999.',
  },
  zh: {
    writeFact:
      '事实为空，未求值。请用 YAML 或 JSON 写出事实，或在下方设置字段。规则读取的字段：tool.name、tool.args.amount。',
    list: '无法读取事实：第 1 行第 1 列：事实应为字段映射（例如 {"tool": {"name": "…"}}；{} 是没有字段的事实），而不是列表',
    nullFact: '第 2 行第 7 列：事实应为字段映射',
    outOfRange: '第 4 行第 13 列：数字“1e400”超出范围',
    nodeValues: '各节点的值',
    whyNot: '的值为 4999.999999999999999。',
  },
} as const;

const SHOTS = '/tmp/shots-facts';

for (const lang of ['en', 'zh'] as const) {
  const w = WORDS[lang];

  test(`${lang}: an empty fact box asks for a fact and shows no decision`, async ({ page }) => {
    await openRefundEvaluate(page, lang);
    const evaluation = page.getByTestId('evaluation');
    for (const fact of ['', '   \n\n', '# the fact goes here\n']) {
      await page.getByTestId('fact-input').fill(fact);
      await expect(page.getByTestId('fact-empty')).toHaveText(w.writeFact);
      await expect(evaluation.getByTestId('decision')).toHaveCount(0);
      await expect(evaluation).not.toContainText('ALLOW');
      await expect(evaluation.getByRole('alert')).toHaveCount(0);
    }
    await evaluation.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/empty-${lang}.png` });

    // Writing a fact evaluates it again.
    await page.getByTestId('fact-input').fill('{}');
    await expect(page.getByTestId('decision')).toContainText('ALLOW');
    await expect(page.getByTestId('fact-empty')).toHaveCount(0);
  });

  test(`${lang}: a fact that is not a mapping is refused with its position, no decision`, async ({
    page,
  }) => {
    await openRefundEvaluate(page, lang);
    const evaluation = page.getByTestId('evaluation');
    await page.getByTestId('fact-input').fill('[1, 2]');
    const alert = evaluation.getByTestId('input-error');
    await expect(alert).toContainText(w.list);
    await expect(evaluation.getByTestId('decision')).toHaveCount(0);
    await evaluation.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/list-${lang}.png` });

    await page.getByTestId('fact-input').fill('# wrapped, with nothing inside\nfact: null\n');
    await expect(alert).toContainText(w.nullFact);
    await expect(evaluation.getByTestId('decision')).toHaveCount(0);

    await page
      .getByTestId('fact-input')
      .fill('tool:\n  name: issue_refund\n  args:\n    amount: 1e400\n');
    await expect(alert).toContainText(w.outOfRange);
    await expect(alert).not.toContainText('Infinity');
    await expect(evaluation.getByTestId('decision')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/out-of-range-${lang}.png` });
  });

  test(`${lang}: a number no double holds decides exactly and is shown with every digit`, async ({
    page,
  }) => {
    await openRefundEvaluate(page, lang);
    // 5000.00000000000001 is over 5000 (a double reads 5000): a human must approve.
    await page
      .getByTestId('fact-input')
      .fill('tool:\n  name: issue_refund\n  args:\n    amount: 5000.00000000000001\n');
    await expect(page.getByTestId('decision')).toContainText('REQUEST_HUMAN');
    const step = page.locator('[data-testid="trace"] [data-rule="SEC-001-refund-limit"]');
    await step.getByText(w.nodeValues).click();
    await expect(step.locator('.trace-tree').first()).toContainText(
      'field tool.args.amount = 5000.00000000000001',
    );
    await step.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/exact-trace-${lang}.png` });

    // Just under 5000: not over the limit, and the why-not says so with every digit.
    await page
      .getByTestId('fact-input')
      .fill('tool:\n  name: issue_refund\n  args:\n    amount: 4999.999999999999999\n');
    await expect(page.getByTestId('decision')).toContainText('ALLOW');
    await expect(step.getByTestId('failed-reason')).toContainText(w.whyNot);
    await step.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/exact-why-${lang}.png` });
  });
}
