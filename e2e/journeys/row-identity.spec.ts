import { mkdirSync, readFileSync } from 'node:fs';
import { cell, grid, type Hook, openLoan, rowCount, storeText } from '../support/grid';
import { expect, type Page, test } from '../support/test';

/**
 * Issue 36 point 1 (ruling I-90): row identity holds for every edit. A loan table written before
 * rows had names (every row `FIN-201-loan-decision#<n>`) and its suite naming rows by number: the
 * user runs the suite, clicks "Add row" on row 4 (a row above the default row) and presses Alt+↓ on
 * row 2 — the suite still passes, the Compiled rule column and the trace show the same names, and
 * the first edit says it named the rows. The shipped example's rows have names. English and
 * Chinese, at 1440×900.
 */

const SHOTS = '/tmp/shots-36/row-identity';
mkdirSync(SHOTS, { recursive: true });

const TEXT = {
  en: {
    addRow: 'Add row below',
    passing: 'Tests: 6/6 pass',
    note: "Rows 1–5 now carry their numbers as names, so inserting, moving or deleting rows keeps every row's name (and the suite's references).",
    evaluate: 'Evaluate',
    decidedBy: 'Decided by FIN-201-loan-decision#3',
  },
  zh: {
    addRow: '在下方添加行',
    passing: '测试：6/6 通过',
    note: '第 1–5 行现在以各自的行号为行名，因此插入、移动或删除行不会改变任何一行的名称，测试集中的引用依然有效。',
    evaluate: '求值',
    decidedBy: '由 FIN-201-loan-decision#3 决定',
  },
} as const;

const SHIPPED = readFileSync(
  new URL('../../src/studio/examples/loan-decision-table.erdl.yaml', import.meta.url),
  'utf8',
);
const SHIPPED_SUITE = readFileSync(
  new URL('../../src/studio/examples/loan-decision-table.facts.yaml', import.meta.url),
  'utf8',
);
const NAMES = ['poor-score', 'good-small-loan', 'good-large-loan', 'fair-small-loan', 'default'];
/** The loan table as it was written before its rows had names, and its suite naming rows by number. */
const UNNAMED = SHIPPED.replace(/- name: "[a-z-]+"\n {10}/g, '- ');
const POSITIONAL_SUITE = NAMES.reduce(
  (s, name, i) => s.replace(`#${name}"`, `#${i + 1}"`),
  SHIPPED_SUITE,
);

const ruleNames = (page: Page) =>
  grid(page)
    .locator('tbody tr[data-row] .rule-name')
    .evaluateAll((cells) => cells.map((c) => c.textContent?.trim() ?? ''));
const entry = (ns: readonly (number | string)[]) => ns.map((n) => `FIN-201-loan-decision#${n}`);

for (const lang of ['en', 'zh'] as const) {
  const L = TEXT[lang];
  test.describe(`row identity (${lang})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.addInitScript((l) => localStorage.setItem('erdl-studio.lang', l), lang);
    });

    test('"Add row" above the default row and Alt+↓ on row 2 rename no row; the suite still passes', async ({
      page,
    }) => {
      // The shipped example names its rows.
      await openLoan(page);
      await expect.poll(() => ruleNames(page)).toEqual(entry(NAMES));
      await expect(page.getByTestId('suite-badge')).toHaveAttribute('data-state', 'passing');

      // A table written before rows had names, with its suite (a document as a user had it).
      expect(UNNAMED).not.toContain('name: "poor-score"');
      expect(POSITIONAL_SUITE).toContain('"FIN-201-loan-decision#5"');
      await page.evaluate(
        ([text, suite]) => {
          const { store } = (globalThis as unknown as { __ERDL_STUDIO__: Hook }).__ERDL_STUDIO__;
          const s = store.getState();
          const id = s.addDocument({
            name: 'loan-before-names',
            text,
            suite,
            fact: 'fact:\n  context:\n    credit_score: 720\n    amount: 35000\n',
            asOf: '2026-01-15T09:00:00Z',
            temporalState: '',
            cursor: { line: 1, column: 1 },
          });
          s.setActive(id);
          s.setPanel('table');
        },
        [UNNAMED, POSITIONAL_SUITE],
      );
      await expect(cell(page, 0, 0)).toHaveText('< 580');
      await expect.poll(() => ruleNames(page)).toEqual(entry([1, 2, 3, 4, 5]));
      const badge = page.getByTestId('suite-badge');
      await expect(badge).toHaveAttribute('data-state', 'passing');
      await expect(badge).toHaveText(L.passing);

      // Row 4 selected, "Add row": a copy of it goes below, above the default row.
      await cell(page, 3, 0).click();
      await page.getByRole('button', { name: L.addRow, exact: true }).click();
      await expect.poll(() => rowCount(page)).toBe(6);
      const status = grid(page).getByTestId('grid-status');
      await expect(status).toContainText(L.note);
      await expect.poll(() => ruleNames(page)).toEqual(entry([1, 2, 3, 4, 6, 5]));
      await expect(badge).toHaveAttribute('data-state', 'passing');
      await expect(badge).toHaveText(L.passing);
      const named = await storeText(page);
      expect(named).toContain('        - name: "5"\n          when: []\n');
      expect(named).toContain(
        '        # A poor score is declined whatever the amount.\n        - name: "1"\n',
      );
      await page.screenshot({ path: `${SHOTS}/${lang}-1-add-row-note.png` });

      // One undo step takes back the names and the row together.
      await cell(page, 0, 0).click();
      await page.keyboard.press('Control+z');
      await expect.poll(() => storeText(page)).toBe(UNNAMED);
      await expect.poll(() => rowCount(page)).toBe(5);
      await cell(page, 3, 0).click();
      await page.getByRole('button', { name: L.addRow, exact: true }).click();
      await expect.poll(() => storeText(page)).toBe(named);

      // Alt+↓ on row 2: rows 2 and 3 swap, each keeps its name; this edit names nothing.
      await cell(page, 1, 0).click();
      await page.keyboard.press('Alt+ArrowDown');
      await expect.poll(() => ruleNames(page)).toEqual(entry([1, 3, 2, 4, 6, 5]));
      await expect(cell(page, 2, 0)).toHaveText('>= 700');
      await expect(cell(page, 2, 1)).toHaveText('<= 20000');
      await expect(status).not.toContainText(L.note);
      await expect(badge).toHaveAttribute('data-state', 'passing');
      await expect(badge).toHaveText(L.passing);
      await page.screenshot({ path: `${SHOTS}/${lang}-2-moved-row.png` });

      // The trace names the rows as before: row "3" (now second) decides the fact.
      await page.getByRole('tab', { name: L.evaluate }).click();
      const evaluation = page.getByTestId('evaluation');
      await expect(evaluation).toContainText(L.decidedBy);
      await expect(page.getByTestId('matched-rules')).toHaveText('FIN-201-loan-decision#3');
      const steps = evaluation.getByTestId('trace').locator('li[data-rule]');
      await expect(steps.nth(0)).toHaveAttribute('data-rule', 'FIN-201-loan-decision#1');
      await expect(steps.nth(0)).toHaveAttribute('data-status', 'false');
      await expect(steps.nth(1)).toHaveAttribute('data-rule', 'FIN-201-loan-decision#3');
      await expect(steps.nth(1)).toHaveAttribute('data-status', 'matched');
      await steps.nth(1).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/${lang}-3-trace.png` });
    });
  });
}
