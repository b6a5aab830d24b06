/**
 * Issue #35 §2 in the studio: a fact set imported into the suite panel with rows that cannot be
 * read runs its good rows and names every row it left out — by line, a CSV record spanning lines by
 * its range — beyond the problems it lists. In English and Chinese; screenshots in /tmp/shots-batch.
 */
import { expect, type Page, test } from './support/test';

const T = {
  en: {
    errors0: '0 errors',
    evaluate: 'Evaluate',
    skipped: '70 records of the file could not be read and were left out of the run:',
    first: 'line 2, line 4, line 6',
    etc: 'line 40, …',
    showAll: 'Show all 70',
    more: '… and 20 more problems not listed here.',
    csvSkipped: '1 record of the file could not be read and was left out of the run: lines 3–5',
    totals: /70 passed, 0 failed/,
  },
  zh: {
    errors0: '0 个错误',
    evaluate: '求值',
    skipped: '文件中有 70 条记录无法读取，未参与运行：',
    first: '第 2 行、第 4 行、第 6 行',
    etc: '第 40 行等',
    showAll: '显示全部 70 条',
    more: '…另有 20 个问题未在此列出。',
    csvSkipped: '文件中有 1 条记录无法读取，未参与运行：第 3–5 行',
    totals: /通过 70，失败 0/,
  },
} as const;

test.use({ viewport: { width: 1440, height: 900 } });

async function open(page: Page, lang: 'en' | 'zh') {
  await page.addInitScript((l) => localStorage.setItem('erdl-studio.lang', l), lang);
  await page.goto('/');
  await expect(page.getByTestId('status-diagnostics')).toContainText(T[lang].errors0);
  await page.getByRole('tab', { name: T[lang].evaluate }).click();
}

const fact = (amount: number) =>
  JSON.stringify({
    fact: { tool: { name: 'issue_refund', args: { amount } } },
    expect: { decision: amount > 5000 ? 'REQUEST_HUMAN' : 'ALLOW' },
  });

for (const lang of ['en', 'zh'] as const) {
  test(`${lang}: every row of an imported fact set left out of the run is named`, async ({
    page,
  }) => {
    const t = T[lang];
    await open(page, lang);
    // 140 records: the odd lines good, the even lines not JSON — 70 left out, more than the
    // 50 problems the panel lists, so the names must come from the list of skipped records.
    const lines = Array.from({ length: 140 }, (_, i) => (i % 2 ? `{oops ${i}` : fact(i * 97)));
    await page.getByTestId('suite-file').setInputFiles({
      name: 'refunds.jsonl',
      mimeType: 'application/x-ndjson',
      buffer: Buffer.from(`${lines.join('\n')}\n`),
    });
    await expect(page.getByTestId('suite-totals')).toContainText(t.totals, { timeout: 60_000 });
    const skipped = page.getByTestId('suite-skipped');
    await expect(skipped).toContainText(t.skipped);
    await expect(page.getByTestId('suite-skipped-lines')).toContainText(t.first);
    await expect(page.getByTestId('suite-skipped-lines')).toContainText(t.etc);
    await expect(page.getByTestId('suite-more-problems')).toHaveText(t.more);
    await skipped.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/shots-batch/skipped-${lang}.png` });
    await page.getByText(t.showAll).click();
    const all = page.getByTestId('suite-skipped-all');
    await expect(all).toBeVisible();
    const named = (await all.textContent()) ?? '';
    // Every left-out line, 2 to 140, named once.
    for (let line = 2; line <= 140; line += 2) expect(named).toMatch(new RegExp(`\\b${line}\\b`));
    await all.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/shots-batch/skipped-all-${lang}.png` });

    // A CSV whose quote runs away takes in lines 4–5: one record, named by its range.
    await page.getByTestId('suite-file').setInputFiles({
      name: 'refunds.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        'tool.name,tool.args.amount\nissue_refund,1\n"issue_refund,2\nissue_refund,3\nissue_refund,4\n',
      ),
    });
    await expect(page.getByTestId('suite-skipped')).toHaveText(t.csvSkipped);
    await expect(page.getByTestId('suite-problems')).toContainText(
      lang === 'en' ? 'takes in lines 4–5' : '吞并了第 4–5 行',
    );
    await page.getByTestId('suite-skipped').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/shots-batch/skipped-csv-${lang}.png` });
  });
}
