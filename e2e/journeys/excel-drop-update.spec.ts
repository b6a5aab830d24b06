// Issue #38 point 1, the document list's entry: the loan table exported as Excel, one cell edited
// in the workbook (written here with the studio's own writer, as Excel would save it), dropped on
// the document list while another document is open — the studio recognises the table by the
// workbook's erdl sheet and offers "Update this table" beside "New document", the grid's dialog.
// A cell typed in a notation ERDL cannot hold (≥ 720) is shown as written (>= 720) with the
// reason; a cell typed in one it can (<= 30000) is applied, and the grid shows it as typed. The
// same workbook chosen with Open files… offers the same dialog. English and Chinese, 1440×900.
import { closeSync, ftruncateSync, mkdirSync, openSync } from 'node:fs';
import { sheetMetaRows } from '../../src/kernel/table-import/sheet-round-trip';
import { readXlsxForUpdate, writeXlsxTable } from '../../src/table-import/xlsx';
import { cell, grid, type Hook, storeText } from '../support/grid';
import {
  documents,
  dropOnDocumentList,
  exportWorkbook,
  openLoanIn,
  openWithChooser,
} from '../support/open-file';
import { expect, type Page, test } from '../support/test';

const SHOTS = '/tmp/shots-s5/excel-drop';
mkdirSync(SHOTS, { recursive: true });

const ENTRY = 'FIN-201-loan-decision';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const WORDS = {
  en: {
    exportXlsx: 'Export Excel',
    open: 'Open files…',
    title: `Update “${ENTRY}” from ${ENTRY}-edited.xlsx`,
    counts: '0 added · 0 removed · 1 changed',
    inDocument:
      'The table is in the document “loan-decision-table”, which is shown once it is updated.',
    typed: 'typed ≥ 720; a comparison is written =, !=, <, <=, > or >= and the value, with a space',
    apply: /^Update this table/,
    newDocument: 'New document',
    cancel: 'Cancel',
    updated: `Updated “${ENTRY}” from ${ENTRY}-edited.xlsx.`,
  },
  zh: {
    exportXlsx: '导出电子表格',
    open: '打开文件…',
    title: `用 ${ENTRY}-edited.xlsx 更新“${ENTRY}”`,
    counts: '新增 0 行 · 删除 0 行 · 修改 1 行',
    inDocument: '该决策表位于文档“loan-decision-table”中，更新后将显示该文档。',
    typed: '输入为 ≥ 720；比较写作 =、!=、<、<=、> 或 >= 加空格再加值',
    apply: /^更新此决策表/,
    newDocument: '新建文档',
    cancel: '取消',
    updated: `已用 ${ENTRY}-edited.xlsx 更新“${ENTRY}”。`,
  },
} as const;

/** The exported workbook with the cell at sheet row `row`, column `column` typed as `typed`. */
async function edited(xlsx: Buffer, row: number, column: number, was: string, typed: string) {
  const read = await readXlsxForUpdate(new Uint8Array(xlsx));
  if (!read.ok || !read.meta) throw new Error('the exported workbook has no erdl sheet');
  const sheet = read.grid.map((r) => [...r]);
  expect(sheet[row]?.[column]).toBe(was);
  (sheet[row] as string[])[column] = typed;
  return {
    name: `${ENTRY}-edited.xlsx`,
    mimeType: XLSX,
    buffer: Buffer.from(await writeXlsxTable(sheet, ENTRY, sheetMetaRows(read.meta))),
  };
}

/** Makes another document than the loan example the active one (the Table panel stays). */
async function openAnotherDocument(page: Page) {
  await page.evaluate(() => {
    const { store } = (globalThis as unknown as { __ERDL_STUDIO__: Hook }).__ERDL_STUDIO__;
    const s = store.getState();
    const other = s.order.find((d) => !s.documents[d]?.name.includes('loan'));
    if (other) s.setActive(other);
  });
}

for (const lang of ['en', 'zh'] as const) {
  const W = WORDS[lang];
  test(`${lang}: a workbook dropped on the document list updates the table it was exported from`, async ({
    page,
  }) => {
    const before = await openLoanIn(page, lang);
    const xlsx = (await exportWorkbook(page, W.exportXlsx)).bytes;
    const count = (await documents(page)).length;
    await openAnotherDocument(page);

    // 1. The score typed "≥ 720": ERDL writes ">= 720", and the preview says why.
    await dropOnDocumentList(page, await edited(xlsx, 2, 0, '>= 700', '≥ 720'));
    const dialog = page.getByTestId('update-table');
    await expect(dialog.getByRole('heading')).toHaveText(W.title);
    await expect(dialog.getByTestId('update-document')).toHaveText(W.inDocument);
    await expect(dialog.getByTestId('update-counts')).toHaveText(W.counts);
    const changed = dialog.locator('tr[data-change="changed"]');
    await expect(changed).toHaveCount(1);
    await expect(changed.locator('.update-was')).toHaveText('>= 700');
    await expect(changed.locator('.update-becomes')).toContainText('>= 720');
    await expect(changed.getByTestId('update-typed')).toHaveText(W.typed);
    await expect(dialog.getByRole('button', { name: W.newDocument })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/typed-notation-${lang}.png` });
    await dialog.getByRole('button', { name: W.cancel }).click();
    await expect(dialog).toBeHidden();
    expect((await documents(page)).length).toBe(count);

    // 2. The amount typed "<= 30000", a notation the document holds: written as typed.
    const workbook = await edited(xlsx, 2, 1, '<= 20000', '<= 30000');
    await dropOnDocumentList(page, workbook);
    await expect(dialog.getByTestId('update-counts')).toHaveText(W.counts);
    await expect(changed.locator('.update-was')).toHaveText('<= 20000');
    await expect(changed.locator('.update-becomes')).toHaveText('<= 30000');
    await expect(changed.getByTestId('update-typed')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/was-becomes-${lang}.png` });
    await dialog.getByRole('button', { name: W.apply }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(W.updated)).toBeVisible();
    // The loan example is shown again, its grid with the cell as typed; no document was added.
    await expect(cell(page, 1, 1)).toHaveText('<= 30000');
    expect(await storeText(page)).toBe(before.replace('[lte, 20000]', '[lte, 30000]'));
    expect((await documents(page)).length).toBe(count);
    await page.screenshot({ path: `${SHOTS}/updated-${lang}.png` });

    // 3. The same kind of workbook chosen with Open files… offers the same dialog; "New document"
    //    imports it as a document of its own instead.
    await openWithChooser(page, W.open, await edited(xlsx, 2, 1, '<= 20000', '<= 40000'));
    await expect(dialog.getByTestId('update-counts')).toHaveText(W.counts);
    await dialog.getByRole('button', { name: W.newDocument }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(async () => (await documents(page)).length).toBe(count + 1);
  });
}

const TOO_LARGE = {
  en: 'the limit for a table file is',
  zh: '表格文件的上限为',
} as const;

for (const lang of ['en', 'zh'] as const) {
  test(`${lang}: a workbook over the table-file limit is refused before it is read, from the grid and from the list`, async ({
    page,
  }, testInfo) => {
    const before = await openLoanIn(page, lang);
    const count = (await documents(page)).length;
    // The grid's Import Excel…: the one file chooser refuses it (20 MB is the limit). The file is
    // chosen from disk, as a user does (a sparse file: nothing is written or sent but its size).
    const big = testInfo.outputPath('big.xlsx');
    const fd = openSync(big, 'w');
    ftruncateSync(fd, 20_000_001);
    closeSync(fd);
    await grid(page).getByTestId('update-from-xlsx').setInputFiles(big);
    await expect(page.getByText(TOO_LARGE[lang])).toBeVisible();
    await expect(page.getByTestId('update-table')).toHaveCount(0);
    // Dropped on the list: not read for an update; the ordinary import refuses it, naming it.
    await dropOnDocumentList(page, { name: 'big-dropped.xlsx', size: 20_000_001 });
    await expect(page.getByRole('alert').filter({ hasText: 'big-dropped.xlsx' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/too-large-${lang}.png` });
    await expect(page.getByTestId('update-table')).toHaveCount(0);
    expect(await storeText(page)).toBe(before);
    expect((await documents(page)).length).toBe(count);
  });
}
