import { readFileSync } from 'node:fs';
import {
  cell,
  grid,
  type Hook,
  openLoan,
  pasteIntoGrid,
  rowCount,
  storeText,
} from '../support/grid';
import { expect, type Page, test } from '../support/test';

/**
 * Issue #14 (points 2, 3, 4, 7): the decision grid never changes what a rule means. The user's
 * steps on the loan example, in English and in Chinese: typed pastes with a preview, atomic
 * pastes, the default row kept, fail-closed new rows, the message cell to fill, lossless CSV.
 */

const TEXT = {
  en: {
    number: 'number',
    between: 'between 1000 and 5000 (number)',
    lte: '≤ 1000 (number)',
    apply: 'Apply paste',
    cancel: 'Cancel',
    confirm: 'I confirm',
    notNumber: 'is not a number',
    nothing: 'nothing will be pasted',
    keptDefault: 'reaches the default row (row 5). It is kept',
    defaultRow: 'default',
    messageNeeded: 'Message needed',
    showTexts: 'Show row texts',
    instruction: 'Instruction',
    exportCsv: 'Export CSV',
    amountLabel: 'loan amount',
  },
  zh: {
    number: '数字',
    between: '介于 1000 与 5000 之间（数字）',
    lte: '≤ 1000（数字）',
    apply: '应用粘贴',
    cancel: '取消',
    confirm: '我确认',
    notNumber: '不是数字',
    nothing: '不会粘贴任何内容',
    keptDefault: '默认行保持不变',
    defaultRow: '默认行',
    messageNeeded: '需要填写消息',
    showTexts: '显示行文本',
    instruction: '指引',
    exportCsv: '导出 CSV',
    amountLabel: '贷款金额',
  },
} as const;

/** The loan example as written before keywords went bare: quoted operators and decisions. */
const QUOTED_LOAN = readFileSync(
  new URL('../../src/kernel/table-edit/__fixtures__/loan-quoted.erdl.yaml', import.meta.url),
  'utf8',
);

const preview = (page: Page) => grid(page).getByTestId('paste-preview');

async function waitAnalysed(page: Page) {
  await page.waitForFunction(() => {
    const { store } = (
      globalThis as unknown as {
        __ERDL_STUDIO__: {
          store: {
            getState(): {
              activeId: string;
              analyses: Record<string, { text: string }>;
              documents: Record<string, { text: string }>;
            };
          };
        };
      }
    ).__ERDL_STUDIO__;
    const s = store.getState();
    return s.analyses[s.activeId]?.text === s.documents[s.activeId]?.text;
  });
}

for (const lang of ['en', 'zh'] as const) {
  const L = TEXT[lang];
  test.describe(`grid trust (${lang})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.addInitScript((l) => localStorage.setItem('erdl-studio.lang', l), lang);
    });

    test('1000-5000 and <=1,000 pasted into the amount column are previewed and written as numbers', async ({
      page,
    }) => {
      await openLoan(page);
      await expect(grid(page).getByTestId('column-type').nth(1)).toHaveText(L.number);
      const before = await storeText(page);
      await cell(page, 1, 1).click();
      await page.keyboard.press('Shift+ArrowDown');
      await pasteIntoGrid(page, '1000-5000\n<=1,000');
      await expect(preview(page)).toContainText(L.between);
      await expect(preview(page)).toContainText(L.lte);
      expect(await storeText(page)).toBe(before);
      await page.screenshot({ path: `/tmp/grid-trust-preview-${lang}.png` });
      // <= 1,000 over > 20000 widens row 3: the paste applies once that is confirmed.
      await preview(page).getByLabel(L.confirm).check();
      await preview(page).getByRole('button', { name: L.apply }).click();
      await expect.poll(() => storeText(page)).toContain('[[gte, 700], [between, [1000, 5000]]]');
      const text = await storeText(page);
      expect(text).toContain('[[gte, 700], [lte, 1000]]');
      expect(text).not.toContain('"1000-5000"');
      await expect(cell(page, 1, 1)).toHaveText('between [1000, 5000]');
      // One undo step takes the whole paste back.
      await cell(page, 0, 0).click();
      await page.keyboard.press('Control+z');
      await expect.poll(() => storeText(page)).toBe(before);
    });

    test('a pasted block with one bad cell applies nothing and shows the reason', async ({
      page,
    }) => {
      await openLoan(page);
      const before = await storeText(page);
      await cell(page, 0, 0).click();
      await pasteIntoGrid(page, '>= 600\t1000-5000\n>= 650\tabc');
      const refused = preview(page).locator('[data-paste-cell="1:1"]');
      await expect(refused).toContainText(L.notNumber);
      await expect(preview(page).getByRole('alert')).toContainText(L.nothing);
      await expect(preview(page).getByRole('button', { name: L.apply })).toBeDisabled();
      await preview(page).getByRole('button', { name: L.cancel }).click();
      await expect(preview(page)).toHaveCount(0);
      expect(await storeText(page)).toBe(before);
      await expect(cell(page, 1, 1)).toHaveText('<= 20000');
    });

    test('3 rows pasted at row 4 of 5 need confirmation and keep the default row', async ({
      page,
    }) => {
      await openLoan(page);
      await cell(page, 3, 0).click();
      await pasteIntoGrid(page, '>= 600\t< 100\n>= 610\t< 200\n>= 620\t< 300');
      await expect(preview(page)).toContainText(L.keptDefault);
      const apply = preview(page).getByRole('button', { name: L.apply });
      await expect(apply).toBeDisabled();
      await preview(page).getByLabel(L.confirm).check();
      await apply.click();
      await expect.poll(() => rowCount(page)).toBe(7);
      await expect(cell(page, 3, 0)).toHaveText('>= 600');
      await expect(cell(page, 5, 0)).toHaveText('>= 620');
      await expect(cell(page, 6, 0)).toContainText(L.defaultRow);
      await expect(cell(page, 6, 2)).toContainText('DENY');
      const text = await storeText(page);
      expect(text.match(/ when: \[\]\n/g)).toHaveLength(1);
      // The default row is still the table's last row (the rule's bilingual explanation follows
      // the table, I-98), its message kept.
      const last = text.slice(text.indexOf(' when: []\n'));
      expect(last).toContain('message: "Application outside the approval matrix, loan declined"');
      expect(last.slice(1)).not.toMatch(/\n\s+- (name|when):/);
    });

    test('Enter on the last row adds a fail-closed row, not ALLOW above a DENY default', async ({
      page,
    }) => {
      await openLoan(page);
      // A quoted table stays quoted: the new row is written in the table's own style.
      await page.evaluate((text) => {
        const { store } = (globalThis as unknown as { __ERDL_STUDIO__: Hook }).__ERDL_STUDIO__;
        const s = store.getState();
        s.setText(s.activeId as string, text);
      }, QUOTED_LOAN);
      await waitAnalysed(page);
      await expect(grid(page).locator('thead')).toContainText('loan amount');
      await expect(cell(page, 4, 0)).toContainText(L.defaultRow);
      await cell(page, 4, 1).click();
      await page.keyboard.press('Enter');
      await expect.poll(() => rowCount(page)).toBe(6);
      await expect(cell(page, 4, 0)).toHaveText('-');
      await expect(cell(page, 4, 2)).toContainText('DENY');
      await expect(cell(page, 4, 2)).not.toContainText('ALLOW');
      await expect(cell(page, 5, 0)).toContainText(L.defaultRow);
      const text = await storeText(page);
      expect(text).toContain(
        '- name: "6"\n          when: ["-", "-"]\n          then: "DENY"\n          message: "Application outside the approval matrix, loan declined"\n',
      );
      await waitAnalysed(page);
      await expect(grid(page).locator('tr[data-row="4"] [data-codes*="E211"]')).toHaveCount(0);
    });

    test('a blocking row without a message is a cell to fill; typing the message clears ERDL-E211', async ({
      page,
    }) => {
      await openLoan(page);
      await cell(page, 1, 2).click();
      await page.keyboard.press('F2');
      await grid(page).locator('select').selectOption('DENY');
      await page.keyboard.press('Enter');
      await expect
        .poll(() => storeText(page))
        .toContain('[[gte, 700], [lte, 20000]]\n          then: DENY\n');
      const toFill = grid(page).locator('tr[data-row="1"] td[data-text="message"]');
      await expect(toFill).toHaveClass(/needs-text/);
      await expect(toFill).toContainText(L.messageNeeded);
      await waitAnalysed(page);
      await expect(
        grid(page).locator('tr[data-row="1"] [data-testid="findings-marker"]'),
      ).toHaveAttribute('data-codes', /ERDL-E211/);
      await toFill.click();
      await page.keyboard.type('Small loans are paused');
      await page.keyboard.press('Enter');
      await expect
        .poll(() => storeText(page))
        .toContain('then: DENY\n          message: "Small loans are paused"\n');
      await expect(toFill).not.toHaveClass(/needs-text/);
      await waitAnalysed(page);
      await expect(grid(page).locator('tr[data-row="1"] [data-codes*="E211"]')).toHaveCount(0);
      // Every row text as an optional column.
      await grid(page).getByRole('button', { name: L.showTexts }).click();
      await expect(grid(page).locator('thead')).toContainText(L.instruction);
      await cell(page, 0, 5).click();
      await page.screenshot({ path: `/tmp/grid-trust-texts-${lang}.png` });
    });

    test('CSV export then import gives the identical table', async ({ page }) => {
      await openLoan(page);
      const exportCsv = async (entry: string) => {
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page
            .locator(`[data-testid="decision-grid"][data-entry="${entry}"]`)
            .getByRole('button', { name: L.exportCsv })
            .click(),
        ]);
        const chunks = await (await download.createReadStream()).toArray();
        return Buffer.concat(chunks).toString('utf8');
      };
      const csv = await exportCsv('FIN-201-loan-decision');
      await page
        .getByTestId('table-panel')
        .locator('input[type="file"][accept*="csv"]')
        .setInputFiles({ name: 'loan.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await expect(page.getByTestId('decision-grid')).toHaveCount(2);
      const imported = page.locator('[data-entry="imported-table-2"]');
      await expect(imported.locator('thead')).toContainText(L.amountLabel);
      await expect(imported.locator('[data-cell="4:0"]')).toContainText(L.defaultRow);
      expect(await exportCsv('imported-table-2')).toBe(csv);
      // The grids show the same cells, decisions and texts.
      await grid(page).getByRole('button', { name: L.showTexts }).click();
      await imported.getByRole('button', { name: L.showTexts }).click();
      const cellsOf = (entry: string) =>
        page
          .locator(`[data-testid="decision-grid"][data-entry="${entry}"] [data-cell]`)
          .allTextContents();
      expect(await cellsOf('imported-table-2')).toEqual(await cellsOf('FIN-201-loan-decision'));
    });
  });
}
