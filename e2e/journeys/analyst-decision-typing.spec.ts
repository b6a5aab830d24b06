import { cell, grid, storeText } from '../support/grid';
import { openLoanJourney, VIEWPORTS } from '../support/journey';
import { expect, type Page, test } from '../support/test';

/**
 * The analyst types a decision on a selected Decision cell, as in a spreadsheet. It was a native
 * select: the first key was dropped and the rest went to the select's type-ahead, which Enter (or
 * a click elsewhere) then wrote — `deny ` became EMERGENCY_HALT, `review` ESCALATE, `Block` (the
 * word the grid shows for DENY) left ALLOW, and Chinese did nothing, all without a word. Now the
 * typed text is read as a decision — its code in any case or the word the grid shows, in either
 * language — or refused with the 13 it accepts, the cell keeping its decision. In English and
 * Chinese, at 1440×900 and 1024×700; screenshots in /tmp/shots-journeys/decision-typing/.
 */
const WORDS = {
  en: {
    refused:
      /^Not applied, the cell keeps its value: "review" is not one of the 13 decisions — did you mean REQUEST_HUMAN \(request human adjudication\)\? Write a decision's code or word \(English or Chinese\): ALLOW, DENY \(block\),/,
    unknown:
      /^Cannot be read: "人工裁决" is not one of the 13 decisions; write a decision's code or word/,
    word: 'Block',
    readsWord: 'Reads as: DENY · block',
    shown: { DENY: 'Block', ESCALATE: 'Escalate', ALLOW: 'Allow' },
  },
  zh: {
    refused:
      /^未应用，单元格保持原值：“review”不是 13 种决策之一——是否想写 REQUEST_HUMAN（请求人工裁决）？请写决策的代码或名称（中文或英文）：ALLOW（放行）、DENY（拦截）、/,
    unknown: /^无法读取：“人工裁决”不是 13 种决策之一；请写决策的代码或名称（中文或英文）：/,
    word: '拦截',
    readsWord: '读作：DENY · 拦截',
    shown: { DENY: '拦截', ESCALATE: '升级', ALLOW: '放行' },
  },
} as const;

const SHOTS = '/tmp/shots-journeys/decision-typing';

/** Row 2 (good-small-loan) of the loan table decides ALLOW; its decision is column 2. */
const decisionOf = (text: string, row: string) =>
  new RegExp(`- name: "${row}"\\n\\s+when: [^\\n]+\\n\\s+then: (\\w+)`).exec(text)?.[1];
const editorInput = (page: Page, row: number) =>
  grid(page).locator(`[data-cell="${row}:2"] .grid-editor input`);
const reading = (page: Page) => grid(page).getByTestId('cell-reading');

for (const lang of ['en', 'zh'] as const) {
  const w = WORDS[lang];
  for (const viewport of VIEWPORTS) {
    test(`a decision typed on a Decision cell is read or refused, never guessed (${lang}, ${viewport.width})`, async ({
      page,
    }) => {
      const shot = await openLoanJourney(page, lang, viewport, SHOTS);
      const original = await storeText(page);
      expect(decisionOf(original, 'good-small-loan')).toBe('ALLOW');

      // A word people write that is not a decision: refused, naming what it may mean and the 13.
      await cell(page, 1, 2).click();
      await page.keyboard.type('review');
      await expect(editorInput(page, 1)).toHaveValue('review');
      await page.keyboard.press('Enter');
      await expect(grid(page).getByRole('alert')).toHaveText(w.refused);
      await shot('refused');
      expect(await storeText(page)).toBe(original);
      await page.keyboard.press('Escape');
      await expect(cell(page, 1, 2)).toContainText(w.shown.ALLOW);
      expect(await storeText(page)).toBe(original);

      // A word no decision has: the reason while it is typed, and nothing applied.
      await cell(page, 1, 2).click();
      await page.keyboard.insertText('人工裁决');
      await expect(reading(page)).toHaveText(w.unknown);
      await page.keyboard.press('Tab');
      expect(await storeText(page)).toBe(original);
      await page.keyboard.press('Escape');

      // The word the grid shows for DENY, in the UI's language: DENY, shown as that word.
      await cell(page, 1, 2).click();
      await page.keyboard.type(w.word);
      await expect(reading(page)).toHaveText(w.readsWord);
      await shot('reads-word');
      await page.keyboard.press('Enter');
      await expect
        .poll(async () => decisionOf(await storeText(page), 'good-small-loan'))
        .toBe('DENY');
      await expect(cell(page, 1, 2)).toContainText(w.shown.DENY);

      // A code in lower case with a trailing space (was EMERGENCY_HALT by type-ahead).
      await cell(page, 2, 2).click();
      await page.keyboard.type('escalate ');
      await page.keyboard.press('Enter');
      await expect
        .poll(async () => decisionOf(await storeText(page), 'good-large-loan'))
        .toBe('ESCALATE');
      await expect(cell(page, 2, 2)).toContainText(w.shown.ESCALATE);
      await shot('applied');

      // The first character is never lost: `deny` typed on the ESCALATE row of fair scores.
      await cell(page, 3, 2).click();
      await page.keyboard.type('deny');
      await expect(editorInput(page, 3)).toHaveValue('deny');
      await page.keyboard.press('Escape');
      await expect
        .poll(async () => decisionOf(await storeText(page), 'fair-small-loan'))
        .toBe('ESCALATE');

      // Undo takes back each applied decision, one step each.
      await cell(page, 0, 0).click();
      await page.keyboard.press('Control+z');
      await expect
        .poll(async () => decisionOf(await storeText(page), 'good-large-loan'))
        .toBe('REQUEST_HUMAN');
      await page.keyboard.press('Control+z');
      await expect.poll(() => storeText(page)).toBe(original);
    });
  }
}
