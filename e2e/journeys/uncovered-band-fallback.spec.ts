import { mkdirSync } from 'node:fs';
import { cell, grid, rowCount, storeText } from '../support/grid';
import { addDocument } from '../support/studio';
import { expect, type Page, test } from '../support/test';

/**
 * Issue 36 point 5 (ruling I-93): the uncovered-inputs band tells what happens. A credit table in a
 * new document (its fallback decision is ALLOW, as the New template writes it) leaves incomes
 * between 20,000 and 50,000 to no row: the band warns that the fallback ALLOW decides them — so
 * they are allowed — with an example a person writes (49,999, not 35,000 or 49,999.5); "Add a row
 * for these inputs" adds a fail-closed DENY row and the band goes; undone, "Add a default row
 * (DENY)" closes the gap too. In a document whose fallback is DENY (the credit table of the
 * 2026-12-06 screenshot) the band says DENY decides them, as a note, not a warning; a region no
 * single row can take says why and offers the default row; 699 < score < 700 says only non-whole
 * scores fall there; "any other text" is said, never shown as a value. English and Chinese at
 * 1440×900, with the mouse and the keyboard.
 */

const SHOTS = '/tmp/shots-36/band';
mkdirSync(SHOTS, { recursive: true });

const HEADER = (name: string, fallback: string) => `# A new rule set: describe what it guards here.
protocol: "erdl/v2"
version: "2.1.0"
metadata:
  name: "${name}"
  description: "Describe the rule set"
  category: finance
  decision: ${fallback}
rules:
`;

/** A gap: a score of 700 or more with an income strictly between 20,000 and 50,000. */
const GAP_TABLE = `  - name: "FIN-101-credit-limit"
    description: "Credit by score and income"
    priority: 10
    when:
      kind: decision_table
      columns:
        - field: "context.credit_score"
          label: { en: "credit score", zh: "信用评分" }
        - field: "context.annual_income"
          label: { en: "annual income", zh: "年收入" }
      rows:
        - name: "good"
          when: [[gte, 700], [gte, 50000]]
          then: ALLOW
        - name: "low-income"
          when: [[gte, 700], [lte, 20000]]
          then: DENY
          message: "Income too low"
        - name: "fair"
          when: [[lt, 700], "-"]
          then: REQUEST_HUMAN
          message: "A credit officer decides"
`;

/** The table of the screenshot a3 (2026-12-06): four regions, two of them no single row takes. */
const SCREENSHOT_TABLE = `  - name: "FIN-102-credit-segments"
    description: "Credit by score, income, debt ratio and segment"
    priority: 10
    when:
      kind: decision_table
      columns:
        - field: "context.credit_score"
          label: { en: "credit score", zh: "信用评分" }
        - field: "context.annual_income"
          label: { en: "annual income", zh: "年收入" }
        - field: "context.debt_ratio"
          label: { en: "existing debt ratio", zh: "现有负债率" }
        - field: "context.segment"
          label: { en: "customer segment", zh: "客户分层" }
      rows:
        - name: "1"
          when: [[gte, 750], [gte, 100000], [lt, 0.35], [in, ["gold", "platinum"]]]
          then: ALLOW
        - name: "2"
          when: [[gte, 750], [gte, 100000], [lt, 0.35], [eq, "standard"]]
          then: ALLOW
        - name: "3"
          when: [[between, [700, 749]], [gte, 100000], [lt, 0.35], "-"]
          then: ALLOW
        - name: "4"
          when: [[gte, 700], [between, [50000, 99999]], [lt, 0.35], "-"]
          then: ALLOW
        - name: "5"
          when: [[gte, 700], "-", [gte, 0.35], "-"]
          then: REQUEST_HUMAN
          message: "High debt ratio: a credit officer decides"
        - name: "6"
          when: [[between, [600, 699]], [gte, 50000], "-", "-"]
          then: REQUEST_HUMAN
          message: "Fair score: a credit officer decides"
        - name: "7"
          when: [[between, [600, 699]], [lt, 50000], "-", "-"]
          then: DENY
          message: "Fair score and low income"
        - name: "8"
          when: [[lt, 600], "-", "-", "-"]
          then: DENY
          message: "Poor credit score"
`;

const TEXT = {
  en: {
    allowOutcome:
      'No row of this table matches these inputs, and it has no default row: the document’s fallback decision ALLOW (allow) decides them, so these inputs are allowed.',
    fix: 'To decline them, add a row for each group below, or a default row.',
    gapRegion: 'These inputs reach no row: credit score 700, annual income 49,999.',
    adds: 'The row it adds: credit score >= 700, annual income > 20000, then DENY (block).',
    add: 'Add a row for these inputs',
    addDefault: 'Add a default row (DENY)',
    message: 'Inputs no row covered: not allowed until a rule decides them',
    defaultMessage:
      "No row above matches these inputs, so the operation is blocked (this table's default row fails closed)",
    denyOutcome:
      'No row of this table matches these inputs, and it has no default row: the document’s fallback decision DENY (block) decides them.',
    offGrid:
      'credit score strictly between 699 and 700 (such as 699.5), annual income any value, existing debt ratio any value, customer segment any value.',
    whole:
      'Only a credit score that is not a whole number falls in this range: every credit score the table compares with is whole.',
    otherText: 'customer segment any other text (not “gold”, “platinum” or “standard”)',
    noSingleRow: 'One row cannot cover just these inputs',
  },
  zh: {
    allowOutcome:
      '该表没有任何行匹配这些输入，也没有默认行：这些输入由文档的兜底决策 ALLOW（放行）决定，因此会被放行。',
    fix: '如需拒绝这些输入，请为下列每组输入添加一行，或添加默认行。',
    gapRegion: '以下输入没有匹配的行：信用评分 700、年收入 49,999。',
    adds: '将添加的行（信用评分：>= 700，年收入：> 20000），决策为 DENY（拦截）。',
    add: '为这些输入添加一行',
    addDefault: '添加默认行（DENY）',
    message: '没有任何行覆盖的输入：在有规则决策之前不予放行',
    defaultMessage: '上方没有任何行匹配这些输入，因此拦截（本表的默认行，失败关闭）',
    denyOutcome:
      '该表没有任何行匹配这些输入，也没有默认行：这些输入由文档的兜底决策 DENY（拦截）决定。',
    offGrid:
      '信用评分介于 699 与 700 之间（不含两端，如 699.5）、年收入为任意值、现有负债率为任意值、客户分层为任意值。',
    whole: '只有非整数的信用评分会落入此范围：表中与信用评分比较的值都是整数。',
    otherText: '客户分层为其他任意文本（“gold”、“platinum”、“standard”除外）',
    noSingleRow: '无法只用一行恰好覆盖这些输入',
  },
} as const;

async function setLang(page: Page, lang: 'en' | 'zh') {
  await page.addInitScript((l) => localStorage.setItem('erdl-studio.lang', l), lang);
}

const band = (page: Page) => grid(page).getByTestId('uncovered-band');

/** No text node of the band wraps inside a word (every line break falls at a space or CJK). */
async function bandFitsWithoutHorizontalScroll(page: Page) {
  const overflow = await band(page).evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Scrolls the band's heading to just below whatever of the grid stays in view (its toolbar). */
async function showBand(page: Page) {
  await band(page).evaluate((el) => {
    // Instantly: the studio may scroll smoothly, and the positions read below must be final.
    el.scrollIntoView({ block: 'start', behavior: 'instant' });
    const grid = el.closest('[data-testid="decision-grid"]');
    let below = 0;
    for (const x of grid ? Array.from(grid.querySelectorAll('*')) : []) {
      if (el.contains(x) || getComputedStyle(x).position !== 'sticky') continue;
      const r = x.getBoundingClientRect();
      const top = el.getBoundingClientRect().top;
      // Stuck over the band's top (the scroller's padding may put it a little below).
      if (r.top < top + 40 && r.bottom > top) below = Math.max(below, r.bottom);
    }
    let scroller: HTMLElement | null = el.parentElement;
    while (
      scroller &&
      !(
        /auto|scroll/.test(getComputedStyle(scroller).overflowY) &&
        scroller.scrollHeight > scroller.clientHeight
      )
    )
      scroller = scroller.parentElement;
    const top = el.getBoundingClientRect().top;
    if (scroller && top < below + 8)
      scroller.scrollTo({ top: scroller.scrollTop - (below + 8 - top), behavior: 'instant' });
  });
}

for (const lang of ['en', 'zh'] as const) {
  const T = TEXT[lang];
  test(`${lang}: the band says the fallback decides, warns when it allows, and every region has an action`, async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 1440, height: 900 });
    await setLang(page, lang);
    await page.goto('/');
    await page.waitForFunction(() => performance.getEntriesByName('erdl:markers').length > 0);

    // A new document (fallback ALLOW) with a credit table leaving a gap.
    await addDocument(page, {
      name: 'credit-limit',
      text: HEADER('credit-limit', 'ALLOW') + GAP_TABLE,
      panel: 'table',
    });
    await expect(grid(page)).toBeVisible();
    await expect.poll(() => rowCount(page)).toBe(3);

    // The band warns: the fallback ALLOW decides these inputs, so they are allowed.
    await expect(band(page)).toHaveAttribute('data-warning', 'true');
    const outcome = band(page).getByTestId('uncovered-outcome');
    await expect(outcome).toContainText(T.allowOutcome);
    await expect(outcome).toContainText(T.fix);
    const regions = band(page).getByTestId('uncovered-region');
    await expect(regions).toHaveCount(1);
    // The example is a whole number nearest the boundary, with a thousands separator.
    await expect(regions.nth(0)).toContainText(T.gapRegion);
    await expect(regions.nth(0)).toContainText(T.adds);
    await expect(band(page)).not.toContainText('YAML');
    await expect(band(page).getByRole('button', { name: T.addDefault })).toBeVisible();
    await bandFitsWithoutHorizontalScroll(page);
    await showBand(page);
    await page.screenshot({ path: `${SHOTS}/${lang}-1-allow-warns.png` });

    // The action adds a fail-closed row for these inputs; the band goes with the gap.
    const before = await storeText(page);
    await regions.nth(0).getByRole('button', { name: T.add }).click();
    await expect.poll(() => rowCount(page)).toBe(4);
    await expect(cell(page, 3, 0)).toHaveText('>= 700');
    await expect(cell(page, 3, 1)).toHaveText('> 20000');
    await expect(cell(page, 3, 2)).toContainText('DENY');
    const text = await storeText(page);
    expect(text).toContain(`message: "${T.message}"`);
    await expect(band(page)).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/${lang}-2-row-added.png` });

    // Undone in one step, the band is back; the default row closes the gap as well.
    await cell(page, 0, 0).click();
    await page.keyboard.press('Control+z');
    await expect.poll(() => storeText(page)).toBe(before);
    await expect(regions).toHaveCount(1);
    await band(page).getByRole('button', { name: T.addDefault }).click();
    await expect.poll(() => rowCount(page)).toBe(4);
    await expect(cell(page, 3, 2)).toContainText('DENY');
    expect(await storeText(page)).toContain(T.defaultMessage);
    await expect(band(page)).toHaveCount(0);

    // A document whose fallback is DENY: the band says DENY decides them — a note, not a warning.
    await addDocument(page, {
      name: 'credit-segments',
      text: HEADER('credit-segments', 'DENY') + SCREENSHOT_TABLE,
      panel: 'table',
    });
    await expect.poll(() => rowCount(page)).toBe(8);
    await expect(band(page)).toHaveAttribute('data-warning', 'false');
    await expect(outcome).toHaveText(T.denyOutcome);
    await expect(regions).toHaveCount(4);
    // 699 < score < 700: only a non-whole score falls there, said in words.
    await expect(regions.nth(0)).toContainText(T.offGrid);
    await expect(regions.nth(0)).toContainText(T.whole);
    // Regions no single row takes say why, and offer the default row.
    for (const k of [1, 2]) {
      await expect(regions.nth(k)).toContainText(T.noSingleRow);
      await expect(regions.nth(k).getByRole('button', { name: T.addDefault })).toBeVisible();
    }
    // "Any other text" is said as such, never shown as a value the table names.
    await expect(regions.nth(3)).toContainText(T.otherText);
    await expect(band(page)).not.toContainText('YAML');
    await bandFitsWithoutHorizontalScroll(page);
    await showBand(page);
    await page.screenshot({ path: `${SHOTS}/${lang}-3-deny-decides.png` });

    // With the keyboard: the default row button of a region, focused and pressed.
    await regions.nth(1).getByRole('button', { name: T.addDefault }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => rowCount(page)).toBe(9);
    await expect(band(page)).toHaveCount(0);
  });
}
