import { readFileSync } from 'node:fs';
import { expect, type Page, test } from './support/test';

interface Hook {
  store: {
    getState(): {
      activeId: string | null;
      documents: Record<string, { text: string; suite?: string }>;
      suiteRuns: Record<string, { progress: unknown; pending: boolean }>;
      addDocument(doc: Record<string, unknown>): string;
      setText(id: string, text: string): void;
      setPanel(panel: string): void;
    };
    subscribe(listener: (state: ReturnType<Hook['store']['getState']>) => void): () => void;
  };
}

async function openEvaluate(page: Page) {
  await page.addInitScript(() => localStorage.setItem('erdl-studio.lang', 'en'));
  await page.goto('/');
  await expect(page.getByTestId('status-diagnostics')).toContainText('0 errors');
  await page.getByRole('tab', { name: 'Evaluate' }).click();
}

test('the example suite passes, and the badge turns red the moment an edit breaks it', async ({
  page,
}) => {
  await openEvaluate(page);
  const badge = page.getByTestId('suite-badge');
  await expect(badge).toHaveAttribute('data-state', 'passing');
  await expect(page.getByTestId('suite-uncovered')).toContainText('Every enabled rule');
  await page.evaluate(() => {
    const { store } = (globalThis as unknown as { __ERDL_STUDIO__: Hook }).__ERDL_STUDIO__;
    const s = store.getState();
    s.setText(s.activeId!, s.documents[s.activeId!]!.text.replace('value: 5000', 'value: 9000'));
  });
  await expect(badge).toHaveAttribute('data-state', 'failing');
  await expect(
    page.locator('[data-testid="suite-cases"] tr[data-status="fail"]').first(),
  ).toBeVisible();
});

test('saving the current fact as a test case adds a passing case', async ({ page }) => {
  await openEvaluate(page);
  await expect(page.getByTestId('decision')).toContainText('REQUEST_HUMAN');
  const before = await page.getByTestId('suite-totals').textContent();
  await page.getByTestId('save-case').click();
  await expect(page.getByTestId('suite-input')).toHaveValue(/name: case \d+/);
  await expect(page.getByTestId('suite-totals')).not.toHaveText(before ?? '');
  await expect(page.getByTestId('suite-badge')).toHaveAttribute('data-state', 'passing');
});

test('a 10,000-row JSON Lines fact set imports with progress and runs', async ({ page }) => {
  await openEvaluate(page);
  await expect(page.getByTestId('suite-badge')).toHaveAttribute('data-state', 'passing');
  // Record whether a progress report ever reached the store.
  await page.evaluate(() => {
    const { store } = (globalThis as unknown as { __ERDL_STUDIO__: Hook }).__ERDL_STUDIO__;
    const w = globalThis as unknown as { sawProgress: boolean };
    w.sawProgress = false;
    store.subscribe((s) => {
      if (s.activeId && s.suiteRuns[s.activeId]?.progress) w.sawProgress = true;
    });
  });
  const rows = Array.from({ length: 10_000 }, (_, i) =>
    JSON.stringify({
      name: `row ${i}`,
      fact: { tool: { name: 'issue_refund', args: { amount: i } } },
      expect: { decision: i > 5000 ? 'REQUEST_HUMAN' : 'ALLOW' },
    }),
  ).join('\n');
  await page.getByTestId('suite-file').setInputFiles({
    name: 'refunds.jsonl',
    mimeType: 'application/x-ndjson',
    buffer: Buffer.from(rows),
  });
  await expect(page.getByTestId('suite-totals')).toContainText('10000 passed, 0 failed', {
    timeout: 60_000,
  });
  expect(
    await page.evaluate(() => (globalThis as unknown as { sawProgress: boolean }).sawProgress),
  ).toBe(true);
  await page.getByLabel('Show').selectOption('fail');
  await expect(page.locator('[data-testid="suite-cases"] tbody tr')).toHaveCount(0);
});

test('stepping a rate sequence shows the third refund in an hour stopped at the limit', async ({
  page,
}) => {
  await openEvaluate(page);
  const text = readFileSync('tests/fixtures/cli/rate.erdl.yaml', 'utf8');
  const suite = readFileSync('tests/fixtures/cli/rate.facts.yaml', 'utf8');
  await page.evaluate(
    ([t, s]) => {
      const { store } = (globalThis as unknown as { __ERDL_STUDIO__: Hook }).__ERDL_STUDIO__;
      store.getState().addDocument({
        name: 'rate-guard',
        text: t,
        fact: 'tool: { name: issue_refund }\n',
        asOf: '2026-01-15T09:00:00.000Z',
        temporalState: '',
        suite: s,
        cursor: { line: 1, column: 1 },
      });
    },
    [text, suite],
  );
  const sequence = page.getByTestId('sequence');
  await expect(sequence).toBeVisible();
  const events = sequence.getByTestId('sequence-event');
  await expect(events).toHaveCount(1);
  const step = sequence.getByRole('button', { name: 'Step to the next event' });
  await step.click();
  await step.click();
  await step.click();
  await expect(events).toHaveCount(4);
  await expect(events.nth(3)).toContainText('REQUEST_HUMAN');
  await expect(events.nth(3)).toContainText('2/2');
  await expect(events.nth(3)).toContainText('at limit');
  await expect(events.nth(2)).toContainText('ALLOW');
});
