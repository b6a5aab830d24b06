import { cell, grid, pasteIntoGrid, storeText } from '../support/grid';
import { openLoanJourney, VIEWPORTS } from '../support/journey';
import { expect, test } from '../support/test';

/**
 * The analyst copies two rows from a spreadsheet with its header row (the columns' names, as the
 * grid and its CSV export write them) and pastes them on row 1: Excel's tab-separated text with CRLF
 * line ends. The header row was read as data — "credit score is not a number" — and the whole
 * paste refused. Now a first row that names the columns the paste lands on is the header: the
 * preview says it is not pasted, and the rows under it are. In English and Chinese (each with the
 * header in its language), at 1440×900 and 1024×700; screenshots in
 * /tmp/shots-journeys/paste-header/.
 */
const WORDS = {
  en: {
    header: 'credit score\tloan amount',
    note: 'The first pasted row names the columns (credit score, loan amount): it is their header, and is not pasted.',
    confirm: 'I confirm',
    apply: /^Apply paste/,
  },
  zh: {
    header: '信用评分\t贷款金额',
    note: '粘贴的第 1 行是列名（信用评分、贷款金额）：作为表头，不会粘贴。',
    confirm: '我确认',
    apply: /^应用粘贴/,
  },
} as const;

const rowWhen = (text: string, name: string) =>
  new RegExp(`- name: "${name}"\\n\\s+when: ([^\\n]+)`).exec(text)?.[1];

for (const lang of ['en', 'zh'] as const) {
  const w = WORDS[lang];
  for (const viewport of VIEWPORTS) {
    test(`a spreadsheet block with its header row pastes its rows, the header said and left out (${lang}, ${viewport.width})`, async ({
      page,
    }) => {
      const shot = await openLoanJourney(page, lang, viewport, '/tmp/shots-journeys/paste-header');
      const original = await storeText(page);
      // Rows 1 and 2 selected, then Excel's clipboard: header, two rows, CRLF line ends.
      await cell(page, 0, 0).click();
      await page.keyboard.press('Shift+ArrowDown');
      await page.keyboard.press('Shift+ArrowRight');
      await pasteIntoGrid(page, `${w.header}\r\n>= 720\t<= 10000\r\n600-699\t<= 3000\r\n`);
      const preview = grid(page).getByTestId('paste-preview');
      await expect(preview.getByTestId('paste-header')).toHaveText(w.note);
      await expect(preview.getByRole('alert')).toHaveCount(0);
      // Four cells, none of them the header's.
      await expect(preview.locator('[data-paste-cell]')).toHaveCount(4);
      await shot('preview');
      await preview.getByLabel(w.confirm).check();
      await preview.getByRole('button', { name: w.apply }).click();
      await expect
        .poll(async () => rowWhen(await storeText(page), 'poor-score'))
        .toBe('[[gte, 720], [lte, 10000]]');
      expect(rowWhen(await storeText(page), 'good-small-loan')).toBe(
        '[[between, [600, 699]], [lte, 3000]]',
      );
      await shot('applied');
      // One undo step.
      await cell(page, 0, 0).click();
      await page.keyboard.press('Control+z');
      await expect.poll(() => storeText(page)).toBe(original);
    });
  }
}
