import { mkdirSync } from 'node:fs';
import { cell, focusInput, grid, openLoan, storeText } from '../support/grid';
import { expect, type Page, test } from '../support/test';

/**
 * Issue #36 point 2, every keystroke kept: the first character typed on a selected (not yet
 * editing) cell opens the cell editor with that character, whatever it is — `≥` typed, full-width
 * `＞＝７００` inserted as text, a Chinese input method's composition (CDP `Input.imeSetComposition`
 * as an IME sends it), digits, `≠`, `≤` — in English and Chinese.
 */
const TEXT = {
  en: { reads: 'Reads as: ', any: 'Reads as: any value', cell: 'Row 1, credit score: < 580' },
  zh: { reads: '读作：', any: '读作：任意值', cell: '行 1, 信用评分：< 580' },
} as const;

const SHOTS = '/tmp/shots-36/keystrokes';

const editorInput = (page: Page, row: number, col: number) =>
  grid(page).locator(`[data-cell="${row}:${col}"] .grid-editor input`);
const reading = (page: Page) => grid(page).getByTestId('cell-reading');

for (const lang of ['en', 'zh'] as const) {
  const L = TEXT[lang];
  test(`typing on a selected cell keeps every character: symbols, full-width, an IME (${lang})`, async ({
    page,
  }) => {
    mkdirSync(SHOTS, { recursive: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.addInitScript((l) => localStorage.setItem('erdl-studio.lang', l), lang);
    await openLoan(page);

    // (a) `≥ 700` typed on a selected cell: the editor opens with `≥`, nothing dropped.
    await cell(page, 0, 0).click();
    // The selected cell holds the keyboard focus in its focus input, named for a screen reader.
    await expect(focusInput(page, 0, 0)).toBeFocused();
    await expect(focusInput(page, 0, 0)).toHaveAccessibleName(L.cell);
    await page.keyboard.type('≥ 700');
    await expect(editorInput(page, 0, 0)).toHaveValue('≥ 700');
    await expect(reading(page)).toContainText(`${L.reads}≥ 700`);
    await page.screenshot({ path: `${SHOTS}/${lang}-a-typed-ge.png` });
    await page.keyboard.press('Enter');
    await expect.poll(() => storeText(page)).toContain('when: [[gte, 700], "-"]');
    await expect(cell(page, 0, 0)).toHaveText(/^(≥|>=) 700$/);

    // (b) Full-width text inserted on a selected cell (as an input method or a soft keyboard
    // inserts it, without key events): the editor opens with all of it.
    await cell(page, 0, 1).click();
    await page.keyboard.insertText('＞＝７００');
    await expect(editorInput(page, 0, 1)).toHaveValue('＞＝７００');
    await expect(reading(page)).toContainText(`${L.reads}≥ 700`);
    await page.screenshot({ path: `${SHOTS}/${lang}-b-full-width.png` });
    await page.keyboard.press('Enter');
    await expect.poll(() => storeText(page)).toContain('when: [[gte, 700], [gte, 700]]');

    // (c) A real IME composition started on a selected cell: it composes in the cell, then the
    // editor holds what the IME committed (任意 is the Chinese for "any value").
    await cell(page, 0, 1).click();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.imeSetComposition', { text: '任', selectionStart: 1, selectionEnd: 1 });
    const composing = grid(page).locator('[data-cell="0:1"] input');
    await expect(composing).toHaveValue('任');
    await expect(composing).toBeVisible();
    await expect(composing).toBeFocused();
    await page.screenshot({ path: `${SHOTS}/${lang}-c-ime-composing.png` });
    await cdp.send('Input.insertText', { text: '任意' });
    await expect(editorInput(page, 0, 1)).toHaveValue('任意');
    await expect(editorInput(page, 0, 1)).toBeFocused();
    await expect(reading(page)).toHaveText(L.any);
    await page.screenshot({ path: `${SHOTS}/${lang}-c-ime-committed.png` });
    await page.keyboard.press('Enter');
    await expect.poll(() => storeText(page)).toContain('when: [[gte, 700], "-"]');
    await cdp.detach();

    // (d) Digits, `≠` and `≤` with a thousands separator.
    await cell(page, 1, 1).click();
    await page.keyboard.type('25000');
    await expect(editorInput(page, 1, 1)).toHaveValue('25000');
    await page.keyboard.press('Enter');
    await expect.poll(() => storeText(page)).toContain('when: [[gte, 700], [eq, 25000]]');
    await cell(page, 2, 0).click();
    await page.keyboard.type('≠ 3');
    await expect(editorInput(page, 2, 0)).toHaveValue('≠ 3');
    await expect(reading(page)).toContainText(`${L.reads}≠ 3`);
    await page.screenshot({ path: `${SHOTS}/${lang}-d-typed-ne.png` });
    await page.keyboard.press('Enter');
    await expect.poll(() => storeText(page)).toContain('when: [[ne, 3], [gt, 20000]]');
    await cell(page, 3, 1).click();
    await page.keyboard.type('≤ 1,000');
    await expect(editorInput(page, 3, 1)).toHaveValue('≤ 1,000');
    await expect(reading(page)).toContainText(`${L.reads}≤ 1000`);
    await page.screenshot({ path: `${SHOTS}/${lang}-d-typed-le.png` });
    await page.keyboard.press('Enter');
    await expect.poll(() => storeText(page)).toContain('[lte, 1000]]');

    // The keyboard still moves the selection and the clipboard still reaches the grid.
    await cell(page, 1, 0).click();
    await page.keyboard.press('ArrowDown');
    await expect(cell(page, 2, 0)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Escape');
  });
}
