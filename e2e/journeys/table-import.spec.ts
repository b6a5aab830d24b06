// Issue #15 point 5: a decision table from another tool (DMN, GoRules JDM) opened in the studio
// becomes a new document with the table, and its conversion report is shown in the UI language.
import { readFileSync } from 'node:fs';
import { openLoan } from '../support/grid';
import { expect, type Page, test } from '../support/test';

interface Hook {
  store: {
    getState(): {
      activeId: string | null;
      order: string[];
      documents: Record<string, { name: string; text: string }>;
    };
  };
}

const FIXTURES = 'tests/fixtures/import';
const DISH = readFileSync(`${FIXTURES}/dish-guard.dmn`);
const DISH_UNIQUE = readFileSync(`${FIXTURES}/dish-unique.dmn`);
const LOAN = readFileSync(`${FIXTURES}/loan-guard.jdm.json`);

const WORDS = {
  en: {
    errors: '0 errors',
    title: 'Conversion report: dish-guard.dmn',
    converted: 'Converted into the new document dish-guard.',
    firstNote: 'hit policy FIRST: rows keep their order (first match)',
    collect: 'hit policy COLLECT is not converted',
    notConverted: 'Not converted',
    jdmTitle: 'Conversion report: loan-guard.jdm.json',
    scoring: 'node "Scoring" (functionNode) is not converted (only decision tables are)',
    close: 'Close report',
  },
  zh: {
    errors: '0 个错误',
    title: '转换报告：dish-guard.dmn',
    converted: '已转换为新文档 dish-guard。',
    firstNote: '命中策略 FIRST：保持行序（取首个匹配）',
    collect: '命中策略 COLLECT 未转换',
    notConverted: '未转换',
    jdmTitle: '转换报告：loan-guard.jdm.json',
    scoring: '节点“Scoring”（functionNode）未转换（只转换决策表）',
    close: '关闭报告',
  },
} as const;

async function open(page: Page, lang: 'en' | 'zh') {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.addInitScript((l) => localStorage.setItem('erdl-studio.lang', l), lang);
  await page.goto('/');
  await expect(page.getByTestId('status-diagnostics')).toContainText(WORDS[lang].errors);
}

function workspace(page: Page) {
  return page.evaluate(() => {
    const s = (globalThis as unknown as { __ERDL_STUDIO__: Hook }).__ERDL_STUDIO__.store.getState();
    return {
      active: s.activeId,
      documents: s.order.map((id) => ({
        id,
        name: s.documents[id]!.name,
        text: s.documents[id]!.text,
      })),
    };
  });
}

for (const lang of ['en', 'zh'] as const) {
  const w = WORDS[lang];

  test(`${lang}: opening a DMN file adds a document with the table and shows the report`, async ({
    page,
  }) => {
    await open(page, lang);
    const before = await workspace(page);
    await page
      .getByTestId('open-files')
      .setInputFiles({ name: 'dish-guard.dmn', mimeType: 'application/xml', buffer: DISH });
    await expect
      .poll(async () => (await workspace(page)).documents.length)
      .toBe(before.documents.length + 1);
    const after = await workspace(page);
    const added = after.documents.find((d) => !before.documents.some((b) => b.id === d.id))!;
    expect(added.name).toBe('dish-guard');
    expect(after.active).toBe(added.id);
    expect(added.text).toContain('kind: decision_table');
    expect(added.text).toContain('field: "context.season"');
    const report = page.getByTestId('conversion-report');
    await expect(report.getByRole('heading', { name: w.title })).toBeVisible();
    await expect(report).toContainText(w.converted);
    await expect(report).toContainText(w.firstNote);
    // The imported document compiles without errors.
    await expect(page.getByTestId('status-diagnostics')).toContainText(w.errors);
    await page.screenshot({ path: `/tmp/table-import-dmn-${lang}.png` });
    await report.getByRole('button', { name: w.close }).click();
    await expect(report).toBeHidden();
  });

  test(`${lang}: what is not converted is named in the report`, async ({ page }) => {
    await open(page, lang);
    await page
      .getByTestId('open-files')
      .setInputFiles({ name: 'dish-unique.dmn', mimeType: 'application/xml', buffer: DISH_UNIQUE });
    const report = page.getByTestId('conversion-report');
    await expect(report).toContainText(w.collect);
    await expect(report.locator('[data-level="error"]').first()).toContainText(w.notConverted);
    await page
      .getByTestId('open-files')
      .setInputFiles({ name: 'loan-guard.jdm.json', mimeType: 'application/json', buffer: LOAN });
    await expect(report.getByRole('heading', { name: w.jdmTitle })).toBeVisible();
    await expect(report).toContainText(w.scoring);
    await page.screenshot({ path: `/tmp/table-import-jdm-${lang}.png` });
  });
}

test('Export Excel from the grid, open the workbook, choose New document: the same table comes back', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.addInitScript(() => localStorage.setItem('erdl-studio.lang', 'en'));
  await openLoan(page);
  const entry = 'FIN-201-loan-decision';
  const gridOf = (e: string) => page.locator(`[data-testid="decision-grid"][data-entry="${e}"]`);
  const original = await gridOf(entry).locator('tbody tr').allInnerTexts();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    gridOf(entry).getByRole('button', { name: 'Export Excel' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${entry}.xlsx`);
  const xlsx = Buffer.concat(await (await download.createReadStream()).toArray());
  const before = await workspace(page);
  await page.getByTestId('open-files').setInputFiles({
    name: `${entry}.xlsx`,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: xlsx,
  });
  // The workbook names the open table: Update this table (it changes nothing) or New document.
  const update = page.getByTestId('update-table');
  await expect(update).toContainText('The workbook changes nothing');
  await update.getByRole('button', { name: 'New document' }).click();
  await expect
    .poll(async () => (await workspace(page)).documents.length)
    .toBe(before.documents.length + 1);
  await expect(page.getByTestId('conversion-report')).toContainText(
    `Converted into the new document ${entry}.`,
  );
  await page.evaluate(() =>
    (
      globalThis as unknown as {
        __ERDL_STUDIO__: { store: { getState(): { setPanel(p: string): void } } };
      }
    ).__ERDL_STUDIO__.store
      .getState()
      .setPanel('table'),
  );
  // The same cells, row for row, in the imported document's grid.
  await expect(gridOf(entry)).toBeVisible();
  const texts = await gridOf(entry).locator('tbody tr').allInnerTexts();
  expect(texts.length).toBeGreaterThan(3);
  expect(texts).toEqual(original);
  await page.screenshot({ path: '/tmp/table-import-xlsx-en.png' });
});
