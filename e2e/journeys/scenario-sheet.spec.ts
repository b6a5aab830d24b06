import { mkdirSync } from 'node:fs';
import { readTables } from '../../src/kernel/table-edit';
import { gridStrings } from '../../src/studio/grid/strings';
import { scenarioStrings } from '../../src/studio/scenarios/strings';
import { shellStrings } from '../../src/studio/shell/strings';
import { cell, focusedCell, grid, openLoan, rowCount, storeText } from '../support/grid';
import { expect, type Page, test } from '../support/test';

/**
 * Issue #36 §8: the test cases under the decision table. The analyst opens the loan example in the
 * table view; under the grid, the fact suite's cases that reach the table — each fact in the
 * table's columns, expected and decided, the row that decided (a click selects it in the grid),
 * pass or fail. They edit a case's amount in the sheet (a value that does not read is refused,
 * saying where): the suite text holds the new value and, once the suite ran again, the case fails.
 * They change an expectation with the picker, add a test case for row 2 in one step (a passing
 * case), edit the table so that case fails, and add a test case from an example of the
 * uncovered-inputs band, expecting what the document decides now. English and Chinese, 1440×900.
 */

const SHOTS = '/tmp/shots-36/scenario-sheet';

async function shot(page: Page, lang: string, step: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${lang}-${step}.png` });
}

const sheet = (page: Page) => page.getByTestId('scenario-sheet').first();
const caseRows = (page: Page) => sheet(page).getByTestId('scenario-row');
const caseRow = (page: Page, name: string) =>
  caseRows(page).filter({ has: page.getByRole('rowheader', { name, exact: true }) });

function suiteText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const { store } = (
      globalThis as unknown as {
        __ERDL_STUDIO__: {
          store: {
            getState(): {
              activeId: string;
              documents: Record<string, { suite?: string }>;
            };
          };
        };
      }
    ).__ERDL_STUDIO__;
    const s = store.getState();
    return s.documents[s.activeId]?.suite ?? '';
  });
}

/** How the sheet names a row of the document's table: its number, and its name when it has one. */
async function rowLabel(page: Page, row: number, lang: 'en' | 'zh'): Promise<string> {
  const read = readTables(await storeText(page));
  if (!read.ok) throw new Error('the document does not read');
  const r = read.tables[0]?.rows[row];
  if (!r) throw new Error(`no row ${row + 1}`);
  const t = scenarioStrings[lang];
  return r.name
    ? t.rowNamed.replace('{row}', String(row + 1)).replace('{name}', r.name)
    : t.rowRef.replace('{row}', String(row + 1));
}

/** The page never scrolls sideways, and the sheet stays inside the panel (its table scrolls in it). */
async function expectNoOverflow(page: Page) {
  const overflow = await page.evaluate(() => {
    const root = document.documentElement;
    const sheetBox = document.querySelector('[data-testid="scenario-sheet"]');
    const panel = sheetBox?.closest('[data-testid="table-panel"]');
    const wide = [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > root.clientWidth + 1)
      .slice(0, 5)
      .map((e) => `${e.tagName}.${String(e.className)}`);
    return {
      page: root.scrollWidth - root.clientWidth,
      sheet:
        sheetBox && panel
          ? sheetBox.getBoundingClientRect().right - panel.getBoundingClientRect().right
          : 0,
      wide,
    };
  });
  expect(overflow.page, overflow.wide.join(' ')).toBeLessThanOrEqual(0);
  expect(overflow.sheet).toBeLessThanOrEqual(1);
}

/** Records every state the sheet goes through from now on (the checking one lasts a moment). */
async function watchStates(page: Page) {
  await page.evaluate(() => {
    const box = document.querySelector('[data-testid="scenario-sheet"]');
    const seen: string[] = [];
    (globalThis as unknown as { __sheetStates: string[] }).__sheetStates = seen;
    if (!box) return;
    new MutationObserver(() => seen.push(box.getAttribute('data-state') ?? '')).observe(box, {
      attributes: true,
      attributeFilter: ['data-state'],
    });
  });
}

const statesSeen = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { __sheetStates: string[] }).__sheetStates);

const CASES = {
  poor: 'a poor score is declined whatever the amount',
  small: 'good score, small loan: approved',
  boundary: 'boundary: a score of exactly 700 with 20000 is approved',
};

for (const lang of ['en', 'zh'] as const) {
  const S = scenarioStrings[lang];
  const G = gridStrings[lang];
  const L = shellStrings[lang].layout;
  test(`${lang}: the test cases under the loan table, edited, added and failing`, async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.addInitScript((l) => localStorage.setItem('erdl-studio.lang', l), lang);
    await openLoan(page);
    await page.getByRole('button', { name: L.tableView }).click();
    await expect(page.getByTestId('table-view').getByTestId('decision-grid')).toBeVisible();
    await page.getByRole('button', { name: L.hideYaml }).click();

    // 1. The sheet lists the suite's six cases, each fact in the table's columns, all passing.
    await expect(sheet(page)).toHaveAttribute('data-state', 'current');
    await expect(caseRows(page)).toHaveCount(6);
    const headers = sheet(page).locator('thead th');
    await expect(headers.nth(1)).toContainText(lang === 'zh' ? '信用评分' : 'credit score');
    await expect(headers.nth(2)).toContainText(lang === 'zh' ? '贷款金额' : 'loan amount');
    const poor = caseRow(page, CASES.poor);
    await expect(poor.locator('td').nth(0)).toHaveText('540');
    await expect(poor.locator('td').nth(1)).toHaveText('1,000');
    await expect(poor.getByTestId('scenario-expected')).toHaveValue('DENY');
    await expect(poor.getByTestId('scenario-actual')).toContainText('DENY');
    await expect(poor.getByTestId('scenario-row-cell').getByRole('button')).toHaveText(
      await rowLabel(page, 0, lang),
    );
    await expect(poor.getByTestId('scenario-result')).toContainText(S.pass);
    for (const r of await caseRows(page).all())
      await expect(r).toHaveAttribute('data-status', 'pass');
    await sheet(page).scrollIntoViewIfNeeded();
    await expectNoOverflow(page);
    await shot(page, lang, '1-sheet');

    // 2. The deciding row's link selects that row in the grid.
    const small = caseRow(page, CASES.small);
    await small.getByTestId('scenario-row-cell').getByRole('button').click();
    await expect.poll(() => focusedCell(page)).toMatch(/^1:/);

    // 3. A value that does not read as the column's type is refused where it was typed.
    const amount = small.locator('td').nth(1);
    await amount.click();
    await page.keyboard.type('twenty');
    await page.keyboard.press('Enter');
    const refusal = sheet(page).getByRole('alert');
    await expect(refusal).toContainText(`${CASES.small}`);
    await expect(refusal).toContainText(lang === 'zh' ? '贷款金额' : 'loan amount');
    await shot(page, lang, '2-refused');
    // Fixed: the amount becomes 25,000; the suite text holds it; the results are being checked.
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('25,000');
    await watchStates(page);
    await page.keyboard.press('Enter');
    await expect(amount).toHaveText('25,000');
    expect(await suiteText(page)).toContain('context: { credit_score: 760, amount: 25000 }');
    // Until the suite ran on the new text, the sheet said its results were being checked.
    await expect.poll(() => statesSeen(page)).toContain('checking');
    // Once the suite ran: a loan officer decides (row 3), and the case fails.
    await expect(sheet(page)).toHaveAttribute('data-state', 'current');
    await expect(small).toHaveAttribute('data-status', 'fail');
    await expect(small.getByTestId('scenario-actual')).toContainText('REQUEST_HUMAN');
    await expect(small.getByTestId('scenario-row-cell').getByRole('button')).toHaveText(
      await rowLabel(page, 2, lang),
    );
    // The row the case expects, under the row that fired instead.
    await expect(small.getByTestId('scenario-expected-row')).toContainText(
      await rowLabel(page, 1, lang),
    );
    await expect(sheet(page).getByTestId('scenario-status')).toContainText('25,000');
    await shot(page, lang, '3-edited-failing');

    // 4. The expectation's picker: the boundary case expects DENY (fails), then ALLOW again.
    const boundary = caseRow(page, CASES.boundary);
    await boundary.getByTestId('scenario-expected').selectOption('DENY');
    expect(await suiteText(page)).toContain('expect: { decision: DENY }');
    await expect(boundary).toHaveAttribute('data-status', 'fail');
    await boundary.getByTestId('scenario-expected').selectOption('ALLOW');
    await expect(boundary).toHaveAttribute('data-status', 'pass');

    // 5. A test case for row 2 in one step: values row 2 matches (700 and 20,000), passing.
    await cell(page, 1, 0).click();
    const add = sheet(page).getByTestId('scenario-add-row');
    await expect(add).toHaveText(S.addForRow.replace('{row}', '2'));
    await add.click();
    await expect(caseRows(page)).toHaveCount(7);
    const added = caseRows(page).nth(6);
    await expect(added.locator('td').nth(0)).toHaveText('700');
    await expect(added.locator('td').nth(1)).toHaveText('20,000');
    await expect(added.getByTestId('scenario-expected')).toHaveValue('ALLOW');
    await expect(added).toHaveAttribute('data-status', 'pass');
    await expect(added.getByTestId('scenario-row-cell').getByRole('button')).toHaveText(
      await rowLabel(page, 1, lang),
    );
    const addedName = (await added.locator('th').textContent()) ?? '';
    expect(await suiteText(page)).toContain(`name: "${addedName}"`);
    await added.scrollIntoViewIfNeeded();
    await expectNoOverflow(page);
    await shot(page, lang, '4-added-for-row');

    // 6. The table edited so that case fails: row 2 now needs a score of 750.
    await cell(page, 1, 0).click();
    await page.keyboard.type('>= 750');
    await page.keyboard.press('Enter');
    await expect(cell(page, 1, 0)).toHaveText('>= 750');
    await expect(sheet(page)).toHaveAttribute('data-state', 'current');
    await expect(added).toHaveAttribute('data-status', 'fail');
    await expect(added.getByTestId('scenario-actual')).toContainText('DENY');
    await expect(added.getByTestId('scenario-row-cell').getByRole('button')).toHaveText(
      await rowLabel(page, 4, lang),
    );
    await added.scrollIntoViewIfNeeded();
    await shot(page, lang, '5-table-edited-failing');

    // 7. Without the default row, an example of the uncovered-inputs band becomes a test case
    // expecting what the document decides now (its fallback, DENY), and passes.
    await cell(page, 4, 0).click();
    await grid(page).getByRole('button', { name: G.deleteRow, exact: true }).click();
    await expect.poll(() => rowCount(page)).toBe(4);
    const band = grid(page).getByTestId('uncovered-band');
    const fromExample = band.getByTestId('scenario-add-example').first();
    await fromExample.click();
    await expect(band.getByRole('status').first()).toContainText('DENY');
    await expect(caseRows(page)).toHaveCount(8);
    const example = caseRows(page).nth(7);
    await expect(example.getByTestId('scenario-expected')).toHaveValue('DENY');
    await expect(example).toHaveAttribute('data-status', 'pass');
    await expect(example.getByTestId('scenario-row-cell')).toContainText(S.noRow);
    await fromExample.scrollIntoViewIfNeeded();
    await expectNoOverflow(page);
    await shot(page, lang, '6-band-example');
    await example.scrollIntoViewIfNeeded();
    await shot(page, lang, '7-band-example-case');
  });
}
