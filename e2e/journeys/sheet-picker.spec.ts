// Issue #15 point 4: an .xlsx workbook of several sheets asks which sheet to import (the studio's
// `erdl import --sheet N`), listing the sheets by name; the picked sheet becomes the new document.
import writeXlsxFile from 'write-excel-file/universal';
import { expect, type Page, test } from '../support/test';

interface Hook {
  store: {
    getState(): {
      order: string[];
      documents: Record<string, { name: string; text: string }>;
    };
  };
}

const text = (value: string) => ({ value, type: String });

/** A workbook whose first sheet is notes and whose second holds the table (CSV shape). */
async function twoSheetWorkbook(): Promise<Buffer> {
  const blob = await writeXlsxFile([
    {
      sheet: 'Notes',
      data: [[text('Loan rules, reviewed 2026-11')], [text('See the second sheet')]],
    },
    {
      sheet: 'Loan rules',
      data: [
        ['context.credit_score', 'context.amount', 'then', 'message'].map(text),
        ['< 580', '-', 'DENY', 'Score below 580'].map(text),
        ['>= 700', '<= 20000', 'ALLOW', ''].map(text),
        ['between [580, 699]', '<= 5000', 'ESCALATE', 'Fair score'].map(text),
      ],
    },
  ]).toBlob();
  return Buffer.from(await blob.arrayBuffer());
}

const WORDS = {
  en: {
    errors: '0 errors',
    title: 'Which sheet of loan-book.xlsx?',
    intro: 'The workbook has 2 sheets.',
    sheet1: 'Sheet 1: Notes',
    sheet2: 'Sheet 2: Loan rules',
    importSheet: 'Import this sheet',
    cancel: 'Cancel',
    converted: 'Converted into the new document loan-book.',
  },
  zh: {
    errors: '0 个错误',
    title: '导入 loan-book.xlsx 的哪个工作表？',
    intro: '该工作簿有 2 个工作表。',
    sheet1: '第 1 个工作表：Notes',
    sheet2: '第 2 个工作表：Loan rules',
    importSheet: '导入此工作表',
    cancel: '取消',
    converted: '已转换为新文档 loan-book。',
  },
} as const;

const documents = (page: Page) =>
  page.evaluate(() => {
    const s = (globalThis as unknown as { __ERDL_STUDIO__: Hook }).__ERDL_STUDIO__.store.getState();
    return s.order.map((id) => s.documents[id] as { name: string; text: string });
  });

for (const lang of ['en', 'zh'] as const) {
  const w = WORDS[lang];
  test(`${lang}: a two-sheet workbook asks which sheet, and imports the one picked`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.addInitScript((l) => localStorage.setItem('erdl-studio.lang', l), lang);
    await page.goto('/');
    await expect(page.getByTestId('status-diagnostics')).toContainText(w.errors);
    const workbook = await twoSheetWorkbook();
    const before = (await documents(page)).length;
    const file = {
      name: 'loan-book.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: workbook,
    };

    // Cancel: nothing is imported.
    await page.getByTestId('open-files').setInputFiles(file);
    const dialog = page.getByRole('dialog', { name: w.title });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(w.intro);
    await expect(dialog.getByRole('radio', { name: w.sheet1 })).toBeChecked();
    await expect(dialog.getByRole('radio', { name: w.sheet2 })).not.toBeChecked();
    await page.screenshot({ path: `/tmp/sheet-picker-${lang}.png` });
    await dialog.getByRole('button', { name: w.cancel }).click();
    await expect(dialog).toHaveCount(0);
    expect((await documents(page)).length).toBe(before);

    // Pick the second sheet: it becomes the new document.
    await page.getByTestId('open-files').setInputFiles(file);
    await expect(dialog).toBeVisible();
    await dialog.getByRole('radio', { name: w.sheet2 }).check();
    await dialog.getByRole('button', { name: w.importSheet }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('conversion-report')).toContainText(w.converted);
    await expect.poll(async () => (await documents(page)).length).toBe(before + 1);
    const added = (await documents(page)).at(-1);
    expect(added?.name).toBe('loan-book');
    expect(added?.text).toContain('- when: [[between, [580, 699]], [lte, 5000]]');
    expect(added?.text).toContain('Excel sheet 2');
    expect(added?.text).not.toContain('Loan rules, reviewed');
  });
}
