import { cell, grid, openLoan, rowCount, storeText } from '../support/grid';
import { expect, type Page, test } from '../support/test';

/**
 * Issue #15 §2: the uncovered-inputs band. The analyst deletes the loan table's default row; the
 * band under the table lists the inputs no row matches in display names and formatted numbers;
 * "Add a row for these inputs" adds the row covering exactly that region, failing closed (DENY
 * with a message), above where the default was; the band updates from the re-analysis; one undo
 * takes the row back. English and Chinese, at 1440×900.
 */

const TEXT = {
  en: {
    deleteRow: 'Delete row',
    add: 'Add a row for these inputs',
    region1:
      'These inputs reach no row: credit score strictly between 699 and 700 (such as 699.5), loan amount any value.',
    region2: 'These inputs reach no row: credit score 580, loan amount 5,001.',
    adds1: 'The row it adds: credit score > 699, loan amount any value, then DENY (block).',
    adds2:
      'The row it adds: credit score between [580, 699], loan amount > 5000, then DENY (block).',
    message: 'Inputs no row covered: not allowed until a rule decides them',
    wider: 'Its condition is wider than these inputs: the rows above keep the rest',
  },
  zh: {
    deleteRow: '删除行',
    add: '为这些输入添加一行',
    region1:
      '以下输入没有匹配的行：信用评分介于 699 与 700 之间（不含两端，如 699.5）、贷款金额为任意值。',
    region2: '以下输入没有匹配的行：信用评分 580、贷款金额 5,001。',
    adds1: '将添加的行（信用评分：> 699，贷款金额：任意值），决策为 DENY（拦截）。',
    adds2: '将添加的行（信用评分：between [580, 699]，贷款金额：> 5000），决策为 DENY（拦截）。',
    message: '没有任何行覆盖的输入：在有规则决策之前不予放行',
    wider: '其条件比这些输入更宽：其余输入仍由上方各行决策',
  },
} as const;

async function setLang(page: Page, lang: 'en' | 'zh') {
  await page.addInitScript((l) => localStorage.setItem('erdl-studio.lang', l), lang);
}

const band = (page: Page) => grid(page).getByTestId('uncovered-band');

for (const lang of ['en', 'zh'] as const) {
  const T = TEXT[lang];
  test(`${lang}: a gap in the band, its row added fail-closed, undone in one step`, async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 1440, height: 900 });
    await setLang(page, lang);
    await openLoan(page);
    // The loan table has a default row: no band.
    await expect(band(page)).toHaveCount(0);

    // Delete the default row (row 5).
    await cell(page, 4, 0).click();
    await grid(page).getByRole('button', { name: T.deleteRow, exact: true }).click();
    await expect.poll(() => rowCount(page)).toBe(4);
    const withoutDefault = await storeText(page);

    // The band lists both regions in display names and formatted numbers.
    const regions = band(page).getByTestId('uncovered-region');
    await expect(regions).toHaveCount(2);
    await expect(regions.nth(0)).toContainText(T.region1);
    await expect(regions.nth(0)).toContainText(T.adds1);
    await expect(regions.nth(1)).toContainText(T.region2);
    await expect(regions.nth(1)).toContainText(T.adds2);
    // `> 699` is wider than 699 < score < 700: the band says so; the second row is exact.
    await expect(regions.nth(0)).toContainText(T.wider);
    await expect(regions.nth(1)).not.toContainText(T.wider);
    await band(page).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/uncovered-band-${lang}.png` });

    // Add the row for the second region: a named DENY row with the message, at the end.
    await regions.nth(1).getByRole('button', { name: T.add }).click();
    await expect.poll(() => rowCount(page)).toBe(5);
    await expect(cell(page, 4, 0)).toHaveText('between [580, 699]');
    await expect(cell(page, 4, 1)).toHaveText('> 5000');
    await expect(cell(page, 4, 2)).toContainText('DENY');
    const text = await storeText(page);
    // A neutral name (I-90): its number, as the loan's rows are all named.
    expect(text).toContain('- name: "5"');
    expect(text).toContain(`message: "${T.message}"`);
    // The band now shows the one region left (from the re-analysis of the new text).
    await expect(regions).toHaveCount(1);
    await expect(regions.nth(0)).toContainText(T.region1);
    await page.screenshot({ path: `/tmp/uncovered-band-added-${lang}.png` });

    // One undo step takes the row back, and the band lists both regions again.
    await cell(page, 0, 0).click();
    await page.keyboard.press('Control+z');
    await expect.poll(() => storeText(page)).toBe(withoutDefault);
    await expect(regions).toHaveCount(2);

    // Both rows added: no input of the columns' kinds reaches no row; the band is gone.
    await regions.nth(0).getByRole('button', { name: T.add }).click();
    await expect(regions).toHaveCount(1);
    await regions.nth(0).getByRole('button', { name: T.add }).click();
    await expect.poll(() => rowCount(page)).toBe(6);
    await expect(band(page)).toHaveCount(0);
    await expect(cell(page, 4, 0)).toHaveText('> 699');
    await expect(cell(page, 4, 1)).toHaveText('-');
  });
}
