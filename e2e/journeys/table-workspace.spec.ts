import { GRID_KEYS } from '../../src/studio/grid/grid-keys';
import { grid, openLoan } from '../support/grid';
import { expect, type Page, test } from '../support/test';

/**
 * Issue #15 (points 1 and 2): the analyst's table workspace on the loan example at 1440×900, in
 * English and in Chinese: resize the split (mouse and keyboard, remembered across a reload),
 * switch to the table view (every column visible without horizontal scrolling, YAML collapsible).
 */

const TEXT = {
  en: {
    tableView: 'Table view',
    hideYaml: 'Hide the YAML',
    showYaml: 'Show the YAML',
    showTexts: 'Show row texts',
    decision: 'Decision',
    shortcuts: 'Keyboard shortcuts (?)',
    sheetTitle: 'Keyboard shortcuts of the table',
    duplicate: 'Duplicate the row',
    deleteColumn: 'Delete column',
    repeats: 'Never fires: it repeats row 1. For example, credit score ',
    goesTo: 'go to row 1 (DENY).',
  },
  zh: {
    tableView: '表格视图',
    hideYaml: '隐藏 YAML',
    showYaml: '显示 YAML',
    showTexts: '显示行文本',
    decision: '决策',
    shortcuts: '键盘快捷键（?）',
    sheetTitle: '决策表的键盘快捷键',
    duplicate: '复制本行',
    deleteColumn: '删除列',
    repeats: '永不触发：它与第 1 行重复。例如，信用评分 ',
    goesTo: '由第 1 行（DENY）决策。',
  },
} as const;

async function setLang(page: Page, lang: 'en' | 'zh') {
  await page.addInitScript((l) => {
    if (!sessionStorage.getItem('lang-set')) {
      localStorage.setItem('erdl-studio.lang', l);
      sessionStorage.setItem('lang-set', '1');
    }
  }, lang);
}

const sideWidth = (page: Page) =>
  page.locator('aside.side').evaluate((el) => el.getBoundingClientRect().width);

for (const lang of ['en', 'zh'] as const) {
  const T = TEXT[lang];
  test(`${lang}: resize the split, switch to the table view, see every column`, async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 1440, height: 900 });
    await setLang(page, lang);
    await openLoan(page);

    // 1. The split: drag the separator left by 200 px, the side panel widens by 200 px.
    const separator = page.getByTestId('split-separator');
    await expect(separator).toHaveAttribute('aria-valuenow', '460');
    const before = await sideWidth(page);
    const box = await separator.boundingBox();
    if (!box) throw new Error('no separator box');
    await page.mouse.move(box.x + box.width / 2, box.y + 200);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 100, box.y + 200, { steps: 4 });
    await page.mouse.move(box.x + box.width / 2 - 200, box.y + 200, { steps: 4 });
    await page.mouse.up();
    await expect(separator).toHaveAttribute('aria-valuenow', '660');
    expect(Math.round((await sideWidth(page)) - before)).toBe(200);
    // … and with the keyboard: Right narrows by one step (24 px), Left widens.
    await separator.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    await expect(separator).toHaveAttribute('aria-valuenow', '636');
    await expect.poll(() => sideWidth(page)).toBeCloseTo(636, 0);
    await page.screenshot({ path: `/tmp/table-workspace-split-${lang}.png` });
    // Remembered across a reload.
    await page.reload();
    await page.waitForFunction(() => performance.getEntriesByName('erdl:markers').length > 0);
    await expect(page.getByTestId('split-separator')).toHaveAttribute('aria-valuenow', '636');

    // 2. The table view: the grid takes the full width; nothing scrolls sideways.
    await openLoan(page);
    await page.getByRole('button', { name: T.tableView }).click();
    await expect(page.getByRole('button', { name: T.tableView })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const view = page.getByTestId('table-view');
    await expect(view.getByTestId('decision-grid')).toBeVisible();
    await expect(page.locator('aside.side')).toHaveCount(0);
    // With the row texts shown too (message, instruction, explanation, correction).
    await grid(page).getByRole('button', { name: T.showTexts }).click();
    await expect(grid(page).locator('thead th.text-head')).toHaveCount(4);
    const scroll = grid(page).locator('.grid-scroll');
    const widths = await scroll.evaluate((el) => ({ s: el.scrollWidth, c: el.clientWidth }));
    expect(widths.s).toBeLessThanOrEqual(widths.c);
    const hostWidths = await view.evaluate((el) => ({ s: el.scrollWidth, c: el.clientWidth }));
    expect(hostWidths.s).toBeLessThanOrEqual(hostWidths.c);
    // The last column (the compiled rule; findings are a marker in the Row column) is on screen.
    const findingsHeader = grid(page).locator('thead th').last();
    const fb = await findingsHeader.boundingBox();
    expect(fb && fb.x + fb.width).toBeLessThanOrEqual(1440);
    await page.screenshot({ path: `/tmp/table-workspace-texts-${lang}.png` });
    // A column is resized by dragging its header's right edge.
    // The grid's own Decision header, exactly (not the scenario sheet's "Decided" / 实际决策).
    const decisionHead = grid(page)
      .locator('.grid-table thead th')
      .filter({ hasText: new RegExp(`^\\s*${T.decision}\\s*$`) });
    const db = await decisionHead.boundingBox();
    if (!db) throw new Error('no decision header');
    await page.mouse.move(db.x + db.width - 1, db.y + 10);
    await page.mouse.down();
    await page.mouse.move(db.x + db.width + 60, db.y + 10, { steps: 4 });
    await page.mouse.up();
    await expect
      .poll(async () => Math.round((await decisionHead.boundingBox())?.width ?? 0))
      .toBe(Math.round(db.width + 61));
    // The width is a layout preference of this table: kept across a reload, like the table view.
    await page.reload();
    await page.waitForFunction(() => performance.getEntriesByName('erdl:markers').length > 0);
    await expect(page.getByTestId('table-view').getByTestId('decision-grid')).toBeVisible();
    await expect
      .poll(async () => Math.round((await decisionHead.boundingBox())?.width ?? 0))
      .toBe(Math.round(db.width + 61));
    if ((await grid(page).locator('thead th.text-head').count()) === 0)
      await grid(page).getByRole('button', { name: T.showTexts }).click();
    // The YAML folds away and back.
    await page.getByRole('button', { name: T.hideYaml }).click();
    await expect(page.locator('#yaml-editor-host')).toBeHidden();
    await page.screenshot({ path: `/tmp/table-workspace-view-${lang}.png` });
    await page.getByRole('button', { name: T.showYaml }).click();
    await expect(page.locator('#yaml-editor-host')).toBeVisible();
    // 4. A finding in plain words: duplicate row 1; the copy never fires, said as a sentence
    // with its counterexample in display names.
    await grid(page).locator('[data-cell="0:0"]').click();
    await page.keyboard.press('Control+Shift+d');
    // The row's findings marker opens its findings under it.
    await grid(page).locator('tr[data-row="1"] [data-testid="findings-marker"]').click();
    const sentence = grid(page)
      .locator('tr[data-findings-of="1"] .finding-sentence')
      .filter({ hasText: T.repeats });
    await expect(sentence).toContainText(T.repeats);
    await expect(sentence).toContainText(T.goesTo);
    await page.screenshot({ path: `/tmp/table-workspace-finding-${lang}.png` });
    // The warning made the Problems list taller: the editor gave way, it is not drawn under it.
    await expect
      .poll(async () => {
        const editor = await page.locator('#yaml-editor-host .monaco-editor').boundingBox();
        const problems = await page.locator('.problems').boundingBox();
        return editor && problems ? Math.round(editor.y + editor.height - problems.y) : null;
      })
      .toBeLessThanOrEqual(0);

    // 3. The toolbar: one line at 1440 px, in groups, every button whole inside it (the column
    // and clipboard groups fold into "More" when all six would not fit, as in English since the
    // default-row group joined); `?` opens the shortcuts sheet.
    const toolbar = grid(page).getByRole('toolbar');
    const boxes = await toolbar.locator(':scope > fieldset, :scope > details').evaluateAll((els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect();
        const bar = (e.parentElement as HTMLElement).getBoundingClientRect();
        return { top: Math.round(r.top), inside: r.left >= bar.left && r.right <= bar.right + 0.5 };
      }),
    );
    expect(boxes.length).toBeGreaterThanOrEqual(5);
    expect(new Set(boxes.map((b) => b.top)).size).toBe(1);
    expect(boxes.every((b) => b.inside)).toBe(true);
    // Rows, default row, columns, clipboard, import/export, view: shown or under "More".
    // (Counted as fieldsets: "More" is a <details>, itself of role group.)
    await expect(toolbar.locator('fieldset.toolbar-group')).toHaveCount(6);
    await expect(toolbar.locator('[data-testid="default-row-button"]')).toBeVisible();
    await page.screenshot({ path: `/tmp/table-workspace-toolbar-${lang}.png` });
    await grid(page).locator('[data-cell="1:0"]').click();
    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: T.sheetTitle });
    await expect(sheet).toBeVisible();
    // A header row and one row per key of the grid's keyboard map.
    await expect(sheet.getByRole('row')).toHaveCount(GRID_KEYS.length + 1);
    await expect(sheet.getByRole('row', { name: new RegExp(T.duplicate) })).toContainText(
      'Ctrl+Shift+D',
    );
    await page.screenshot({ path: `/tmp/table-workspace-keys-${lang}.png` });
    await page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);
    await expect(
      grid(page).locator('[data-cell="1:0"]').getByTestId('grid-focus-input'),
    ).toBeFocused();
    await toolbar.getByRole('button', { name: T.shortcuts }).click();
    await expect(sheet).toBeVisible();
    await page.keyboard.press('Escape');

    // The table view is remembered for this document.
    await page.reload();
    await expect(page.getByTestId('table-view').getByTestId('decision-grid')).toBeVisible();
  });
}
