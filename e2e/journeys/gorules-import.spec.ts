// Issue #38 §3: a real GoRules graph (gorules/zen test-data, tests/fixtures/gorules) whose cells
// are single-quoted strings ('dormant', 'premium') and whose outputs are quoted ('at_risk'), opened
// with the studio's "Open files…" button through the file chooser, converts: the cells compare with
// the words, the outputs read unquoted, and the report names the nodes that feed each table.
// English and Chinese.
import { mkdirSync, readFileSync } from 'node:fs';
import { documents, openStudio, openWithChooser } from '../support/open-file';
import { expect, test } from '../support/test';

const FILE = 'graphs__account-dormancy-management.json';
const GRAPH = readFileSync(`tests/fixtures/gorules/${FILE}`);
const SHOTS = '/tmp/shots-s4/gorules';

const WORDS = {
  en: {
    errors: '0 errors',
    open: 'Open files…',
    title: `Conversion report: ${FILE}`,
    chain: 'the table reads the output of "calculate_dormancy (expressionNode)" in GoRules',
    close: 'Close report',
    table: 'Table',
  },
  zh: {
    errors: '0 个错误',
    open: '打开文件…',
    title: `转换报告：${FILE}`,
    chain: '在 GoRules 中该表读取“calculate_dormancy (expressionNode)”的输出',
    close: '关闭报告',
    table: '决策表',
  },
} as const;

for (const lang of ['en', 'zh'] as const) {
  const w = WORDS[lang];
  test(`${lang}: a GoRules graph with quoted strings opens converted`, async ({ page }) => {
    mkdirSync(SHOTS, { recursive: true });
    const before = await openStudio(page, lang, w.errors);

    await openWithChooser(page, w.open, {
      name: FILE,
      mimeType: 'application/json',
      buffer: GRAPH,
    });
    await expect.poll(async () => (await documents(page)).length).toBe(before + 1);

    // Both tables convert (no error in the report); the chain of nodes is named.
    const report = page.getByTestId('conversion-report');
    await expect(report.getByRole('heading', { name: w.title })).toBeVisible();
    await expect(report.locator('[data-level="error"]')).toHaveCount(0);
    await expect(report).toContainText(w.chain);
    const text = (await documents(page)).at(-1)?.text ?? '';
    // 'dormant' and 'premium' are compared as words; 'at_risk' is given without GoRules' quotes.
    expect(text).toContain('- when: [[eq, "dormant"], [eq, "premium"]]');
    expect(text).toContain('message: "dormancyStatus: at_risk"');
    expect(text).not.toContain("'");
    await expect(page.getByTestId('status-diagnostics')).toContainText(w.errors);
    await page.screenshot({ path: `${SHOTS}/report-${lang}.png` });
    await report.getByRole('button', { name: w.close }).click();
    await expect(report).toBeHidden();

    // The second table in the table view: its cells show the words.
    await page.getByRole('tab', { name: w.table }).click();
    const grid = page.locator(
      '[data-testid="decision-grid"][data-entry="IMP-002-determine_action"]',
    );
    await grid.scrollIntoViewIfNeeded();
    await expect(grid).toBeVisible();
    await expect(grid.locator('tbody tr')).toHaveCount(5);
    await expect(grid.locator('tbody tr').first()).toContainText('dormant');
    await expect(grid.locator('tbody tr').first()).toContainText('premium');
    await page.screenshot({ path: `${SHOTS}/table-${lang}.png` });
  });
}
