import { mkdirSync } from 'node:fs';
import { cell, grid, rowCount, storeText } from '../support/grid';
import { expect, type Page, test } from '../support/test';

/**
 * Issue 36 point 6: structure in the grid, as in dmn-js. An analyst starts a new document, creates
 * a decision table (it starts with a default row that fails closed, saying so), adds a column from
 * the column header menu, labels it in Chinese and English in one form, renames a field (a path the
 * validator refuses is refused with where), inserts and removes a column by keyboard, removes the
 * default row (the widening is confirmed first) and adds it back, names and describes the table;
 * renaming the loan example's table says first how many suite cases name its rows. English and
 * Chinese at 1440×900, with the mouse and the keyboard.
 */

const SHOTS = '/tmp/shots-36/structure';
mkdirSync(SHOTS, { recursive: true });

const TEXT = {
  en: {
    newDocument: 'New document',
    tableTab: 'Table',
    newTable: 'New decision table',
    firstField: 'Field path of the first column',
    add: 'Add',
    menu: (column: string) => `Column menu: ${column}`,
    insertRight: 'Insert column right…',
    insertLeft: 'Insert column left…',
    label: 'Label…',
    field: 'Field path…',
    remove: 'Remove column',
    addColumn: 'Add column',
    saveLabel: 'Save label',
    renameField: 'Rename field',
    fieldRefused: 'At character 13 of "context.loan amount": Invalid field path',
    removeDefault: 'Remove default row',
    addDefault: 'Add default row',
    widens:
      "Removing the default row widens what the table allows: inputs no row matches would be decided, unless another rule of the document decides them, by the document's fallback decision ALLOW (allow) instead of this row's DENY (block).",
    keep: 'Keep the default row',
    removeAnyway: 'Remove anyway',
    defaultMessage:
      "No row above matches these inputs, so the operation is blocked (this table's default row fails closed)",
    titleEdit: 'Name and description…',
    name: 'Name',
    description: 'Description',
    describe: 'Credit limits by score and amount',
    save: 'Save',
    cancel: 'Cancel',
    suiteCases:
      '5 suite cases name rows of “FIN-201-loan-decision”; they will need the new name “FIN-202-loans”',
    renameAnyway: 'Rename anyway',
  },
  zh: {
    newDocument: '新建文档',
    tableTab: '决策表',
    newTable: '新建决策表',
    firstField: '第一列的字段路径',
    add: '添加',
    menu: (column: string) => `列菜单：${column}`,
    insertRight: '在右侧插入列…',
    insertLeft: '在左侧插入列…',
    label: '列标签…',
    field: '字段路径…',
    remove: '删除列',
    addColumn: '添加列',
    saveLabel: '保存列标签',
    renameField: '重命名字段',
    fieldRefused: '“context.loan amount”第 13 个字符处：字段路径“context.loan amount”无效',
    removeDefault: '删除默认行',
    addDefault: '添加默认行',
    widens:
      '删除默认行会放宽本表允许的范围：没有任何行匹配的输入，除非本文档的其他规则对其作出决策，否则将由文档的兜底决策 ALLOW（放行）决定，而不再是此行的 DENY（拦截）。',
    keep: '保留默认行',
    removeAnyway: '仍然删除',
    defaultMessage: '上方没有任何行匹配这些输入，因此拦截（本表的默认行，失败关闭）',
    titleEdit: '名称和描述…',
    name: '名称',
    description: '描述',
    describe: '按评分和金额决定的信用额度',
    save: '保存',
    cancel: '取消',
    suiteCases:
      '有 5 个测试用例引用了“FIN-201-loan-decision”的行；它们需要改用新名称“FIN-202-loans”',
    renameAnyway: '仍然重命名',
  },
} as const;

const headers = (page: Page) =>
  grid(page)
    .locator('thead th[data-column-name]')
    .evaluateAll((ths) =>
      ths
        .filter((th) => th.querySelector('[data-testid="column-menu-button"]'))
        .map((th) => th.querySelector('.column-label')?.textContent ?? ''),
    );

for (const lang of ['en', 'zh'] as const) {
  const T = TEXT[lang];
  test(`${lang}: a new table's structure built in the grid`, async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.addInitScript((l) => localStorage.setItem('erdl-studio.lang', l), lang);
    await page.goto('/');
    await page.waitForFunction(() => performance.getEntriesByName('erdl:markers').length > 0);

    // A new document, its Table panel, a new table on credit_score.
    await page.getByRole('button', { name: T.newDocument, exact: true }).click();
    await page.getByRole('tab', { name: T.tableTab, exact: true }).click();
    await page.getByRole('button', { name: T.newTable }).click();
    await page.getByLabel(T.firstField).fill('context.credit_score');
    await page.keyboard.press('Enter');
    await expect(grid(page)).toBeVisible();
    // It starts with a default row that fails closed (the New template's fallback is ALLOW).
    await expect.poll(() => rowCount(page)).toBe(2);
    await expect(cell(page, 1, 1)).toContainText('DENY');
    expect(await storeText(page)).toContain(`message: "${T.defaultMessage}"`);
    await page.screenshot({ path: `${SHOTS}/${lang}-1-new-table.png` });

    // Add a column right of credit_score from its header menu, labelled in both languages.
    await grid(page)
      .getByRole('button', { name: T.menu('context.credit_score') })
      .click();
    await page.getByRole('menuitem', { name: T.insertRight }).click();
    const form = page.getByTestId('column-form');
    await form.getByTestId('new-field-path').fill('context.amount');
    await form.getByTestId('new-label-zh').fill('金额');
    await form.getByTestId('new-label-en').fill('amount');
    await page.screenshot({ path: `${SHOTS}/${lang}-2-insert-form.png` });
    await form.getByRole('button', { name: T.addColumn }).click();
    await expect(form).toHaveCount(0);
    const amount = lang === 'zh' ? '金额' : 'amount';
    await expect.poll(() => headers(page)).toEqual(['context.credit_score', amount]);

    // Relabel it: Chinese and English in one form, by keyboard from the menu button.
    const amountMenu = grid(page).getByRole('button', { name: T.menu(amount) });
    await amountMenu.focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: T.label })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(form.getByTestId('label-zh')).toHaveValue('金额');
    await form.getByTestId('label-zh').fill('贷款金额');
    await form.getByTestId('label-en').fill('loan amount');
    await page.screenshot({ path: `${SHOTS}/${lang}-3-label-form.png` });
    await page.keyboard.press('Enter');
    await expect(form).toHaveCount(0);
    const loanAmount = lang === 'zh' ? '贷款金额' : 'loan amount';
    await expect.poll(() => headers(page)).toEqual(['context.credit_score', loanAmount]);
    expect(await storeText(page)).toContain('label: { zh: "贷款金额", en: "loan amount" }');
    // The menu button has the focus back.
    await expect(grid(page).getByRole('button', { name: T.menu(loanAmount) })).toBeFocused();

    // Rename its field: a path with a space is refused, saying where; then a good one.
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: T.field }).click();
    const path = form.getByTestId('field-path');
    await path.fill('context.loan amount');
    await page.keyboard.press('Enter');
    await expect(form.getByRole('alert').first()).toContainText(T.fieldRefused);
    await page.screenshot({ path: `${SHOTS}/${lang}-4-field-refused.png` });
    await path.fill('context.loan_amount');
    await form.getByRole('button', { name: T.renameField }).click();
    await expect(form).toHaveCount(0);
    await expect(grid(page).locator('thead .column-field').last()).toHaveText(
      'context.loan_amount',
    );

    // Insert a column left of it by keyboard, then remove it from its menu.
    await grid(page)
      .getByRole('button', { name: T.menu(loanAmount) })
      .focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: T.label })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: T.insertLeft })).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.type('context.term_months');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => headers(page))
      .toEqual(['context.credit_score', 'context.term_months', loanAmount]);
    await grid(page)
      .getByRole('button', { name: T.menu('context.term_months') })
      .click();
    await page.keyboard.press('End');
    await expect(page.getByRole('menuitem', { name: T.remove })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect.poll(() => headers(page)).toEqual(['context.credit_score', loanAmount]);

    // Remove the default row: the fallback ALLOW is less blocking, so it asks, saying what decides.
    const toolbar = grid(page).getByRole('toolbar');
    await toolbar.getByRole('button', { name: T.removeDefault }).click();
    const confirm = page.getByTestId('default-row-confirm');
    await expect(confirm).toContainText(T.widens);
    await expect(confirm.getByRole('button', { name: T.keep })).toBeFocused();
    await page.screenshot({ path: `${SHOTS}/${lang}-5-remove-default-confirm.png` });
    await page.keyboard.press('Enter');
    await expect(confirm).toHaveCount(0);
    expect(await rowCount(page)).toBe(2);
    await toolbar.getByRole('button', { name: T.removeDefault }).click();
    await confirm.getByRole('button', { name: T.removeAnyway }).click();
    await expect.poll(() => rowCount(page)).toBe(1);
    const withoutDefault = await storeText(page);
    expect(withoutDefault).not.toContain('when: []');
    // Added back: fails closed (DENY), saying it is the default; one undo step takes it back.
    await toolbar.getByRole('button', { name: T.addDefault }).click();
    await expect.poll(() => rowCount(page)).toBe(2);
    await expect(cell(page, 1, 2)).toContainText('DENY');
    expect(await storeText(page)).toContain(`message: "${T.defaultMessage}"`);
    await cell(page, 0, 0).click();
    await page.keyboard.press('Control+z');
    await expect.poll(() => storeText(page)).toBe(withoutDefault);
    await page.keyboard.press('Control+y');
    await expect.poll(() => rowCount(page)).toBe(2);

    // Name and describe the table.
    const title = grid(page).getByTestId('table-title');
    await title.getByRole('button', { name: T.titleEdit }).click();
    const titleForm = page.getByTestId('table-title-form');
    await titleForm.getByTestId('table-name').fill('FIN-301-credit-limit');
    await titleForm.getByTestId('table-description').fill(T.describe);
    await titleForm.getByRole('button', { name: T.save }).click();
    await expect(titleForm).toHaveCount(0);
    await expect(grid(page).getByTestId('table-title')).toContainText('FIN-301-credit-limit');
    await expect(grid(page).getByTestId('table-title')).toContainText(T.describe);
    await expect(grid(page).getByTestId('table-title-edit')).toBeFocused();
    const text = await storeText(page);
    expect(text).toContain('- name: "FIN-301-credit-limit"');
    expect(text).toContain(`description: "${T.describe}"`);
    await page.screenshot({ path: `${SHOTS}/${lang}-6-named.png` });

    // The loan example: renaming its table says first that the suite names its rows; cancelled.
    await page
      .getByRole('button', { name: /^loan-decision-table/ })
      .first()
      .click();
    await expect(grid(page)).toHaveAttribute('data-entry', 'FIN-201-loan-decision');
    await grid(page).getByRole('button', { name: T.titleEdit }).click();
    await titleForm.getByTestId('table-name').fill('FIN-202-loans');
    await page.keyboard.press('Enter');
    await expect(titleForm.getByTestId('rename-warning')).toContainText(T.suiteCases);
    await expect(titleForm.getByRole('button', { name: T.renameAnyway })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/${lang}-7-rename-suite-warning.png` });
    await titleForm.getByRole('button', { name: T.cancel }).click();
    await expect(titleForm).toHaveCount(0);
    expect(await storeText(page)).toContain('- name: "FIN-201-loan-decision"');
  });
}
