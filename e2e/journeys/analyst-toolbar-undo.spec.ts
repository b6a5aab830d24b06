import { focusedCell, grid, storeText } from '../support/grid';
import { openLoanJourney, VIEWPORTS } from '../support/journey';
import { expect, test } from '../support/test';

/**
 * The analyst deletes a row with the toolbar's Delete button, reads "Ctrl+Z undoes it" and presses
 * Ctrl+Z. The keyboard stays on the button (the grid never pulls it back), where Ctrl+Z did
 * nothing: the row stayed deleted under a status line saying otherwise. Now Ctrl+Z and Ctrl+Shift+Z
 * on the toolbar's buttons undo and redo as in the grid. Then the same from the grid itself. In
 * English and Chinese, at 1440×900 and 1024×700; screenshots in /tmp/shots-journeys/toolbar-undo/.
 */
const WORDS = {
  en: {
    deleteRow: 'Delete row',
    deleted: 'Deleted row 4 “fair-small-loan” (Escalate). Ctrl+Z undoes it.',
  },
  zh: {
    deleteRow: '删除行',
    deleted: '已删除第 4 行“fair-small-loan”（升级）。Ctrl+Z 可撤销。',
  },
} as const;

const SHOTS = '/tmp/shots-journeys/toolbar-undo';

for (const lang of ['en', 'zh'] as const) {
  const w = WORDS[lang];
  for (const viewport of VIEWPORTS) {
    test(`Delete row, then Ctrl+Z as the status line says: the row is back (${lang}, ${viewport.width})`, async ({
      page,
    }) => {
      const shot = await openLoanJourney(page, lang, viewport, SHOTS);
      const original = await storeText(page);

      // Row 4 (fair-small-loan), deleted from the toolbar with the mouse.
      await grid(page).locator('[data-cell="3:0"]').click();
      await grid(page).getByRole('button', { name: w.deleteRow, exact: true }).click();
      await expect.poll(() => storeText(page)).not.toContain('fair-small-loan');
      await expect(grid(page).getByText(w.deleted)).toBeVisible();
      await expect(
        grid(page).getByRole('button', { name: w.deleteRow, exact: true }),
      ).toBeFocused();
      await shot('deleted');

      await page.keyboard.press('Control+z');
      await expect.poll(() => storeText(page)).toBe(original);
      await shot('undone');
      await page.keyboard.press('Control+Shift+z');
      await expect.poll(() => storeText(page)).not.toContain('fair-small-loan');
      await page.keyboard.press('Control+z');
      await expect.poll(() => storeText(page)).toBe(original);

      // From the grid: the row deleted with the button, then Ctrl+Z on a cell.
      await grid(page).locator('[data-cell="3:0"]').click();
      await grid(page).getByRole('button', { name: w.deleteRow, exact: true }).click();
      await expect.poll(() => storeText(page)).not.toContain('fair-small-loan');
      await grid(page).locator('[data-cell="0:0"]').click();
      await expect.poll(() => focusedCell(page)).toBe('0:0');
      await page.keyboard.press('Control+z');
      await expect.poll(() => storeText(page)).toBe(original);
      await shot('undone-from-grid');
    });
  }
}
