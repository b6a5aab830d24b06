import { mkdirSync } from 'node:fs';
import { cell, openLoan, pasteIntoGrid, storeText } from '../support/grid';
import { addDocument } from '../support/studio';
import { expect, type Locator, type Page, test } from '../support/test';
import { brokenWords, scrollWidths } from '../support/wrap';

/**
 * Issue #36 point 7: a grid that reads at 1440×900, in English and Chinese. The loan example and a
 * six-input credit table (decision, priority, row texts): no sideways scroll after "Fit columns"
 * (and at open), no word broken across lines anywhere in the grid (decisions shown as their word),
 * an opaque frozen Row column while scrolled sideways, the toolbar in view after scrolling down,
 * findings as a row marker that opens and closes (mouse, Enter, Shift+F2), and the row search —
 * which never lets an edit land on a row it hides. A screenshot of each state.
 */

const SHOTS = '/tmp/shots-36/layout';

const TEXT = {
  en: {
    tableView: 'Table view',
    showTexts: 'Show row texts',
    fit: 'Fit columns',
    search: 'Search rows',
    requestHuman: 'Request human adjudication',
    escalate: 'escalate',
    shown: 'Showing 3 of 12 rows',
    addRow: 'Add row below',
    refusedHidden: '9 rows are hidden by the search',
    refusedPaste: 'This would write row 9, which the search hides',
    overlaps: 'Overlaps row 3 (ALLOW), which comes first and decides',
    resizeMessage: 'Resize the column Message',
  },
  zh: {
    tableView: '表格视图',
    showTexts: '显示行文本',
    fit: '自适应列宽',
    search: '搜索行',
    requestHuman: '请求人工裁决',
    escalate: '升级',
    shown: '显示 12 行中的 3 行',
    addRow: '在下方添加行',
    refusedHidden: '搜索隐藏了 9 行',
    refusedPaste: '此操作会写入第 9 行，该行被搜索隐藏',
    overlaps: '与第 3 行（ALLOW）重叠',
    resizeMessage: '调整「消息」列宽',
  },
} as const;

/** Six conditions with realistic labels, decisions that need words, priorities and messages. */
const CREDIT_LIMITS = `protocol: "erdl/v2"
version: "2.1.0"
metadata:
  name: "credit-limits"
  description: "Credit limit decision by score, income, debt, segment, tenure and amount"
  category: finance
  decision: DENY
rules:
  - name: "FIN-310-credit-limits"
    description: "Credit limit requests are approved, reviewed, escalated or declined"
    priority: 20
    when:
      kind: decision_table
      columns:
        - field: "context.credit_score"
          label: { zh: "信用评分", en: "credit score" }
        - field: "context.annual_income"
          label: { zh: "年收入", en: "annual income" }
        - field: "context.debt_ratio"
          label: { zh: "负债收入比", en: "debt-to-income ratio" }
        - field: "context.segment"
          label: { zh: "客户分层", en: "customer segment" }
        - field: "context.years_employed"
          label: { zh: "工作年限", en: "years employed" }
        - field: "context.requested_limit"
          label: { zh: "申请额度", en: "requested limit" }
      rows:
        - name: "prime-premium"
          when: [[gte, 750], [gte, 100000], [lt, 0.35], [in, ["gold", "platinum"]], [gte, 2], [lte, 50000]]
          then: ALLOW
        - name: "prime-standard"
          when: [[gte, 750], [gte, 100000], [lt, 0.35], [eq, "standard"], [gte, 2], [lte, 25000]]
          then: ALLOW
        - name: "near-prime-high-income"
          when: [[between, [700, 749]], [gte, 100000], [lt, 0.35], "-", [gte, 2], [lte, 20000]]
          then: ALLOW
        - name: "large-limit-review"
          when: [[gte, 700], [gte, 50000], [lt, 0.35], "-", [gte, 1], [gt, 50000]]
          then: REQUEST_HUMAN
          priority: 5
          message: "Requested limit above 50,000: a credit officer approves it"
        - name: "high-debt"
          when: [[gte, 700], "-", [gte, 0.35], "-", "-", "-"]
          then: REQUEST_HUMAN
          message: "Debt-to-income ratio of 35% or more: a credit officer reviews the application"
        - name: "new-customer-cap"
          when: [[gte, 700], "-", "-", [eq, "new"], "-", [gt, 10000]]
          then: ESCALATE
          message: "New customer asking above 10,000: escalated to the credit committee"
        - name: "near-prime"
          when: [[between, [600, 699]], [gte, 50000], "-", "-", [gte, 3], [lte, 10000]]
          then: ESCALATE
          priority: 8
          message: "Near-prime applicant: escalated to the senior credit committee"
        - name: "thin-file"
          when: [[between, [600, 699]], [lt, 50000], "-", [in, ["new", "standard"]], [lt, 1], "-"]
          then: ESCALATE
          message: "Thin credit file and short employment history: escalated for manual underwriting"
        - name: "student-starter"
          when: [[between, [600, 699]], [lt, 30000], "-", [eq, "student"], "-", [lte, 2000]]
          then: ALLOW
        - name: "self-employed-review"
          when: [[gte, 650], [gte, 40000], [lt, 0.5], [eq, "self-employed"], [gte, 2], [lte, 30000]]
          then: REQUEST_HUMAN
          message: "Self-employed applicant: a credit officer checks the income documents"
        - name: "subprime"
          when: [[lt, 600], "-", "-", "-", "-", "-"]
          then: DENY
          message: "Credit score below 600: the credit limit request is declined"
        - name: "default"
          when: []
          then: DENY
          message: "Application outside the credit matrix: declined"
`;

async function setLang(page: Page, lang: 'en' | 'zh') {
  await page.addInitScript((l) => {
    if (!sessionStorage.getItem('lang-set')) {
      localStorage.setItem('erdl-studio.lang', l);
      sessionStorage.setItem('lang-set', '1');
    }
  }, lang);
}

/** The grid reads: nothing scrolls sideways, no word is broken across lines. */
async function reads(g: Locator) {
  const widths = await scrollWidths(g.locator('.grid-scroll'));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  expect(await brokenWords(g)).toEqual([]);
}

/** The focus is in this cell (on it, or in the input it holds for typing). */
async function hasFocus(cell: Locator) {
  await expect.poll(() => cell.evaluate((el) => el.contains(document.activeElement))).toBe(true);
}

/** No data row taller than two lines of text (a2: rows grew to 300 px). */
async function rowsStayLow(g: Locator) {
  const heights = await g
    .locator('tbody tr[data-row]')
    .evaluateAll((rows) => rows.map((r) => Math.round(r.getBoundingClientRect().height)));
  expect(heights.length).toBeGreaterThan(0);
  for (const h of heights) expect(h).toBeLessThanOrEqual(64);
}

for (const lang of ['en', 'zh'] as const) {
  const T = TEXT[lang];
  test(`${lang}: the grid reads at 1440×900 — fitted, unbroken, frozen, searchable`, async ({
    page,
  }) => {
    test.slow();
    mkdirSync(SHOTS, { recursive: true });
    const shot = (step: string) => page.screenshot({ path: `${SHOTS}/${lang}-${step}.png` });
    await page.setViewportSize({ width: 1440, height: 900 });
    await setLang(page, lang);

    // The loan example in the table view: it reads at open, and after "Fit columns".
    await openLoan(page);
    await page.getByRole('button', { name: T.tableView }).click();
    const g = page.getByTestId('table-view').getByTestId('decision-grid').first();
    await expect(g.locator('table.fitted')).toBeVisible();

    // The broken-word check finds a broken word (so an empty answer means something).
    await g.evaluate((el) => {
      const probe = document.createElement('div');
      probe.id = 'wrap-probe';
      probe.style.cssText = 'width: 40px; word-break: break-all; font: 14px monospace';
      probe.textContent = 'REQUEST_HUMAN';
      el.append(probe);
    });
    expect((await brokenWords(g)).map((b) => b.word)).toEqual(['REQUEST_HUMAN']);
    await g.evaluate(() => document.getElementById('wrap-probe')?.remove());

    await reads(g);
    await rowsStayLow(g);
    // The decision is its word in the UI language; code, word and effect on hover.
    const word = cell(page, 2, 2).locator('.decision-word');
    await expect(word).toContainText(T.requestHuman);
    await expect(word).toHaveAttribute('data-decision', 'REQUEST_HUMAN');
    await expect(word).toHaveAttribute('title', /^REQUEST_HUMAN · /);
    await shot('loan-open');
    await g.getByRole('button', { name: T.fit }).click();
    await reads(g);
    await shot('loan-fitted');

    // A six-input credit table (set up through the store), in the table view with its row texts.
    await addDocument(page, { name: 'credit-limits', text: CREDIT_LIMITS });
    await page.getByRole('button', { name: T.tableView }).click();
    const six = page.getByTestId('table-view').getByTestId('decision-grid').first();
    await expect(six).toHaveAttribute('data-entry', 'FIN-310-credit-limits');
    await expect(six.locator('tbody tr[data-row]')).toHaveCount(12);
    await reads(six);
    await six.getByRole('button', { name: T.showTexts }).click();
    await expect(six.locator('thead th.text-head')).toHaveCount(4);
    await six.getByRole('button', { name: T.fit }).click();
    await reads(six);
    await rowsStayLow(six);
    await shot('six-fitted');

    // The frozen Row column is opaque while the grid scrolls sideways: widen the message column
    // by 500 px (its resizer), scroll right, and the Row cell is what is under its own place.
    const box = six.locator('.grid-scroll');
    const resizer = six.getByRole('separator', { name: T.resizeMessage });
    const rb = await resizer.boundingBox();
    if (!rb) throw new Error('no resizer');
    await page.mouse.move(rb.x + rb.width / 2, rb.y + rb.height / 2);
    await page.mouse.down();
    await page.mouse.move(rb.x + 250, rb.y + rb.height / 2, { steps: 4 });
    await page.mouse.move(rb.x + 500, rb.y + rb.height / 2, { steps: 4 });
    await page.mouse.up();
    await expect
      .poll(async () => {
        const w = await scrollWidths(box);
        return w.scroll - w.client;
      })
      .toBeGreaterThan(100);
    const viewBox = await box.boundingBox();
    if (!viewBox) throw new Error('no grid box');
    await page.mouse.move(viewBox.x + viewBox.width / 2, viewBox.y + viewBox.height / 2);
    await page.mouse.wheel(400, 0);
    await expect.poll(() => box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(200);
    const rowHead = six.locator('tr[data-row="0"] > th.row-head');
    const hb = await rowHead.boundingBox();
    if (!hb) throw new Error('no row head');
    for (const x of [hb.x + 3, hb.x + hb.width / 2, hb.x + hb.width - 3]) {
      const under = await page.evaluate(
        ({ x, y }) => {
          const el = document.elementFromPoint(x, y);
          return el?.closest('th.row-head')?.closest('tr')?.getAttribute('data-row') ?? null;
        },
        { x, y: hb.y + hb.height / 2 },
      );
      expect(under).toBe('0');
    }
    await shot('six-scrolled-sideways');
    // "Fit columns" forgets the width set by hand: nothing scrolls sideways again.
    await six.getByRole('button', { name: T.fit }).click();
    await reads(six);

    // The toolbar and the search stay in view when the grid is scrolled down.
    await page.mouse.move(viewBox.x + viewBox.width / 2, viewBox.y + viewBox.height / 2);
    await page.mouse.wheel(0, 3000);
    await expect.poll(() => box.evaluate((el) => el.scrollTop)).toBeGreaterThan(50);
    await expect(six.getByRole('toolbar')).toBeInViewport({ ratio: 1 });
    await expect(six.getByRole('searchbox', { name: T.search })).toBeInViewport({ ratio: 1 });
    // The header row stays at the top of the grid's box.
    const head = await six.locator('thead th.row-head').boundingBox();
    const boxNow = await box.boundingBox();
    expect(head && boxNow && Math.abs(head.y - boxNow.y)).toBeLessThanOrEqual(1);
    await shot('six-scrolled-down');
    await page.mouse.wheel(0, -3000);
    await expect.poll(() => box.evaluate((el) => el.scrollTop)).toBe(0);

    // Findings: a marker in row 6's Row cell; it opens the findings under the row and closes
    // them — by mouse, by Enter on the marker, by Shift+F2 on a cell of the row.
    const marker = six.locator('tr[data-row="5"] [data-testid="findings-marker"]');
    await expect(marker).toHaveAttribute('data-codes', 'ERDL-W510');
    await expect(marker).toHaveAttribute('aria-expanded', 'false');
    const findings = six.locator('tr.findings-row[data-findings-of="5"]');
    await expect(findings).toHaveCount(0);
    await marker.click();
    await expect(findings).toContainText('ERDL-W510');
    await expect(findings).toContainText(T.overlaps);
    await expect(marker).toHaveAttribute('aria-expanded', 'true');
    await rowsStayLow(six);
    await reads(six);
    await shot('six-findings-open');
    await marker.click();
    await expect(findings).toHaveCount(0);
    await marker.focus();
    await page.keyboard.press('Enter');
    await expect(findings).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(findings).toHaveCount(0);
    await cell(page, 5, 1).click();
    await page.keyboard.press('Shift+F2');
    await expect(findings).toBeVisible();
    await page.keyboard.press('Shift+F2');
    await expect(findings).toHaveCount(0);

    // The search: the decision's word (either language) finds the three ESCALATE rows.
    const search = six.getByRole('searchbox', { name: T.search });
    const count = six.getByTestId('grid-search-count');
    await search.fill(T.escalate);
    await expect(count).toHaveText(T.shown);
    await expect(six.locator('tbody tr[data-row]')).toHaveCount(3);
    await expect(
      six.locator('tbody tr[data-row] .decision-word[data-decision="ESCALATE"]'),
    ).toHaveCount(3);
    await search.fill(lang === 'en' ? '升级' : 'ESCALATE');
    await expect(count).toHaveText(T.shown);
    await reads(six);
    await shot('six-searched');
    // The arrow keys move over the rows shown (rows 6, 7 and 8: indices 5, 6, 7).
    await cell(page, 5, 0).click();
    await page.keyboard.press('ArrowDown');
    await hasFocus(cell(page, 6, 0));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await hasFocus(cell(page, 7, 0));
    // A structural edit while rows are hidden is refused, said in the status line.
    const before = await storeText(page);
    await six.getByRole('button', { name: T.addRow }).click();
    await expect(six.getByTestId('grid-status')).toContainText(T.refusedHidden);
    // … whichever part of the grid asks: removing the default row (hidden) is refused too.
    // (Fit columns clears the status line first.)
    await six.getByRole('button', { name: T.fit }).click();
    await expect(six.getByTestId('grid-status')).not.toContainText(T.refusedHidden);
    await six.getByTestId('default-row-button').click();
    await expect(six.getByTestId('grid-status')).toContainText(T.refusedHidden);
    expect(await storeText(page)).toBe(before);
    // A paste that would write a hidden row (row 9 is under row 8) is refused.
    await cell(page, 7, 0).click();
    await pasteIntoGrid(page, '>= 610\n>= 620');
    await expect(six.getByTestId('grid-status')).toContainText(T.refusedPaste);
    expect(await storeText(page)).toBe(before);
    // The status line sits with the toolbar, in view.
    await expect(six.getByTestId('grid-status')).toBeInViewport({ ratio: 1 });
    await shot('six-refused');
    // An edit of a shown row lands on that row (row 7, index 6), nowhere else.
    await cell(page, 6, 5).click();
    await page.keyboard.type('<= 12000');
    await page.keyboard.press('Enter');
    await expect(cell(page, 6, 5)).toHaveText('<= 12000');
    await expect.poll(() => storeText(page)).toContain('[lte, 12000]');
    await expect(six.getByTestId('grid-search-count')).toHaveText(T.shown);
    // Esc in the search box clears it: every row again, the edit where it was made.
    await search.focus();
    await page.keyboard.press('Escape');
    await expect(search).toHaveValue('');
    await expect(count).toHaveText('');
    await expect(six.locator('tbody tr[data-row]')).toHaveCount(12);
    await expect(cell(page, 6, 5)).toHaveText('<= 12000');
    await expect(cell(page, 5, 5)).toHaveText('> 10000');
    await expect(cell(page, 7, 5)).toHaveText('-');
    await reads(six);
    await shot('six-search-cleared');
  });
}
