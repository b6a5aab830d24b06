import { readFileSync } from 'node:fs';
import { cell, grid, type Hook, openLoan, pasteIntoGrid, rowCount } from '../support/grid';
import { expect, type Page, test } from '../support/test';

/**
 * Issue #15 "Done when": the analyst's journey on the loan table at 1440×900, in English and
 * Chinese — widen to the table view, edit a cell with the keyboard, paste two rows from a
 * spreadsheet through the paste preview, read a finding sentence, add the row the uncovered-inputs
 * band suggests, export to .xlsx and import it back as the identical table (same canonical hash),
 * then import a real third-party DMN file and read its conversion report. A screenshot per step.
 */

const DINNER = readFileSync('tests/fixtures/dmn/third-party/camunda-examples-dinner-decisions.dmn');

const TEXT = {
  en: {
    tableView: 'Table view',
    hideYaml: 'Hide the YAML',
    apply: 'Apply paste',
    confirm: 'I confirm',
    neverFires: 'Never fires: every input it matches is matched first by row 3.',
    goesTo: 'go to row 3 (REQUEST_HUMAN).',
    deleteRow: 'Delete row',
    // The band's contract of issue 36 §5 (ruling I-93): what decides these inputs — the loan
    // document's fallback DENY, blocking, so a note and not a warning — and the region said as a
    // range with an example, every amount included.
    outcome:
      'No row of this table matches these inputs, and it has no default row: the document’s fallback decision DENY (block) decides them.',
    gap: 'These inputs reach no row: credit score strictly between 699 and 700 (such as 699.5), loan amount any value.',
    offGrid:
      'Only a credit score that is not a whole number falls in this range: every credit score the table compares with is whole.',
    add: 'Add a row for these inputs',
    exportXlsx: 'Export Excel',
    noChange: 'The workbook changes nothing: every row reads as the table has it now.',
    newDocument: 'New document',
    converted: 'Converted into the new document',
    dinnerTitle: 'Conversion report: camunda-examples-dinner-decisions.dmn',
    collect: 'hit policy COLLECT is not converted',
    guidance: 'each rule decides GUIDE',
    dmn11: 'DMN 1.1 read with the DMN 1.3 model',
  },
  zh: {
    tableView: '表格视图',
    hideYaml: '隐藏 YAML',
    apply: '应用粘贴',
    confirm: '我确认',
    neverFires: '永不触发：它匹配的每个输入都先被第 3 行匹配。',
    goesTo: '由第 3 行（REQUEST_HUMAN）决策。',
    deleteRow: '删除行',
    outcome:
      '该表没有任何行匹配这些输入，也没有默认行：这些输入由文档的兜底决策 DENY（拦截）决定。',
    gap: '以下输入没有匹配的行：信用评分介于 699 与 700 之间（不含两端，如 699.5）、贷款金额为任意值。',
    offGrid: '只有非整数的信用评分会落入此范围：表中与信用评分比较的值都是整数。',
    add: '为这些输入添加一行',
    exportXlsx: '导出电子表格',
    noChange: '工作簿不会改动任何内容：每一行的读取结果都与决策表现有内容相同。',
    newDocument: '新建文档',
    converted: '已转换为新文档',
    dinnerTitle: '转换报告：camunda-examples-dinner-decisions.dmn',
    collect: '命中策略 COLLECT 未转换',
    guidance: '每条规则的决策为 GUIDE',
    dmn11: '以 DMN 1.3 模型读取 DMN 1.1 文件',
  },
} as const;

const ENTRY = 'FIN-201-loan-decision';

async function shot(page: Page, lang: string, step: string) {
  await page.screenshot({ path: `/tmp/analyst-${lang}-${step}.png` });
}

/** The document hash of document `id` once its analysis is about its current text. */
function documentHash(page: Page, id: string): Promise<string | null> {
  return page.evaluate((docId) => {
    const s = (
      globalThis as unknown as {
        __ERDL_STUDIO__: {
          store: {
            getState(): {
              documents: Record<string, { text: string }>;
              analyses: Record<string, { text: string; analysis: { documentHash: string | null } }>;
            };
          };
        };
      }
    ).__ERDL_STUDIO__.store.getState();
    const entry = s.analyses[docId];
    return entry && entry.text === s.documents[docId]?.text ? entry.analysis.documentHash : null;
  }, id);
}

const state = (page: Page) =>
  page.evaluate(() => {
    const s = (globalThis as unknown as { __ERDL_STUDIO__: Hook }).__ERDL_STUDIO__.store.getState();
    return { active: s.activeId, order: s.order };
  });

for (const lang of ['en', 'zh'] as const) {
  const T = TEXT[lang];
  test(`${lang}: the analyst's journey through the loan table`, async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.addInitScript((l) => localStorage.setItem('erdl-studio.lang', l), lang);
    await openLoan(page);
    const loanId = (await state(page)).active as string;

    // 1. The table view: the grid takes the full width.
    await page.getByRole('button', { name: T.tableView }).click();
    await expect(page.getByTestId('table-view').getByTestId('decision-grid')).toBeVisible();
    // The YAML folds away: the table has the screen.
    await page.getByRole('button', { name: T.hideYaml }).click();
    await expect(page.locator('#yaml-editor-host')).toBeHidden();
    await shot(page, lang, '1-table-view');

    // 2. A cell edited with the keyboard: row 4's amount, typed over, Enter.
    await cell(page, 3, 1).click();
    await page.keyboard.type('<= 6000');
    await page.keyboard.press('Enter');
    await expect(cell(page, 3, 1)).toHaveText('<= 6000');
    await shot(page, lang, '2-keyboard-edit');

    // 3. Two rows pasted from a spreadsheet onto the default row: the preview, confirm, apply.
    await cell(page, 4, 0).click();
    await pasteIntoGrid(page, 'between [580, 699]\t> 6000\tNOTIFY\n>= 800\t> 50000\tALLOW\n');
    const preview = grid(page).getByTestId('paste-preview');
    await expect(preview).toBeVisible();
    await shot(page, lang, '3-paste-preview');
    await preview.getByLabel(T.confirm).check();
    await preview.getByRole('button', { name: T.apply }).click();
    await expect.poll(() => rowCount(page)).toBe(7);
    await expect(cell(page, 4, 0)).toHaveText('between [580, 699]');
    await expect(cell(page, 5, 1)).toHaveText('> 50000');

    // 4. A finding in plain words: the pasted row 6 never fires, with its counterexample (its
    // findings marker opens them under the row).
    await grid(page).locator('tr[data-row="5"] [data-testid="findings-marker"]').click();
    const sentence = grid(page)
      .locator('tr[data-findings-of="5"] .finding-sentence')
      .filter({ hasText: T.neverFires });
    await expect(sentence).toContainText(T.neverFires);
    await expect(sentence).toContainText(T.goesTo);
    await sentence.scrollIntoViewIfNeeded();
    await shot(page, lang, '4-finding');

    // 5. Without the default row, the band says the document's fallback DENY decides the inputs
    // no row matches and names them (699 < score < 700, any amount); its button adds
    // the row covering exactly them (fail-closed), and the band goes away.
    await cell(page, 6, 0).click();
    await grid(page).getByRole('button', { name: T.deleteRow, exact: true }).click();
    await expect.poll(() => rowCount(page)).toBe(6);
    const band = grid(page).getByTestId('uncovered-band');
    await expect(band.getByTestId('uncovered-region')).toHaveCount(1);
    await expect(band.getByTestId('uncovered-outcome')).toHaveText(T.outcome);
    await expect(band).toHaveAttribute('data-warning', 'false');
    await expect(band.getByTestId('uncovered-region')).toContainText(T.gap);
    await expect(band.getByTestId('uncovered-region')).toContainText(T.offGrid);
    await band.scrollIntoViewIfNeeded();
    await shot(page, lang, '5-band');
    await band.getByRole('button', { name: T.add }).click();
    await expect.poll(() => rowCount(page)).toBe(7);
    await expect(band).toHaveCount(0);
    await expect(cell(page, 6, 0)).toHaveText('> 699');
    await expect(cell(page, 6, 2)).toContainText('DENY');
    await shot(page, lang, '5-band-row-added');

    // 6. Export to .xlsx and import it back: the identical table (same canonical hash).
    await expect.poll(() => documentHash(page, loanId)).not.toBeNull();
    const hash = await documentHash(page, loanId);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      grid(page).getByRole('button', { name: T.exportXlsx }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${ENTRY}.xlsx`);
    const xlsx = Buffer.concat(await (await download.createReadStream()).toArray());
    const before = (await state(page)).order.length;
    await page.getByTestId('open-files').setInputFiles({
      name: `${ENTRY}.xlsx`,
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: xlsx,
    });
    // The workbook names this open table: the studio offers to update it, and it changes nothing.
    const update = page.getByTestId('update-table');
    await expect(update).toContainText(T.noChange);
    await update.getByRole('button', { name: T.newDocument }).click();
    await expect.poll(async () => (await state(page)).order.length).toBe(before + 1);
    const report = page.getByTestId('conversion-report');
    await expect(report).toContainText(T.converted);
    const importedId = (await state(page)).order.at(-1) as string;
    await expect.poll(() => documentHash(page, importedId)).toBe(hash);
    await shot(page, lang, '6-xlsx-round-trip');

    // 7. A real DMN file (Camunda's dinner decisions) and its conversion report.
    await page.getByTestId('open-files').setInputFiles({
      name: 'camunda-examples-dinner-decisions.dmn',
      mimeType: 'application/xml',
      buffer: DINNER,
    });
    await expect(report).toHaveAttribute('aria-label', T.dinnerTitle);
    await expect(report).toContainText(T.dmn11);
    await expect(report).toContainText(T.collect);
    await expect(report).toContainText(T.guidance);
    await shot(page, lang, '7-dmn-report');
  });
}
