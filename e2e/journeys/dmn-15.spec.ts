// Issue #38 §2: a DMN 1.5 model as the DMN TCK publishes it, opened with the studio's Open button,
// converts (it was refused as "not a DMN model"); its table, exported as DMN 1.5 from the menu that
// Export DMN opens, is a DMN 1.5 file that opens again to the same table. English and Chinese.
import { mkdirSync, readFileSync } from 'node:fs';
import { documents, openStudio } from '../support/open-file';
import { expect, test } from '../support/test';

const TCK = 'tests/fixtures/dmn/tck/compliance-level-2/0004-simpletable-U/0004-simpletable-U.dmn';
const MODEL = readFileSync(TCK);
const SHOTS = '/tmp/shots-s4/dmn';
const DMN15 = 'https://www.omg.org/spec/DMN/20230324/MODEL/';

const WORDS = {
  en: {
    errors: '0 errors',
    title: 'Conversion report: 0004-simpletable-U.dmn',
    read15: 'DMN 1.5 read with the DMN 1.3 model',
    close: 'Close report',
    table: 'Table',
    exportDmn: 'Export DMN',
    version: 'DMN version of the export',
  },
  zh: {
    errors: '0 个错误',
    title: '转换报告：0004-simpletable-U.dmn',
    read15: '以 DMN 1.3 模型读取 DMN 1.5 文件',
    close: '关闭报告',
    table: '决策表',
    exportDmn: '导出 DMN',
    version: '导出的 DMN 版本',
  },
} as const;

for (const lang of ['en', 'zh'] as const) {
  const w = WORDS[lang];
  test(`${lang}: a DMN 1.5 TCK model opens converted and exports again as DMN 1.5`, async ({
    page,
  }) => {
    mkdirSync(SHOTS, { recursive: true });
    const before = await openStudio(page, lang, w.errors);

    // Open the model as published: it converts, and the report says it was read as DMN 1.5.
    await page.getByTestId('open-files').setInputFiles({
      name: '0004-simpletable-U.dmn',
      mimeType: 'application/xml',
      buffer: MODEL,
    });
    await expect.poll(async () => (await documents(page)).length).toBe(before + 1);
    const report = page.getByTestId('conversion-report');
    await expect(report.getByRole('heading', { name: w.title })).toBeVisible();
    await expect(report).toContainText(w.read15);
    await expect(report.locator('[data-level="error"]')).toHaveCount(0);
    const added = (await documents(page)).at(-1);
    expect(added?.name).toBe('0004-simpletable-U');
    expect(added?.text).toContain('message: "Approval Status: Approved"');
    await expect(page.getByTestId('status-diagnostics')).toContainText(w.errors);
    await page.screenshot({ path: `${SHOTS}/import-report-${lang}.png` });
    await report.getByRole('button', { name: w.close }).click();
    await expect(report).toBeHidden();

    // The table view: Export DMN opens the versions (1.3 first); pick DMN 1.5.
    await page.getByRole('tab', { name: w.table }).click();
    const grid = page.locator(
      '[data-testid="decision-grid"][data-entry="IMP-001-approval-status"]',
    );
    await expect(grid).toBeVisible();
    const rows = await grid.locator('tbody tr').allInnerTexts();
    expect(rows.length).toBeGreaterThanOrEqual(4);
    const exportDmn = grid.locator('summary', { hasText: w.exportDmn });
    // Whole inside the table's toolbar.
    const [summary, bar] = await Promise.all([
      exportDmn.boundingBox(),
      grid.getByRole('toolbar').boundingBox(),
    ]);
    expect(summary && bar && summary.x + summary.width <= bar.x + bar.width + 0.5).toBe(true);
    await exportDmn.click();
    const versions = grid.getByRole('group', { name: w.version });
    await expect(versions.getByRole('button')).toHaveText(['DMN 1.3', 'DMN 1.5']);
    await page.screenshot({ path: `${SHOTS}/export-choice-${lang}.png` });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      versions.getByRole('button', { name: 'DMN 1.5' }).click(),
    ]);
    await expect(versions).toBeHidden();
    expect(download.suggestedFilename()).toBe('IMP-001-approval-status.dmn');
    const xml = Buffer.concat(await (await download.createReadStream()).toArray());
    expect(xml.toString('utf8')).toContain(`xmlns="${DMN15}"`);

    // The exported file opens again, read as DMN 1.5, to the same rows: the same cells, decisions
    // and messages (the table's `rows:`), shown in its grid.
    await page.getByTestId('open-files').setInputFiles({
      name: 'IMP-001-approval-status.dmn',
      mimeType: 'application/xml',
      buffer: xml,
    });
    await expect.poll(async () => (await documents(page)).length).toBe(before + 2);
    await expect(report).toContainText(w.read15);
    await expect(report.locator('[data-level="error"]')).toHaveCount(0);
    await report.getByRole('button', { name: w.close }).click();
    const all = await documents(page);
    const rowsOf = (text: string | undefined) => text?.slice(text.indexOf('      rows:'));
    expect(rowsOf(all.at(-1)?.text)).toBe(rowsOf(all.at(-2)?.text));
    await page.getByRole('tab', { name: w.table }).click();
    const again = page.locator('[data-testid="decision-grid"]').first();
    await expect(again).toBeVisible();
    // Row for row the same cells, decisions and outputs (the outputs as their own columns again);
    // only the entry's name differs (the exported decision's name, imported anew).
    const unnamed = (texts: string[]) =>
      texts.map((r) => r.replace(/IMP-001-(?:imp-001-)?approval-status/g, 'ENTRY'));
    expect(unnamed(await again.locator('tbody tr').allInnerTexts())).toEqual(unnamed(rows));
    await page.screenshot({ path: `${SHOTS}/reimported-${lang}.png` });
  });
}
