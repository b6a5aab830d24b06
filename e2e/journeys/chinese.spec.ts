// A Chinese reader's journey (issue #16 points 1–4): switch the UI to Chinese, open each example,
// read the Gloss panel, the Evaluate trace, the Problems list and the Table panel. The visible text
// must read as natural Chinese (docs/gloss.md "Chinese: the rules every zh gloss follows"): no space
// between Chinese characters, no English field names, the badge and the gloss saying the same term,
// no label wrapping one character per line. Screenshots of every panel go to /tmp/zh-*.png.

import { zhViolations } from '../../src/kernel/gloss/typography';
import { DECISIONS } from '../../src/kernel/vocabulary/decisions';
import { expect, type Page, test } from '../support/test';

const EXAMPLES = [
  'refund-guard',
  'aml-screening',
  'coding-agent-guard',
  'loan-decision-table',
  'margin-expression',
] as const;

/** The renderer's own words: quoted values and regex patterns (the user's data) removed. */
const ownWords = (zh: string) =>
  zh.replace(/“[^”]*”/g, '').replace(/ \/.*?\/(?= [\u3400-\u9fff]|[），]|$)/g, '');

test.use({ viewport: { width: 1440, height: 900 } });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('erdl-studio.lang')) localStorage.setItem('erdl-studio.lang', 'en');
  });
});

async function switchToChinese(page: Page) {
  await page.goto('/');
  await expect(page.getByTestId('status-diagnostics')).toContainText('0 errors');
  await page.getByRole('button', { name: 'Switch the interface to Chinese' }).click();
  await expect(page.getByRole('tab', { name: '释义' })).toBeVisible();
  await expect(page.locator('.studio')).toHaveAttribute('lang', 'zh-CN');
}

async function openExample(page: Page, name: string) {
  await page
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .first()
    .click();
  await expect(page.getByTestId('status-diagnostics')).toContainText('0 个错误');
}

/** Text nodes of the visible UI outside the editor, the document names and code (mono) spans. */
async function visibleUiText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      const text = n.textContent?.trim() ?? '';
      if (!el || text === '') continue;
      if (el.closest('.monaco-editor, .mono, code, pre, [data-testid="document-list"], textarea'))
        continue;
      if (el.closest('[lang="en"]')) continue; // the English column of the gloss pair
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      if (el.getClientRects().length === 0) continue;
      out.push(text);
    }
    return out;
  });
}

test('a Chinese reader reads every example: gloss, trace, problems and table in natural Chinese', async ({
  page,
}) => {
  await switchToChinese(page);
  for (const example of EXAMPLES) {
    await openExample(page, example);

    // Gloss panel: every zh sentence follows the rules, names fields in Chinese, and says the
    // decision with the badge's own term.
    await page.getByRole('tab', { name: '释义' }).click();
    const items = page.getByTestId('gloss-list').locator('li.gloss-rule');
    await expect(items.first()).toBeVisible();
    const count = await items.count();
    for (let i = 0; i < count; i++) {
      const item = items.nth(i);
      const zh = (await item.getByTestId('gloss-zh').textContent()) ?? '';
      expect(zhViolations(zh), zh).toEqual([]);
      expect(ownWords(zh), `English words in "${zh}"`).not.toMatch(/[A-Za-z]/);
      const code = (await item.locator('.decision .mono').textContent()) ?? '';
      const decision = DECISIONS.find((d) => d.name === code);
      expect(decision, code).toBeDefined();
      await expect(item.locator('.decision')).toContainText(decision!.zh);
      expect(zh, `badge ${decision!.zh} vs gloss`).toContain(decision!.zh.replace(/^请求/, ''));
    }
    await expect(page.getByTestId('all-named')).toHaveText('文档读取的每个字段都有中英文显示名。');
    await page.screenshot({ path: `/tmp/zh-gloss-${example}.png` });

    // Evaluate: the sample fact's decision and the trace, with every failed condition in Chinese.
    await page.getByRole('tab', { name: '求值' }).click();
    await expect(page.getByTestId('decision')).toBeVisible();
    await expect(page.getByTestId('trace').first()).toBeVisible();
    const failed = page.getByTestId('failed-condition');
    for (const text of await failed.allTextContents()) {
      // The failing condition is a sentence of its own; the reason (if any) follows it.
      expect(text).toMatch(/^未(?:满足|能求值)的条件：.+?。/);
      const condition = text.replace(/^未满足的条件：\s*/, '');
      expect(zhViolations(condition), condition).toEqual([]);
      expect(ownWords(condition), `English words in "${condition}"`).not.toMatch(/[A-Za-z]/);
    }
    await page.getByTestId('trace').first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/zh-evaluate-${example}.png` });

    // Every visible UI text in Chinese follows the spacing rule (codes and names aside).
    for (const text of await visibleUiText(page)) {
      expect(text, 'space between two Chinese characters').not.toMatch(
        /[\u3400-\u9fff] +[\u3400-\u9fff]/,
      );
    }
  }

  // Problems: the severity labels are one line each (never one character per line). The examples
  // load without problems, so the reader makes one: a decision that does not exist.
  await page.evaluate(() => {
    const { store } = (
      globalThis as unknown as {
        __ERDL_STUDIO__: {
          store: {
            getState(): {
              activeId: string;
              documents: Record<string, { text: string }>;
              setText(id: string, text: string): void;
            };
          };
        };
      }
    ).__ERDL_STUDIO__;
    const s = store.getState();
    const text = s.documents[s.activeId]!.text;
    const broken = text.replace(/then: "?[A-Z_]+"?/, 'then: ALLOWED');
    if (broken === text) throw new Error('no decision to break');
    s.setText(s.activeId, broken);
  });
  const severities = page.locator('.problem .severity');
  await expect(severities.first()).toBeVisible();
  for (const box of await severities.evaluateAll((els) =>
    els.map((e) => ({ h: e.getBoundingClientRect().height, text: e.textContent ?? '' })),
  )) {
    expect(box.h, `severity label "${box.text}" wraps`).toBeLessThan(24);
    expect(['错误', '警告', '提示']).toContain(box.text);
  }
  await expect(page.getByRole('heading', { name: /^问题（\d+）$/ })).toBeVisible();
  await page.screenshot({ path: '/tmp/zh-problems.png' });

  // Table panel: the loan table's columns carry their Chinese labels.
  await openExample(page, 'loan-decision-table');
  await page.getByRole('tab', { name: '决策表' }).click();
  const table = page.locator('table').first();
  await expect(table).toContainText('信用评分');
  await expect(table).toContainText('贷款金额');
  await expect(table).toContainText('5 行');
  await page.screenshot({ path: '/tmp/zh-table.png' });
});

test('in English the decision badge, its hover and the counts are English', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('status-diagnostics')).toContainText('0 errors');
  await page.getByRole('tab', { name: 'Gloss' }).click();
  const badge = page.getByTestId('gloss-list').locator('.decision').first();
  await expect(badge).toBeVisible();
  const title = (await badge.getAttribute('title')) ?? '';
  expect(title).toMatch(/^Decision [A-Z_]+ \(/);
  expect(title).not.toMatch(/[\u3400-\u9fff]/);
  await page
    .getByRole('button', { name: /^loan-decision-table/ })
    .first()
    .click();
  await page.getByRole('tab', { name: 'Table' }).click();
  await expect(page.locator('table').first()).toContainText('credit score');
  await expect(page.locator('table').first()).toContainText('5 rows');
  await page.screenshot({ path: '/tmp/en-table.png' });
});
