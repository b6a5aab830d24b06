import { cell, focusInput, grid, type Hook, openLoan, storeText } from '../support/grid';
import { activeAnalysisIsCurrent } from '../support/studio';
import { expect, type Locator, type Page, test } from '../support/test';

/**
 * Issue #15 point 3, help while typing a cell: the operator picker and value editor per column
 * type, completions from the column and the field dictionary, inline validation with the reason,
 * fill down / fill right, a multi-cell edit (Ctrl+Enter), every action one undo step, and the
 * keyboard column resize — the analyst's exact keystrokes, in English and Chinese.
 */
const TEXT = {
  en: {
    readsBetween: 'Reads as: between 1000 and 20000 (number)',
    readsCash: 'Reads as: = "cash" (text)',
    cannotRead: 'Cannot be read:',
    ambiguous: 'is ambiguous',
    refused: 'Not applied, the cell keeps its value:',
    dictionary: 'field dictionary',
    filled: 'Filled 2 cells as one change',
    wrote: 'Wrote 4 cells as one change',
    fillRefused:
      'cannot fill row 2 from “loan amount” (context.amount) (number) into “channel” (context.channel) (text)',
    width: 'loan amount: ',
    fillDownHelp: 'Fill down: copy the top row of the selection into the rows below it',
    tableView: 'Table view',
  },
  zh: {
    readsBetween: '读作：介于 1000 与 20000 之间（数字）',
    readsCash: '读作：= "cash"（文本）',
    cannotRead: '无法读取：',
    ambiguous: '有歧义',
    refused: '未应用，单元格保持原值：',
    dictionary: '字段词典',
    filled: '已填充 2 个单元格，作为一次修改',
    wrote: '已写入 4 个单元格，作为一次修改',
    fillRefused:
      '无法把第 2 行从“贷款金额”（context.amount）（数字）填充到“渠道”（context.channel）（文本）',
    width: '「贷款金额」列宽',
    fillDownHelp: '向下填充：把选区第一行复制到其下方各行',
    tableView: '表格视图',
  },
} as const;

/**
 * The loan table in the table view, with a text column: the channel (the field dictionary lists
 * its values).
 */
async function addChannelColumn(page: Page, tableView: string) {
  await page.getByRole('button', { name: tableView }).click();
  await expect(page.getByRole('button', { name: tableView })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.evaluate(() => {
    const { store } = (globalThis as unknown as { __ERDL_STUDIO__: Hook }).__ERDL_STUDIO__;
    const s = store.getState();
    const id = s.activeId as string;
    const text = (s.documents[id]?.text ?? '')
      .replace(
        '          label: { zh: "贷款金额", en: "loan amount" }\n',
        '          label: { zh: "贷款金额", en: "loan amount" }\n        - field: "context.channel"\n          label: { zh: "渠道", en: "channel" }\n',
      )
      .replace('when: [[lt, 580], "-"]', 'when: [[lt, 580], "-", [eq, "web"]]')
      .replace('when: [[gte, 700], [lte, 20000]]', 'when: [[gte, 700], [lte, 20000], "-"]')
      .replace(
        'when: [[gte, 700], [gt, 20000]]',
        'when: [[gte, 700], [gt, 20000], [in, ["web", "app"]]]',
      )
      .replace(
        'when: [[between, [580, 699]], [lte, 5000]]',
        'when: [[between, [580, 699]], [lte, 5000], "-"]',
      );
    s.setText(id, text);
  });
  await expect(cell(page, 0, 2)).toHaveText('= "web"');
}

const reading = (page: Page) => grid(page).getByTestId('cell-reading');
const status = (page: Page) => grid(page).getByTestId('grid-status');

for (const lang of ['en', 'zh'] as const) {
  const L = TEXT[lang];
  test.describe(`cell editing (${lang})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.addInitScript((l) => localStorage.setItem('erdl-studio.lang', l), lang);
    });

    test('the operator picker, completions and inline validation write only what the reader reads', async ({
      page,
    }) => {
      await openLoan(page);
      await addChannelColumn(page, L.tableView);

      // 1. The number picker: F2 on "<= 20000", ↓↓↓ from ≤ to between, Tab to min and max.
      await cell(page, 1, 1).click();
      await page.keyboard.press('F2');
      const operator = grid(page).locator('[data-cell="1:1"] select');
      await expect(operator).toBeFocused();
      await expect(operator).toHaveValue('lte');
      for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
      await expect(operator).toHaveValue('between');
      await page.keyboard.press('Tab');
      await page.keyboard.type('1,000');
      await page.keyboard.press('Tab');
      await page.keyboard.type('20,000');
      await expect(reading(page)).toHaveText(L.readsBetween);
      await page.screenshot({ path: `/tmp/cell-editing-picker-${lang}.png` });
      const beforePicker = await storeText(page);
      await page.keyboard.press('Enter');
      await expect
        .poll(() => storeText(page))
        .toContain('[[gte, 700], [between, [1000, 20000]], "-"]');
      await expect(focusInput(page, 2, 1)).toBeFocused();
      // The picker's commit is one undo step.
      const picked = await storeText(page);
      await page.keyboard.press('Control+z');
      await expect.poll(() => storeText(page)).toBe(beforePicker);
      await page.keyboard.press('Control+y');
      await expect.poll(() => storeText(page)).toBe(picked);

      // 2. The text picker: completion from the field dictionary (cash), chosen with ↓ Enter.
      await cell(page, 0, 2).click();
      await page.keyboard.press('F2');
      await page.keyboard.press('Tab');
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('ca');
      const options = grid(page).getByRole('listbox').getByRole('option');
      await expect(options.first()).toContainText('cash');
      await expect(options.first()).toContainText(L.dictionary);
      await page.screenshot({ path: `/tmp/cell-editing-completion-${lang}.png` });
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect(reading(page)).toHaveText(L.readsCash);
      await page.keyboard.press('Enter');
      await expect.poll(() => storeText(page)).toContain('when: [[lt, 580], "-", [eq, "cash"]]');

      // 3. Typing an invalid cell: marked as typed, with the reason; Enter is refused.
      const before = await storeText(page);
      await cell(page, 3, 1).click();
      await page.keyboard.type('<= 5,00');
      const input = grid(page).locator('[data-cell="3:1"] input');
      await expect(input).toHaveAttribute('aria-invalid', 'true');
      await expect(reading(page)).toContainText(L.cannotRead);
      await expect(reading(page)).toContainText(L.ambiguous);
      await page.screenshot({ path: `/tmp/cell-editing-invalid-${lang}.png` });
      await page.keyboard.press('Enter');
      await expect(grid(page).getByRole('alert')).toContainText(L.refused);
      await expect(grid(page).getByRole('alert')).toContainText(L.ambiguous);
      await expect(input).toBeFocused();
      expect(await storeText(page)).toBe(before);
      await page.keyboard.press('Escape');
      await expect(cell(page, 3, 1)).toHaveText('<= 5000');
    });

    test('fill down, fill right, a multi-cell edit and a column resize, each one undo step', async ({
      page,
    }) => {
      await openLoan(page);
      await addChannelColumn(page, L.tableView);
      const before = await storeText(page);

      // Fill down: the score "< 580" of row 1 into rows 2 and 3 (Shift+↓ ×2, Ctrl+D).
      await cell(page, 0, 0).click();
      await page.keyboard.press('Shift+ArrowDown');
      await page.keyboard.press('Shift+ArrowDown');
      await page.keyboard.press('Control+d');
      await expect(cell(page, 2, 0)).toHaveText('< 580');
      await expect(cell(page, 1, 0)).toHaveText('< 580');
      await expect(status(page)).toContainText(L.filled);
      await page.screenshot({ path: `/tmp/cell-editing-fill-${lang}.png` });
      const filled = await storeText(page);
      await page.keyboard.press('Control+z');
      await expect.poll(() => storeText(page)).toBe(before);
      await page.keyboard.press('Control+y');
      await expect.poll(() => storeText(page)).toBe(filled);
      await page.keyboard.press('Control+z');
      await expect.poll(() => storeText(page)).toBe(before);

      // Fill right from the amount (numbers) into the channel (text): refused, with the reason.
      await cell(page, 1, 1).click();
      await page.keyboard.press('Shift+ArrowRight');
      await page.keyboard.press('Control+r');
      await expect(status(page)).toContainText(L.fillRefused);
      await page.screenshot({ path: `/tmp/cell-editing-fill-refused-${lang}.png` });
      expect(await storeText(page)).toBe(before);

      // A multi-cell edit: select 2×2 number cells, type once, Ctrl+Enter writes all four.
      await cell(page, 1, 0).click();
      await page.keyboard.press('Shift+ArrowDown');
      await page.keyboard.press('Shift+ArrowRight');
      await page.keyboard.type('>= 650');
      await page.keyboard.press('Control+Enter');
      await expect.poll(() => storeText(page)).toContain('when: [[gte, 650], [gte, 650], "-"]');
      await expect(cell(page, 2, 1)).toHaveText('>= 650');
      await expect(status(page)).toContainText(L.wrote);
      await page.keyboard.press('Control+z');
      await expect.poll(() => storeText(page)).toBe(before);

      // Keyboard column resize: Alt+Shift+→ twice widens the amount column by 32 px — from the
      // width the column has once the undone text's analysis is shown (its findings can change
      // the table's layout as they arrive).
      await activeAnalysisIsCurrent(page);
      await cell(page, 0, 1).click();
      const head = grid(page).locator('th[data-width-key="c1"]');
      const start = await settledWidth(page, head);
      await page.keyboard.press('Alt+Shift+ArrowRight');
      await page.keyboard.press('Alt+Shift+ArrowRight');
      const separator = head.getByRole('separator');
      await expect(separator).toHaveAttribute('aria-valuenow', String(start + 32));
      await expect(status(page)).toContainText(`${L.width}`);
      await expect
        .poll(async () => Math.round((await head.boundingBox())?.width ?? 0))
        .toBe(start + 32);
      expect(await storeText(page)).toBe(before);

      // Moving a row (Alt+↓) is one undo step too.
      await page.keyboard.press('Alt+ArrowDown');
      await expect.poll(() => storeText(page)).not.toBe(before);
      await expect(cell(page, 1, 1)).toHaveText('-');
      await page.keyboard.press('Control+z');
      await expect.poll(() => storeText(page)).toBe(before);

      // The shortcuts sheet lists the new keys.
      await page.keyboard.press('?');
      await expect(page.getByTestId('shortcuts-sheet')).toContainText(L.fillDownHelp);
    });
  });
}

/** An element's width once two successive frames agree on it. */
async function settledWidth(page: Page, element: Locator): Promise<number> {
  const width = async () => Math.round((await element.boundingBox())?.width ?? 0);
  let last = await width();
  for (;;) {
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    const now = await width();
    if (now === last) return now;
    last = now;
  }
}
