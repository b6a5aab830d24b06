import { cell, grid, storeText } from '../support/grid';
import { openLoanJourney, VIEWPORTS } from '../support/journey';
import { expect, test } from '../support/test';

/**
 * The analyst types a priority on a selected Priority cell: `１０` with a Chinese input method's
 * full-width digits, then `1.5`. Both were refused without a word — Enter did nothing but a red
 * border. Now the full-width digits read as 10 (said under the cell as they are typed), and `1.5`
 * is refused with what is accepted, the cell keeping its priority. In English and Chinese, at
 * 1440×900 and 1024×700; screenshots in /tmp/shots-journeys/priority-typing/.
 */
const WORDS = {
  en: {
    reads: 'Reads as: priority 10',
    refused:
      'Not applied, the cell keeps its value: priority "1.5" is not a whole number; write a whole number (10, -5), or leave it empty for no priority',
  },
  zh: {
    reads: '读作：优先级 10',
    refused: '未应用，单元格保持原值：优先级“1.5”不是整数；请写整数（10、-5），或留空表示无优先级',
  },
} as const;

const SHOTS = '/tmp/shots-journeys/priority-typing';

/** The YAML of one row of the loan table, from its name to the next row. */
const rowYaml = (text: string, name: string) =>
  text.slice(text.indexOf(`- name: "${name}"`)).split(/\n\s+- name: /)[0] ?? '';

for (const lang of ['en', 'zh'] as const) {
  const w = WORDS[lang];
  for (const viewport of VIEWPORTS) {
    test(`a priority typed in full-width digits reads; one that is no whole number says why (${lang}, ${viewport.width})`, async ({
      page,
    }) => {
      const shot = await openLoanJourney(page, lang, viewport, SHOTS);
      const reading = grid(page).getByTestId('cell-reading');

      // Row 2's priority (column 3), typed as an input method gives full-width digits.
      await cell(page, 1, 3).click();
      await page.keyboard.insertText('１０');
      await expect(reading).toHaveText(w.reads);
      await shot('full-width');
      await page.keyboard.press('Enter');
      await expect
        .poll(async () => rowYaml(await storeText(page), 'good-small-loan'))
        .toMatch(/priority: 10\b/);
      await expect(cell(page, 1, 3)).toHaveText('10');
      const applied = await storeText(page);

      // Not a whole number: refused, saying what is accepted; nothing changes.
      await cell(page, 1, 3).click();
      await page.keyboard.type('1.5');
      await page.keyboard.press('Enter');
      await expect(grid(page).getByRole('alert')).toHaveText(w.refused);
      await shot('refused');
      expect(await storeText(page)).toBe(applied);
      await page.keyboard.press('Escape');
      await expect(cell(page, 1, 3)).toHaveText('10');
      expect(await storeText(page)).toBe(applied);
    });
  }
}
