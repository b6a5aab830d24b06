import { readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { erdl } from '../support/signing';
import { expect, test } from '../support/test';

/**
 * Issue #19 point 4: the impact of a change over an imported fact set, on the studio's worker
 * pool. The user's steps: open an edited copy of aml-screening (the 10000 threshold of
 * AML-001 lowered to 5000), Export → Impact, compare against the original, import a JSON Lines
 * fact set, run: the matrix and the causing rules agree with `erdl impact` on the same files.
 * Then import a much larger set (the figures shown are now marked as about other facts), run,
 * see the progress, cancel: the state says cancelled and no figures are shown. English and Chinese.
 */

const WORDS = {
  en: {
    exportTab: 'Export',
    run: 'Run impact',
    cancel: 'Cancel',
    against: 'Compare against',
    summary: /^3000 facts: (\d+) change decision, (\d+) keep it\.$/,
    cancelled: /^Cancelled at \d+ of 400000: no figures\. Run again to see the impact\.$/,
    stale: 'These figures are about an earlier text',
    took: /^Compared in [\d.]+ s on \d+ workers?\.$/,
    showTraces: 'Show both traces',
    hideTraces: 'Hide both traces',
    differ: 'Rules whose outcome differs: ',
    differs: 'outcome differs',
    before: 'Before: ',
    after: 'After: ',
    tracesStale: 'These traces are of the texts of the earlier run',
    line: /line \d+\{/,
  },
  zh: {
    exportTab: '导出',
    run: '运行影响分析',
    cancel: '取消',
    against: '比较对象',
    summary: /^共 3000 个事实：(\d+) 个决策改变，(\d+) 个不变。$/,
    cancelled: /^已在 \d+ \/ 400000 处取消：没有结果。请重新运行以查看影响。$/,
    stale: '以上数字基于较早的文本',
    took: /^用时 [\d.]+ 秒，使用 \d+ 个工作线程。$/,
    showTraces: '显示两个版本的执行轨迹',
    hideTraces: '隐藏两个版本的执行轨迹',
    differ: '结果不同的规则：',
    differs: '结果不同',
    before: '修改前：',
    after: '修改后：',
    tracesStale: '以下执行轨迹基于上次运行时的文本',
    line: /第 \d+ 行\{/,
  },
} as const;

const ORIGINAL = readFileSync(
  new URL('../../src/studio/examples/aml-screening.erdl.yaml', import.meta.url),
  'utf8',
);
const EDITED = ORIGINAL.replace('value: 10000\n', 'value: 5000\n');
const COUNTRIES = ['IR', 'US', 'KP', 'DE', 'MM'];
const CHANNELS = ['wire', 'cash', 'card'];
function factLines(count: number): string {
  return `${Array.from({ length: count }, (_, i) =>
    JSON.stringify({
      context: {
        amount: (i * 37) % 20000,
        country: COUNTRIES[i % COUNTRIES.length],
        channel: CHANNELS[i % CHANNELS.length],
      },
    }),
  ).join('\n')}\n`;
}

interface CliReport {
  total: number;
  changed: number;
  matrix: { from: string; to: string; count: number }[];
  causes: { rule: string; only_old: number; only_new: number }[];
}

for (const lang of ['en', 'zh'] as const) {
  const w = WORDS[lang];
  test.describe(`impact of a change (${lang})`, () => {
    test.use({ viewport: { width: 1440, height: 900 } });
    test.setTimeout(240_000);
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((l) => localStorage.setItem('erdl-studio.lang', l), lang);
    });

    test(`import facts, run, read the matrix and causes, then cancel a big run (${lang})`, async ({
      page,
    }) => {
      const dir = await mkdtemp(join(tmpdir(), `erdl-impact-${lang}-`));
      const original = join(dir, 'aml-screening.erdl.yaml');
      const edited = join(dir, 'aml-screening-edited.erdl.yaml');
      const small = join(dir, 'cases.jsonl');
      const big = join(dir, 'year.jsonl');
      await writeFile(original, ORIGINAL);
      await writeFile(edited, EDITED);
      await writeFile(small, factLines(3000));
      await writeFile(big, factLines(400_000));
      const cli = await erdl('impact', original, edited, small, '--format', 'json');
      expect(cli.code).toBe(0);
      const expected = JSON.parse(cli.out) as CliReport;
      expect(expected.changed).toBeGreaterThan(0);

      await page.goto('/');
      await page.getByRole('button', { name: /^aml-screening/ }).click();
      await page.getByTestId('open-files').setInputFiles([edited]);
      // Named from its metadata: the second "aml-screening" in the workspace.
      await page.getByRole('button', { name: /^aml-screening \(2\)/ }).click();
      await page.getByRole('tab', { name: w.exportTab }).click();
      const impact = page.getByTestId('impact');
      await impact.scrollIntoViewIfNeeded();
      await impact
        .getByRole('combobox', { name: w.against })
        .selectOption({ label: 'aml-screening' });
      await impact.getByTestId('impact-import').setInputFiles([small]);
      await expect(impact.getByTestId('impact-facts')).toHaveValue('file');
      await impact.getByRole('button', { name: w.run }).click();

      // The figures, as `erdl impact` computes them on the same files.
      const summary = impact.getByTestId('impact-summary');
      await expect(summary).toHaveText(w.summary);
      const [, changed, kept] = (await summary.textContent())?.match(w.summary) ?? [];
      expect(Number(changed)).toBe(expected.changed);
      expect(Number(kept)).toBe(expected.total - expected.changed);
      for (const c of expected.matrix)
        await expect(
          impact.locator(
            `[data-testid="impact-matrix"] tr[data-from="${c.from}"][data-to="${c.to}"] td.num`,
          ),
        ).toHaveText(String(c.count));
      await expect(impact.locator('[data-testid="impact-matrix"] tbody tr')).toHaveCount(
        expected.matrix.length,
      );
      const causes = impact.getByTestId('impact-causes');
      for (const c of expected.causes) await expect(causes).toContainText(c.rule);
      await expect(impact.getByTestId('impact-samples').first()).toContainText(w.line);
      await expect(impact.getByTestId('impact-took')).toHaveText(w.took);
      await expect(impact.getByTestId('impact-stale')).toHaveCount(0);
      await impact.getByTestId('impact-matrix').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/impact-pool-${lang}.png` });

      // A sample's both traces, opened from the keyboard: the rule that causes the change is
      // named as differing, and marked in the old trace and in the new one.
      const cause = expected.causes[0]?.rule ?? '';
      expect(cause).not.toBe('');
      const sample = impact.getByTestId('impact-sample').first();
      const show = sample.getByRole('button', { name: w.showTraces });
      await expect(show).toHaveAttribute('aria-expanded', 'false');
      await show.focus();
      await page.keyboard.press('Enter');
      await expect(sample.getByRole('button', { name: w.hideTraces })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
      const traces = impact.getByTestId('impact-traces').first();
      await expect(traces.getByTestId('impact-traces-differ')).toContainText(`${w.differ}`);
      await expect(traces.getByTestId('impact-traces-differ')).toContainText(cause);
      for (const [side, title] of [
        ['old', w.before],
        ['new', w.after],
      ] as const) {
        const trace = traces.getByTestId(`impact-trace-${side}`);
        await expect(trace.getByRole('heading', { level: 4 })).toContainText(title);
        const step = trace.locator(`li[data-rule="${cause}"]`);
        await expect(step).toHaveAttribute('data-differs', 'true');
        await expect(step).toContainText(w.differs);
      }
      await expect(traces).toHaveAttribute('data-current', 'true');
      await expect(traces.getByTestId('impact-traces-stale')).toHaveCount(0);
      await traces.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/impact-traces-${lang}.png` });

      // Other facts: the figures shown are now about an earlier input, and say so.
      await impact.getByTestId('impact-import').setInputFiles([big]);
      await expect(impact.getByTestId('impact-stale')).toContainText(w.stale);
      // The open traces say they are not about the current texts; no more can be opened.
      await expect(traces).toHaveAttribute('data-current', 'false');
      await expect(traces.getByTestId('impact-traces-stale')).toContainText(w.tracesStale);
      await expect(
        impact.getByTestId('impact-sample').nth(1).getByRole('button', { name: w.showTraces }),
      ).toBeDisabled();

      // A big run: progress, then cancel — every worker stops, and no figures are left showing.
      await impact.getByRole('button', { name: w.run }).click();
      await expect(impact.getByTestId('impact-result')).toHaveCount(0);
      const progress = impact.getByTestId('impact-progress');
      await expect(progress).toHaveText(/\d+ (of|\/) 400000/);
      await page.screenshot({ path: `/tmp/impact-progress-${lang}.png` });
      await impact.getByRole('button', { name: w.cancel }).click();
      const cancelled = impact.getByTestId('impact-cancelled');
      await expect(cancelled).toHaveText(w.cancelled);
      await expect(cancelled).toHaveAttribute('data-state', 'cancelled');
      await expect(progress).toHaveCount(0);
      await expect(impact.getByTestId('impact-result')).toHaveCount(0);
      await expect(impact.getByRole('button', { name: w.run })).toBeEnabled();
      await cancelled.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/impact-cancelled-${lang}.png` });
    });
  });
}
