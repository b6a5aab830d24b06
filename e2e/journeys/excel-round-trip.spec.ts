// Issue #38 point 1: an Excel round trip that changes nothing. The loan table exported as a
// workbook and chosen again with "Import Excel…" changes nothing; a workbook with one cell
// edited (written here with the studio's own writer) shows the cell as it was and as it becomes,
// updates the table as one edit, and Ctrl+Z restores it. English and Chinese, 1440×900.
import { mkdirSync } from 'node:fs';
import { sheetMetaRows } from '../../src/kernel/table-import/sheet-round-trip';
import { readXlsxForUpdate, writeXlsxTable } from '../../src/table-import/xlsx';
import { cell, grid, storeText } from '../support/grid';
import { exportWorkbook, openLoanIn } from '../support/open-file';
import { expect, type Page, test } from '../support/test';

const SHOTS = '/tmp/shots-s4/excel';
mkdirSync(SHOTS, { recursive: true });

const WORDS = {
  en: {
    exportXlsx: 'Export Excel',
    update: 'Import Excel…',
    noChange: 'The workbook changes nothing',
    apply: /^Update this table/,
    cancel: 'Cancel',
    counts: '0 added · 0 removed · 1 changed',
    widens: 'widens 1 row',
  },
  zh: {
    exportXlsx: '导出电子表格',
    update: '导入电子表格…',
    noChange: '工作簿不会改动任何内容',
    apply: /^更新此决策表/,
    cancel: '取消',
    counts: '新增 0 行 · 删除 0 行 · 修改 1 行',
    widens: '放宽 1 行',
  },
} as const;

const ENTRY = 'FIN-201-loan-decision';

/** Chooses a workbook with the grid's "Import Excel…" through the file chooser. */
async function chooseWorkbook(page: Page, label: string, name: string, buffer: Buffer) {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    grid(page).getByText(label, { exact: true }).click(),
  ]);
  await chooser.setFiles({
    name,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer,
  });
}

for (const lang of ['en', 'zh'] as const) {
  const W = WORDS[lang];
  test(`${lang}: export the loan table as Excel, update it from the workbook, undo`, async ({
    page,
  }) => {
    const before = await openLoanIn(page, lang);
    const { fileName, bytes: xlsx } = await exportWorkbook(page, W.exportXlsx);
    expect(fileName).toBe(`${ENTRY}.xlsx`);

    // 1. The same workbook: no change, and the document keeps its text.
    await chooseWorkbook(page, W.update, `${ENTRY}.xlsx`, xlsx);
    const dialog = page.getByTestId('update-table');
    await expect(dialog.getByTestId('update-no-change')).toContainText(W.noChange);
    await expect(dialog.getByRole('button', { name: W.apply })).toBeDisabled();
    await page.screenshot({ path: `${SHOTS}/no-change-${lang}.png` });
    await dialog.getByRole('button', { name: W.cancel }).click();
    await expect(dialog).toBeHidden();
    expect(await storeText(page)).toBe(before);

    // 2. One cell edited in the workbook (the small-loan row's amount, in the sheet's notation).
    const read = await readXlsxForUpdate(new Uint8Array(xlsx));
    if (!read.ok) throw new Error(read.message.en);
    const edited = read.grid.map((r) => [...r]);
    expect(edited[2]?.[1]).toBe('<= 20000');
    (edited[2] as string[])[1] = '<= 25,000';
    if (!read.meta) throw new Error('the exported workbook has no erdl sheet');
    const workbook = Buffer.from(await writeXlsxTable(edited, ENTRY, sheetMetaRows(read.meta)));
    await chooseWorkbook(page, W.update, `${ENTRY}-edited.xlsx`, workbook);
    await expect(dialog.getByTestId('update-counts')).toHaveText(W.counts);
    const changed = dialog.locator('tr[data-change="changed"]');
    await expect(changed).toHaveCount(1);
    await expect(changed.locator('.update-was')).toHaveText('<= 20000');
    // The separator cannot be held by the YAML: written in ERDL's notation, the typed text said.
    await expect(changed.locator('.update-becomes')).toContainText('<= 25000');
    await expect(changed.getByTestId('update-typed')).toContainText('<= 25,000');
    await expect(dialog.getByTestId('update-widenings')).toBeVisible();
    const apply = dialog.getByRole('button', { name: W.apply });
    await expect(apply).toContainText(W.widens);
    await page.screenshot({ path: `${SHOTS}/one-cell-${lang}.png` });
    await apply.click();
    await expect(dialog).toBeHidden();
    await expect(cell(page, 1, 1)).toHaveText('<= 25000');
    const updated = await storeText(page);
    expect(updated).toBe(before.replace('[lte, 20000]', '[lte, 25000]'));
    await page.screenshot({ path: `${SHOTS}/updated-${lang}.png` });

    // 3. One undo step restores the table.
    await cell(page, 0, 0).click();
    await page.keyboard.press('Control+z');
    await expect.poll(() => storeText(page)).toBe(before);
    await expect(cell(page, 1, 1)).toHaveText('<= 20000');
  });
}
