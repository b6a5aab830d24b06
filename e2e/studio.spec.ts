import AxeBuilder from '@axe-core/playwright';
import { generateDocument } from '../bench/generate';
import { addDocument } from './support/studio';
import { expect, type Page, test } from './support/test';

/** The studio's test hook (src/studio/main.tsx). */
interface StudioHook {
  store: {
    getState(): {
      activeId: string | null;
      order: string[];
      documents: Record<string, { name: string; text: string }>;
      analyses: Record<string, { analysis: { ok: boolean; diagnostics: unknown[] } }>;
      setActive(id: string): void;
      setText(id: string, text: string): void;
    };
  };
  kernel(): {
    request(channel: string, request: unknown, budgetMs?: number): Promise<{ status: string }>;
  };
}

async function openStudio(page: Page) {
  await page.goto('/');
  await expect(page.getByTestId('status-diagnostics')).toContainText(/0 errors|0 个错误/);
}

/** Replaces `from` with `to` in the active document, as an edit from outside the editor would. */
async function replaceInActive(page: Page, from: string, to: string) {
  await page.evaluate(
    ([a, b]) => {
      const hook = (globalThis as unknown as { __ERDL_STUDIO__: StudioHook }).__ERDL_STUDIO__;
      const state = hook.store.getState();
      const id = state.activeId!;
      state.setText(id, state.documents[id]!.text.replace(a!, b!));
    },
    [from, to],
  );
}

test.beforeEach(async ({ page }) => {
  // English UI for every test unless it switches.
  await page.addInitScript(() => {
    if (!localStorage.getItem('erdl-studio.lang')) localStorage.setItem('erdl-studio.lang', 'en');
  });
});

test('first start shows the example with zero errors, its hash, gloss in both languages', async ({
  page,
}) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await openStudio(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ERDL Studio');
  await expect(page.getByTestId('status-hash')).toContainText('sha256:');
  await expect(page.getByText(/ERDL v2\.1\.0/)).toBeVisible();
  await page.getByRole('tab', { name: 'Gloss' }).click();
  const first = page.getByTestId('gloss-list').locator('li').first();
  await expect(first.getByTestId('gloss-zh')).toHaveText(/[\u4e00-\u9fff]/);
  await expect(first.getByTestId('gloss-en')).toHaveText(/[a-z]/);
  expect(pageErrors).toEqual([]);
});

test('the gloss list of a long document renders in steps: on scrolling to its end, or on request', async ({
  page,
}) => {
  await openStudio(page);
  await addDocument(page, { name: 'long', text: generateDocument(250) });
  await page.getByRole('tab', { name: 'Gloss' }).click();
  const items = page.getByTestId('gloss-list').locator('li.gloss-rule');
  // 250 rules compile to more rows (tables expand); the first step is 100 of them.
  await expect(items).toHaveCount(100);
  const more = page.getByRole('button', { name: /^Show 100 more \(100 of \d+ rules shown\)$/ });
  await expect(more).toBeVisible();
  // Scrolling to the end of the list brings the next step.
  await items.nth(99).scrollIntoViewIfNeeded();
  await expect(items).toHaveCount(200);
  // The button, for the keyboard, does the same; at the end it is gone.
  const total = await page.evaluate(() => {
    const { store } = (globalThis as unknown as { __ERDL_STUDIO__: StudioHook }).__ERDL_STUDIO__;
    const s = store.getState() as unknown as {
      activeId: string;
      analyses: Record<string, { analysis: { rules: unknown[] } }>;
    };
    return s.analyses[s.activeId]!.analysis.rules.length;
  });
  for (let count = await items.count(); count < total; count = await items.count()) {
    await page.getByRole('button', { name: /^Show \d+ more/ }).press('Enter');
    await expect.poll(() => items.count()).toBeGreaterThan(count);
  }
  await expect(items).toHaveCount(total);
  await expect(page.getByRole('button', { name: /^Show \d+ more/ })).toHaveCount(0);
  await expect(items.last()).toContainText(/GEN-250/);
});

test('the panels are ARIA tabs reachable with the arrow keys', async ({ page }) => {
  await openStudio(page);
  await page.getByRole('tab', { name: 'Gloss' }).click();
  await page.getByRole('tab', { name: 'Gloss' }).press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Evaluate' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Evaluate' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'Export' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Home');
  await expect(page.getByRole('tab', { name: 'Table' })).toHaveAttribute('aria-selected', 'true');
});

test('the language switch changes every UI string and is remembered', async ({ page }) => {
  await openStudio(page);
  await page.getByRole('button', { name: 'Switch the interface to Chinese' }).click();
  await expect(page.getByRole('tab', { name: '释义' })).toBeVisible();
  await expect(page.getByTestId('status-diagnostics')).toContainText('0 个错误');
  await expect(page.getByRole('tab', { name: 'Gloss' })).toHaveCount(0);
  await expect(page.locator('.studio')).toHaveAttribute('lang', 'zh-CN');
  await page.reload();
  await expect(page.getByRole('tab', { name: '释义' })).toBeVisible();
  await page.getByRole('button', { name: '将界面切换为英文' }).click();
  await expect(page.getByRole('tab', { name: 'Gloss' })).toBeVisible();
});

test('an error shows in the problems list and status bar, and the list moves the cursor there', async ({
  page,
}) => {
  await openStudio(page);
  await replaceInActive(page, 'then: REQUEST_HUMAN', 'then: REQUEST_HUMANX');
  await expect(page.getByTestId('status-diagnostics')).toHaveText(/^1 error · /);
  await expect(page.getByTestId('status-hash')).toContainText('no hash');
  const problem = page.getByTestId('problems').getByRole('button', { name: /REQUEST_HUMANX/ });
  await expect(problem).toBeVisible();
  const errorLine = await page.evaluate(() => {
    const hook = (globalThis as unknown as { __ERDL_STUDIO__: StudioHook }).__ERDL_STUDIO__;
    const state = hook.store.getState();
    const text = state.documents[state.activeId!]!.text;
    return text.slice(0, text.indexOf('REQUEST_HUMANX')).split('\n').length;
  });
  await problem.click();
  await expect
    .poll(() =>
      page.evaluate(() => {
        const hook = (globalThis as unknown as { __ERDL_STUDIO__: StudioHook }).__ERDL_STUDIO__;
        const state = hook.store.getState();
        return (state.documents[state.activeId!] as unknown as { cursor: { line: number } }).cursor
          .line;
      }),
    )
    .toBe(errorLine);
});

test('evaluating the sample fact shows the decision and the trace; bad input is reported', async ({
  page,
}) => {
  await openStudio(page);
  await page.getByRole('tab', { name: 'Evaluate' }).click();
  await expect(page.getByTestId('decision')).toContainText('REQUEST_HUMAN');
  await expect(page.locator('[data-testid="trace"] [data-status="matched"]').first()).toBeVisible();
  const fact = page.getByTestId('fact-input');
  await fact.fill('tool:\n  name: issue_refund\n  args: { amount: 10 }\n');
  await expect(page.getByTestId('decision')).toContainText('ALLOW');
  // The rule did not match: the trace names the condition that failed, in gloss.
  const refused = page.locator('[data-testid="trace"] [data-status="false"]').first();
  await expect(refused).toContainText('did not match');
  await expect(refused.getByTestId('failed-condition')).toContainText(/5000|5,000/);
  await fact.fill('tool: [unclosed');
  await expect(page.getByRole('alert').filter({ hasText: 'Could not read fact' })).toBeVisible();
});

test('a fact field set with path completion changes the decision', async ({ page }) => {
  await openStudio(page);
  await page.getByRole('tab', { name: 'Evaluate' }).click();
  await expect(page.getByTestId('decision')).toContainText('REQUEST_HUMAN');
  const path = page.getByTestId('fact-field-path');
  const options = await path.evaluate((input) =>
    [...((input as HTMLInputElement).list?.options ?? [])].map((o) => o.value),
  );
  expect(options).toContain('tool.args.amount');
  await path.fill('tool.args.amount');
  await page.getByTestId('fact-field-value').fill('10');
  await page.getByRole('button', { name: 'Set in fact' }).click();
  await expect(page.getByTestId('fact-input')).toHaveValue(/amount: 10\b/);
  await expect(page.getByTestId('decision')).toContainText('ALLOW');
});

test('the trace shows rules after a first match as "not reached", never as "did not match"', async ({
  page,
}) => {
  await openStudio(page);
  await page.evaluate(() => {
    const hook = (globalThis as unknown as { __ERDL_STUDIO__: StudioHook }).__ERDL_STUDIO__;
    const state = hook.store.getState();
    const aml = state.order.find((id) => state.documents[id]!.name === 'aml-screening')!;
    state.setActive(aml);
  });
  await page.getByRole('tab', { name: 'Evaluate' }).click();
  await expect(page.getByTestId('decision')).toContainText('DENY');
  const steps = page.locator('[data-testid="trace"] > li');
  await expect(steps.nth(0)).toHaveAttribute('data-status', 'matched');
  await expect(steps.nth(1)).toHaveAttribute('data-status', 'not_reached');
  await expect(steps.nth(1)).toContainText('not reached');
  await expect(steps.nth(1)).not.toContainText('did not match');
});

test('a kernel call over its budget restarts the worker and the studio keeps working', async ({
  page,
}) => {
  await openStudio(page);
  const outcome = await page.evaluate(async () => {
    const hook = (globalThis as unknown as { __ERDL_STUDIO__: StudioHook }).__ERDL_STUDIO__;
    return hook.kernel().request('spin', { op: 'spin', ms: 5000 }, 300);
  });
  expect(outcome.status).toBe('restarted');
  await expect(page.getByTestId('kernel-incident')).toContainText('was restarted');
  await replaceInActive(page, 'then: REQUEST_HUMAN', 'then: DENYX');
  await expect(page.getByTestId('status-diagnostics')).toHaveText(/^1 error · /);
});

test('no accessibility violations in English or Chinese', async ({ page }) => {
  test.slow(); // four axe scans: minutes when the machine is loaded
  await openStudio(page);
  for (const tab of ['Gloss', 'Evaluate', 'Tree & hash']) {
    await page.getByRole('tab', { name: tab }).click();
    // The panel the tab shows (the rest of the page is scanned once below, in Chinese).
    const results = await new AxeBuilder({ page }).include('.side').analyze();
    expect(
      results.violations.map(
        (v) => `${tab}: ${v.id} ${v.help} ${v.nodes.map((n) => n.target).join(' ')}`,
      ),
    ).toEqual([]);
  }
  await page.getByRole('button', { name: 'Switch the interface to Chinese' }).click();
  const zh = await new AxeBuilder({ page })
    .include('.top-bar')
    .include('.side')
    .include('.status-bar')
    .analyze();
  expect(
    zh.violations.map((v) => `zh: ${v.id} ${v.help} ${v.nodes.map((n) => n.target).join(' ')}`),
  ).toEqual([]);
});
