import { mkdirSync } from 'node:fs';
import { cell, grid, openLoan, pasteIntoGrid, storeText } from '../support/grid';
import { expect, type Page, test } from '../support/test';

/**
 * Issue #36 points 4 and 9: the paste preview shows was → becomes for each changed cell and flags
 * every row the paste widens; Delete says what it deleted; a fill down into the default row is
 * explained. The analyst's steps on the loan example at 1440×900, in English and in Chinese:
 * select `< 580` and the cell below, paste a blank and a wider `>= 650` (and two cells as they
 * already are), read the preview, confirm, apply; Delete two loan amounts; Ctrl+D into the default
 * row; Delete row; then New document, whose template is in the UI language.
 */

const TEXT = {
  en: {
    was: 'Was',
    becomes: 'Becomes',
    any: 'any value',
    ge650: '≥ 650 (number)',
    widens: 'widens',
    widens1: 'Widens row 1: it now matches any credit score, not only < 580.',
    widens2: 'Widens row 2: it now matches credit score ≥ 650, not only ≥ 700.',
    unchanged: '2 pasted cells read exactly as they are now: not listed, not changed.',
    apply: 'Apply paste (widens 2 rows)',
    confirm: 'I confirm',
    cleared:
      'Cleared 2 cells to any value (row 2: loan amount; row 3: loan amount). Ctrl+Z undoes it.',
    fillIntoDefault: 'Nothing filled: a fill down into the default row (row 5) is refused.',
    deleteRow: 'Delete row',
    deleted: /^Deleted row 4 (“[^”]+” )?\(Escalate\)\. Ctrl\+Z undoes it\.$/,
    newDocument: 'New document',
    template: [
      '# A new rule set',
      'description: "Describe the rule set"',
      'message: "Running the tests is allowed"',
    ],
  },
  zh: {
    was: '原值',
    becomes: '改为',
    any: '任意值',
    ge650: '≥ 650（数字）',
    widens: '放宽',
    widens1: '放宽第 1 行：现在匹配任意信用评分，而不只是 < 580。',
    widens2: '放宽第 2 行：现在匹配信用评分 ≥ 650，而不只是 ≥ 700。',
    unchanged: '有 2 个粘贴单元格的读取结果与现有内容完全相同：不列出，也不改动。',
    apply: '应用粘贴（放宽 2 行）',
    confirm: '我确认',
    cleared: '已将 2 个单元格清空为任意值（第 2 行：贷款金额；第 3 行：贷款金额）。Ctrl+Z 可撤销。',
    fillIntoDefault: '未填充任何内容：不能向下填充到默认行（第 5 行）。',
    deleteRow: '删除行',
    deleted: /^已删除第 4 行(“[^”]+”)?（升级）。Ctrl\+Z 可撤销。$/,
    newDocument: '新建文档',
    template: ['# 新规则集', 'description: "请描述此规则集"', 'message: "允许运行测试"'],
  },
} as const;

const SHOTS = '/tmp/shots-36/paste-preview';

async function shot(page: Page, lang: string, step: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${lang}-${step}.png` });
}

for (const lang of ['en', 'zh'] as const) {
  const L = TEXT[lang];
  test(`paste preview: was → becomes, widenings flagged; Delete and fill down say what they did (${lang})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.addInitScript((l) => localStorage.setItem('erdl-studio.lang', l), lang);
    await openLoan(page);
    const before = await storeText(page);

    // 1. `< 580` and the cell below selected; a blank and a wider `>= 650` pasted over them, with
    //    the two loan amounts as they already are.
    await cell(page, 0, 0).click();
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+ArrowRight');
    await pasteIntoGrid(page, '\t-\n>= 650\t<= 20000');
    const preview = grid(page).getByTestId('paste-preview');
    await expect(preview).toBeVisible();
    await expect(preview.locator('thead')).toContainText(L.was);
    await expect(preview.locator('thead')).toContainText(L.becomes);
    const blank = preview.locator('[data-paste-cell="0:0"]');
    await expect(blank.locator('.paste-was')).toHaveText('< 580');
    await expect(blank.locator('.paste-becomes')).toContainText(L.any);
    await expect(blank).toHaveAttribute('data-widens', 'widens');
    await expect(blank).toContainText(L.widens);
    const wider = preview.locator('[data-paste-cell="1:0"]');
    await expect(wider.locator('.paste-was')).toHaveText('>= 700');
    await expect(wider.locator('.paste-becomes')).toContainText(L.ge650);
    await expect(wider).toHaveAttribute('data-widens', 'widens');
    // Unchanged cells are not listed as changes.
    await expect(preview.locator('[data-paste-cell="0:1"]')).toHaveCount(0);
    await expect(preview.locator('[data-paste-cell="1:1"]')).toHaveCount(0);
    await expect(preview.getByTestId('paste-unchanged')).toHaveText(L.unchanged);
    const widenings = preview.getByTestId('paste-widenings');
    await expect(widenings).toContainText(L.widens1);
    await expect(widenings).toContainText(L.widens2);
    const apply = preview.getByRole('button', { name: L.apply, exact: true });
    await expect(apply).toBeDisabled();
    expect(await storeText(page)).toBe(before);
    // Every column of the preview fits the side panel: nothing to scroll sideways to.
    const overflow = await preview
      .locator('.paste-preview-scroll')
      .evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, lang, '1-preview');

    // 2. Confirmed and applied: one change.
    await preview.getByLabel(L.confirm).check();
    await apply.click();
    await expect(preview).toHaveCount(0);
    await expect(cell(page, 0, 0)).toHaveText('-');
    await expect(cell(page, 1, 0)).toHaveText('>= 650');
    await expect(cell(page, 1, 1)).toHaveText('<= 20000');

    // 3. Delete on two loan amounts: the status line names what was cleared.
    await cell(page, 1, 1).click();
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Delete');
    const status = grid(page).getByTestId('grid-status');
    await expect(status).toHaveText(L.cleared);
    await expect(cell(page, 1, 1)).toHaveText('-');
    await expect(cell(page, 2, 1)).toHaveText('-');
    await shot(page, lang, '2-delete');

    // 4. Ctrl+D from row 4 into the default row: refused, and why.
    const text = await storeText(page);
    await cell(page, 3, 0).click();
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Control+d');
    await expect(status).toContainText(L.fillIntoDefault);
    expect(await storeText(page)).toBe(text);
    await shot(page, lang, '3-fill-into-default');

    // 5. Delete row 4 from the toolbar: the status line says which row went.
    await cell(page, 3, 0).click();
    await grid(page).getByRole('button', { name: L.deleteRow, exact: true }).click();
    await expect(status).toHaveText(L.deleted);
    await shot(page, lang, '4-delete-row');

    // 6. The New document template speaks the UI language (its comment, descriptions, message).
    await page.getByRole('button', { name: L.newDocument, exact: true }).click();
    await expect.poll(() => storeText(page)).toContain(L.template[2]);
    const template = await storeText(page);
    for (const line of L.template) expect(template).toContain(line);
    await shot(page, lang, '5-new-document');
  });
}
