import { mkdirSync } from 'node:fs';
import { cell, focusInput, grid, pasteIntoGrid, storeText } from '../support/grid';
import { addDocument } from '../support/studio';
import { expect, type Page, test } from '../support/test';

/**
 * Issue 36 point 3 (ruling I-91): plain words in text columns, and a column's type. An analyst's
 * card-offer table has a Segment column declared text, a Tier column without a type yet and a
 * credit score column. Typed on the keyboard: `standard` and `in gold, platinum` into Segment
 * cells are saved as texts; `gold` into a Tier cell is not guessed — the grid offers "Read as
 * text: make “Tier” a text column", which declares the type and saves the word in one undo step;
 * the header shows the type, and the type is set from the header (a type under which cells would
 * read differently is refused, naming the cells); pasted words in the column without a type are
 * asked about in the paste preview the same way; a paste that cannot be read names the column by
 * its header. English and Chinese at 1440×900.
 */

const SHOTS = '/tmp/shots-36/text-columns';
mkdirSync(SHOTS, { recursive: true });

const DOC = `# Card offers by customer segment, card tier and credit score.
protocol: "erdl/v2"
version: "2.1.0"
metadata:
  name: "card-offers"
  description: "Card offers"
  category: finance
  decision: DENY
rules:
  - name: "FIN-301-card-offer"
    description: "Card offers by segment, tier and credit score"
    priority: 10
    when:
      kind: decision_table
      columns:
        - field: "context.segment"
          label: { zh: "客户分层", en: "Segment" }
          type: string
        - field: "context.tier"
          label: { zh: "卡等级", en: "Tier" }
        - field: "context.credit_score"
          label: { zh: "信用评分", en: "credit score" }
      rows:
        - name: "prime"
          when: ["-", "-", [gte, 700]]
          then: ALLOW
        - name: "near-prime"
          when: ["-", "-", [between, [580, 699]]]
          then: REQUEST_HUMAN
          message: "A card officer decides"
        - name: "default"
          when: []
          then: DENY
          message: "No offer"
`;

const TEXT = {
  en: {
    text: 'text',
    number: 'number',
    unknown: 'not yet known',
    readsStandard: 'Reads as: = "standard" (text)',
    readsIn: 'Reads as: one of "gold", "platinum" (text)',
    cannotRead: 'this column has no type yet, so the word "gold" is not guessed to be text',
    readAsText: 'Read as text: make “Tier” a text column',
    readDone: '“Tier” (context.tier) is now a text column; the cell reads = "gold".',
    typeOf: (column: string, type: string) => `Type of ${column}: ${type}. Choose the type`,
    menuText: 'text',
    fromCells: 'From the cells',
    refusedType:
      '“credit score” (context.credit_score) cannot become a text column: 2 cells would read differently — row 1 (>= 700:',
    cleared: 'The type of “Segment” (context.segment) now comes from its cells.',
    set: '“Segment” (context.segment) is now a text column (type: string).',
    pasteWhere: 'row 1, “credit score” (context.credit_score)',
    pasteTier: 'row 2, “Tier” (context.tier)',
    readsSilver: '= "silver" (text)',
    apply: 'Apply paste',
    cancel: 'Cancel',
  },
  zh: {
    text: '文本',
    number: '数字',
    unknown: '尚未确定',
    readsStandard: '读作：= "standard"（文本）',
    readsIn: '读作：属于 "gold"、"platinum" 之一（文本）',
    cannotRead: '此列尚无类型，因此不会把“gold”猜作文本',
    readAsText: '按文本读取：把“卡等级”设为文本列',
    readDone: '“卡等级”（context.tier）现在是文本列；该单元格读作“= "gold"”。',
    typeOf: (column: string, type: string) => `“${column}”的类型：${type}。选择类型`,
    menuText: '文本',
    fromCells: '由单元格推断',
    refusedType:
      '“信用评分”（context.credit_score）不能改为文本列：有 2 个单元格的读法会改变——第 1 行（“>= 700”：',
    cleared: '“客户分层”（context.segment）的类型改为由单元格推断。',
    set: '“客户分层”（context.segment）现在是文本列（type: string）。',
    pasteWhere: '第 1 行，“信用评分”（context.credit_score）',
    pasteTier: '第 2 行，“卡等级”（context.tier）',
    readsSilver: '= "silver"（文本）',
    apply: '应用粘贴',
    cancel: '取消',
  },
} as const;

const types = (page: Page) => grid(page).getByTestId('column-type');
const reading = (page: Page) => grid(page).getByTestId('cell-reading');
const status = (page: Page) => grid(page).getByTestId('grid-status');

/** Types `text` on a selected cell (the first key opens its editor) and commits it with Enter. */
async function typeInto(page: Page, row: number, col: number, text: string, reads: string) {
  await cell(page, row, col).click();
  await expect(focusInput(page, row, col)).toBeFocused();
  await page.keyboard.type(text);
  await expect(reading(page)).toHaveText(reads);
  await page.keyboard.press('Enter');
}

for (const lang of ['en', 'zh'] as const) {
  const T = TEXT[lang];
  const segment = lang === 'zh' ? '客户分层' : 'Segment';
  const score = lang === 'zh' ? '信用评分' : 'credit score';

  test(`${lang}: plain words in text columns, and a column's type`, async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.addInitScript((l) => localStorage.setItem('erdl-studio.lang', l), lang);
    await page.goto('/');
    await page.waitForFunction(() => performance.getEntriesByName('erdl:markers').length > 0);
    await addDocument(page, { name: 'card-offers', text: DOC, panel: 'table' });
    await expect(grid(page)).toBeVisible();

    // The header shows each column's type: Segment declared text, Tier not yet known.
    await expect(types(page)).toHaveText([`${T.text}`, `${T.unknown}`, `${T.number}`]);
    await expect(types(page).nth(0)).toHaveAttribute('data-declared', 'string');

    // Plain words in the text column: standard, then in gold, platinum.
    await typeInto(page, 0, 0, 'standard', T.readsStandard);
    await expect(cell(page, 0, 0)).toHaveText('= "standard"');
    await typeInto(page, 1, 0, 'in gold, platinum', T.readsIn);
    await expect(cell(page, 1, 0)).toHaveText('in ["gold", "platinum"]');
    const typed = await storeText(page);
    expect(typed).toContain('when: [[eq, "standard"], "-", [gte, 700]]');
    expect(typed).toContain('when: [[in, ["gold", "platinum"]], "-", [between, [580, 699]]]');
    await page.screenshot({ path: `${SHOTS}/${lang}-1-words-saved.png` });

    // A word in the column without a type is not guessed: the grid asks.
    await cell(page, 0, 1).click();
    await page.keyboard.type('gold');
    await expect(reading(page)).toContainText(T.cannotRead);
    const offer = grid(page).getByRole('button', { name: T.readAsText });
    await expect(offer).toBeVisible();
    // Enter does not save it: the cell keeps its value, the offer stays.
    await page.keyboard.press('Enter');
    await expect(offer).toBeVisible();
    expect(await storeText(page)).toBe(typed);
    await page.screenshot({ path: `${SHOTS}/${lang}-2-read-as-text-offered.png` });
    await offer.click();
    await expect(cell(page, 0, 1)).toHaveText('= "gold"');
    await expect(types(page).nth(1)).toHaveText(`${T.text}`);
    await expect(types(page).nth(1)).toHaveAttribute('data-declared', 'string');
    await expect(status(page)).toHaveText(T.readDone);
    const read = await storeText(page);
    expect(read).toContain(`          label: { zh: "卡等级", en: "Tier" }
          type: string
`);
    expect(read).toContain('when: [[eq, "standard"], [eq, "gold"], [gte, 700]]');
    await page.screenshot({ path: `${SHOTS}/${lang}-3-read-as-text-done.png` });
    // The type and the word are one undo step.
    await cell(page, 2, 2).click();
    await page.keyboard.press('Control+z');
    await expect.poll(() => storeText(page)).toBe(typed);
    await expect(types(page).nth(1)).toHaveText(`${T.unknown}`);
    await page.keyboard.press('Control+y');
    await expect.poll(() => storeText(page)).toBe(read);

    // Pasted words in the column without a type: the preview names the column and asks too.
    await page.keyboard.press('Control+z');
    await expect.poll(() => storeText(page)).toBe(typed);
    await cell(page, 1, 1).click();
    await pasteIntoGrid(page, 'silver');
    const preview = grid(page).getByTestId('paste-preview');
    await expect(preview).toContainText(T.pasteTier);
    const pasteOffer = preview.getByRole('button', { name: T.readAsText });
    await page.screenshot({ path: `${SHOTS}/${lang}-4-paste-asks.png` });
    await pasteOffer.click();
    await expect(types(page).nth(1)).toHaveAttribute('data-declared', 'string');
    await expect(pasteOffer).toHaveCount(0);
    await expect(preview).toContainText(T.readsSilver);
    await preview.getByRole('button', { name: T.apply }).click();
    await expect(preview).toHaveCount(0);
    await expect(cell(page, 1, 1)).toHaveText('= "silver"');
    const pasted = await storeText(page);
    expect(pasted).toContain(
      'when: [[in, ["gold", "platinum"]], [eq, "silver"], [between, [580, 699]]]',
    );

    // The type set from the header: credit score cannot become text (its numbers would read
    // differently), and the refusal names the cells.
    await grid(page)
      .getByRole('button', { name: T.typeOf(score, T.number) })
      .click();
    const menu = page.getByTestId('column-type-menu');
    await expect(menu).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/${lang}-5-type-menu.png` });
    await menu.locator('[data-type="string"]').click();
    await expect(status(page)).toContainText(T.refusedType);
    expect(await storeText(page)).toBe(pasted);
    await expect(types(page).nth(2)).toHaveText(`${T.number}`);
    await page.screenshot({ path: `${SHOTS}/${lang}-6-type-refused.png` });

    // Segment's type back to its cells, then declared text again — by keyboard.
    const segmentType = grid(page).getByRole('button', { name: T.typeOf(segment, T.text) });
    await segmentType.click();
    await menu.locator('[data-type="cells"]').click();
    await expect(status(page)).toHaveText(T.cleared);
    await expect
      .poll(() => storeText(page))
      .not.toContain(`en: "Segment" }
          type: string`);
    // Its cells are texts, so it still reads text.
    await expect(types(page).nth(0)).toHaveText(`${T.text}`);
    await expect(types(page).nth(0)).not.toHaveAttribute('data-declared', 'string');
    await segmentType.focus();
    await page.keyboard.press('ArrowDown');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    await expect(menu.locator('[data-type="string"]')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(status(page)).toHaveText(T.set);
    await expect(types(page).nth(0)).toHaveAttribute('data-declared', 'string');
    await expect(segmentType).toBeFocused();

    // A paste that cannot be read names the column by its header and field.
    await cell(page, 0, 2).click();
    await pasteIntoGrid(page, 'gold');
    await expect(preview).toContainText(T.pasteWhere);
    await page.screenshot({ path: `${SHOTS}/${lang}-7-paste-names-column.png` });
    await preview.getByRole('button', { name: T.cancel }).click();
    await expect(preview).toHaveCount(0);
    // The document has no diagnostics about types: what the grid wrote fits every column.
    expect(await storeText(page)).toContain('type: string');
  });
}
