// Issue 38 §4–5: a GoRules business table (outputs that are not decisions) opened in the studio;
// the analyst maps its `status` output to decisions in the conversion report (Approved → ALLOW,
// Declined → DENY), sees the decisions as words and the other outputs as read-only columns in
// the table view; the same file opened again gets the remembered mapping; a graph with a table
// that cannot convert is counted and named in the report's headline.
import { mkdirSync, readFileSync } from 'node:fs';
import { expect, type Page, test } from '../support/test';

const FIXTURES = 'tests/fixtures/import';
const STATUS = readFileSync(`${FIXTURES}/credit-status.jdm.json`);
const REVIEW = readFileSync(`${FIXTURES}/credit-review.jdm.json`);
const SHOTS = '/tmp/shots-s4/outputs';
mkdirSync(SHOTS, { recursive: true });

const WORDS = {
  en: {
    errors: '0 errors',
    converted: 'Converted into the new document credit-status.',
    output: 'Output',
    decisionFor: (v: string) => `Decision for ${v}`,
    apply: 'Apply to the document',
    applied: 'Applied to credit-status; this mapping is remembered for this file.',
    remembered: 'The mapping remembered for this file was applied.',
    close: 'Close report',
    tableView: 'Table view',
    allow: 'Allow',
    deny: 'Block',
    guide: 'Guide',
    tag: 'output · read-only',
    headline:
      '1 of 2 tables converted; "utilization_evaluation": hit policy COLLECT is not converted: an ERDL table decides one decision per fact (FIRST, UNIQUE, PRIORITY and ANY are converted). The tables that converted are in the new document credit-review.',
  },
  zh: {
    errors: '0 个错误',
    converted: '已转换为新文档 credit-status。',
    output: '输出列',
    decisionFor: (v: string) => `值 ${v} 的决策`,
    apply: '应用到文档',
    applied: '已应用到 credit-status；本文件的这一映射已记住。',
    remembered: '已应用为本文件记住的映射。',
    close: '关闭报告',
    tableView: '表格视图',
    allow: '放行',
    deny: '拦截',
    guide: '引导',
    tag: '输出 · 只读',
    headline:
      '2 张决策表中已转换 1 张；“utilization_evaluation”：命中策略 COLLECT 未转换：ERDL 决策表对每个事实只给出一个决策（可转换 FIRST、UNIQUE、PRIORITY 和 ANY）。已转换的决策表在新文档 credit-review 中。',
  },
} as const;

async function openFile(page: Page, name: string, buffer: Buffer) {
  await page
    .getByTestId('open-files')
    .setInputFiles({ name, mimeType: 'application/json', buffer });
}

for (const lang of ['en', 'zh'] as const) {
  const w = WORDS[lang];
  test(`${lang}: a business table's outputs mapped to decisions, shown as columns, remembered; the headline counts`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.addInitScript((l) => localStorage.setItem('erdl-studio.lang', l), lang);
    await page.goto('/');
    await expect(page.getByTestId('status-diagnostics')).toContainText(w.errors);

    // 1. The business table: every row GUIDE until the analyst maps `status`.
    await openFile(page, 'credit-status.jdm.json', STATUS);
    const report = page.getByTestId('conversion-report');
    await expect(report.getByTestId('conversion-headline')).toHaveText(w.converted);
    const mapping = report.getByTestId('output-mapping');
    await expect(mapping).toBeVisible();
    await mapping.getByLabel(w.output, { exact: true }).selectOption('status');
    // Nothing is chosen to begin with: every value is kept as an output (GUIDE).
    await expect(mapping.getByLabel(w.decisionFor('Review'))).toHaveValue('');
    await mapping.getByLabel(w.decisionFor('Approved')).selectOption('ALLOW');
    await mapping.getByLabel(w.decisionFor('Declined')).selectOption('DENY');
    await page.screenshot({ path: `${SHOTS}/1-mapping-${lang}.png` });
    await mapping.getByRole('button', { name: w.apply }).click();
    await expect(report.getByTestId('mapping-status')).toHaveText(w.applied);
    await report.getByRole('button', { name: w.close }).click();
    await expect(report).toBeHidden();

    // 2. The table view: decisions as words, the outputs as read-only columns after them.
    await page.getByRole('button', { name: w.tableView }).click();
    const grid = page.getByTestId('table-view').getByTestId('decision-grid').first();
    await expect(grid).toBeVisible();
    const decisions = grid.locator('tbody tr[data-row] td.decision-cell');
    // The word in the UI language (its code follows for assistive technology only).
    const words = [w.allow, w.allow, w.guide, w.deny, w.deny].map((x) => new RegExp(`^${x}`));
    await expect(decisions).toHaveText(words);
    const heads = grid.getByTestId('output-head');
    await expect(heads).toHaveCount(3);
    await expect(heads.first()).toContainText(w.tag);
    await expect(heads.locator('.column-label')).toHaveText(['status', 'credit_limit', 'tier']);
    const first = grid.locator('tbody tr[data-row="0"] td.output-cell');
    await expect(first).toHaveText(['Approved', '50000', 'gold']);
    // The output columns follow the decision column.
    const order = await grid
      .locator('thead th')
      .evaluateAll((ths) => ths.map((th) => (th as HTMLElement).dataset.widthKey ?? ''));
    expect(order.indexOf('out0')).toBe(order.indexOf('decision') + 1);
    // Read-only: a double-click does not open an editor there.
    await first.first().dblclick();
    await expect(grid.locator('input.grid-input')).toHaveCount(0);
    // Every column lies inside the window at 1440 px.
    const right = await grid
      .locator('thead th')
      .last()
      .evaluate((th) => th.getBoundingClientRect().right);
    expect(right).toBeLessThanOrEqual(1440);
    await page.screenshot({ path: `${SHOTS}/2-table-view-${lang}.png` });

    // 3. The same file again: the mapping it was given is remembered and applied.
    await openFile(page, 'credit-status.jdm.json', STATUS);
    await expect(report.getByTestId('mapping-status')).toHaveText(w.remembered);
    await expect(mapping.getByLabel(w.decisionFor('Approved'))).toHaveValue('ALLOW');
    await expect(mapping.getByLabel(w.decisionFor('Declined'))).toHaveValue('DENY');
    await expect(mapping.getByLabel(w.decisionFor('Review'))).toHaveValue('');
    await page.screenshot({ path: `${SHOTS}/3-remembered-${lang}.png` });
    await page.keyboard.press('Escape');
    await expect(report).toBeHidden();
    // The new document decides as remembered.
    await page.getByRole('button', { name: w.tableView }).click();
    await expect(decisions).toHaveText(words);

    // 4. A graph with a table that does not convert: the headline counts and names it.
    await openFile(page, 'credit-review.jdm.json', REVIEW);
    await expect(report.getByTestId('conversion-headline')).toHaveText(w.headline);
    await page.screenshot({ path: `${SHOTS}/4-headline-${lang}.png` });
  });
}
