import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { editorText } from '../support/editor';
import { dismissNotices, downloadsOf } from '../support/signing';
import { expect, test } from '../support/test';

/**
 * Issue #19 point 1: the rule-set review report. The user's steps: open aml-screening, sign it
 * (so there is a previous signed version), change the 10000 threshold to 5000 in the editor,
 * Export → Report: the downloaded HTML has the rule table and the changed rule's gloss before
 * and after. Opened in the browser it is what gets printed (screenshots at 1440×900). In English
 * and in Chinese.
 */

const WORDS = {
  en: {
    exportTab: 'Export',
    generate: 'Generate signing key',
    download: 'Download signed',
    report: 'Download report',
    lang: 'Report language',
    title: 'Rule-set review report',
    changes: 'Changes since the previous signed version',
    unchanged: 'Signed, unchanged',
    run: 'Run impact',
    against: 'Compare against',
    summary: '6 facts: 1 change decision, 5 keep it.',
  },
  zh: {
    exportTab: '导出',
    generate: '生成签名密钥',
    download: '下载签名文件',
    report: '下载报告',
    lang: '报告语言',
    title: '规则集审核报告',
    changes: '自上一签名版本以来的变更',
    unchanged: '已签名，未改动',
    run: '运行影响分析',
    against: '比较对象',
    summary: '共 6 个事实：1 个决策改变，5 个不变。',
  },
} as const;

for (const lang of ['en', 'zh'] as const) {
  const w = WORDS[lang];
  test.describe(`review report (${lang})`, () => {
    test.use({ viewport: { width: 1440, height: 900 } });
    test.setTimeout(120_000);
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((l) => localStorage.setItem('erdl-studio.lang', l), lang);
    });

    test(`edit a threshold, Export → Report shows the rule table and the change (${lang})`, async ({
      page,
    }) => {
      const dir = await mkdtemp(join(tmpdir(), `erdl-review-${lang}-`));
      await page.goto('/');
      await page.getByRole('button', { name: /^aml-screening/ }).click();
      await expect(page.locator('.view-line', { hasText: 'value: 10000' }).first()).toBeVisible();

      // A previous signed version: sign and download it.
      await page.getByRole('tab', { name: w.exportTab }).click();
      await page.getByRole('button', { name: w.generate }).click();
      await expect(page.getByTestId('signing-key-id')).toHaveText(/^sha256:/);
      const signed = await downloadsOf(
        page,
        2,
        () => page.getByRole('button', { name: w.download }).click(),
        dir,
      );
      // The signed file also opened as a document of its own: the version to compare with.
      const yamlPath = signed['aml-screening.erdl.yaml'];
      if (!yamlPath) throw new Error(`downloads: ${Object.keys(signed)}`);
      await page.getByTestId('open-files').setInputFiles([yamlPath]);
      await expect(page.getByRole('button', { name: /^aml-screening \(2\)/ })).toBeVisible();
      await dismissNotices(page);
      await page.getByRole('button', { name: /^aml-screening(?! \()/ }).click();
      await expect(page.getByTestId('verification-status')).toHaveText(w.unchanged);

      // Change 10000 to 5000 in the first rule.
      const line = page.locator('.view-line', { hasText: 'value: 10000' }).first();
      await line.click();
      await page.keyboard.press('End');
      for (let i = 0; i < '10000'.length; i++) await page.keyboard.press('Backspace');
      await page.keyboard.type('5000');
      await expect.poll(() => editorText(page)).toContain('value: 5000');

      // Export → Report.
      const section = page.getByTestId('review-report');
      await section.scrollIntoViewIfNeeded();
      await section.getByRole('combobox', { name: w.lang }).selectOption(lang);
      const files = await downloadsOf(
        page,
        1,
        () => section.getByRole('button', { name: w.report }).click(),
        dir,
      );
      const path = files[`aml-screening.review.${lang}.html`];
      if (!path) throw new Error(`downloads: ${Object.keys(files)}`);
      await expect(page.getByTestId('review-report-done')).toContainText(/sha256:[0-9a-f]{64}/);
      await page.screenshot({ path: `/tmp/review-report-panel-${lang}.png` });
      const html = await readFile(path, 'utf8');
      expect(html).toContain(w.title);
      for (const rule of [
        'AML-001-high-risk-large',
        'AML-002-high-risk-review',
        'AML-003-cash-report',
      ])
        expect(html).toContain(`data-rule="${rule}"`);
      expect(html).toContain(w.changes);
      const changed = html.slice(html.indexOf('data-changed="AML-001-high-risk-large"'));
      expect(html).toContain('data-changed="AML-001-high-risk-large"');
      expect(changed).toMatch(/<del>[\s\S]*10,?000[\s\S]*<\/del>[\s\S]*<ins>[\s\S]*5,?000/);
      expect(html).not.toMatch(/<script/i);

      // Opened in the browser, as the user does to print it.
      const report = await page.context().newPage();
      await report.setViewportSize({ width: 1440, height: 900 });
      await report.goto(`file://${path}`);
      await expect(report.getByRole('heading', { level: 1 })).toHaveText(w.title);
      await report.screenshot({ path: `/tmp/review-report-${lang}.png` });
      await report.locator('[data-section="changes"]').scrollIntoViewIfNeeded();
      await report.screenshot({ path: `/tmp/review-report-changes-${lang}.png` });
      await report.close();

      // Impact of the change over the example suite, against the signed version.
      const impact = page.getByTestId('impact');
      await impact.scrollIntoViewIfNeeded();
      await impact
        .getByRole('combobox', { name: w.against })
        .selectOption({ label: 'aml-screening (2)' });
      await impact.getByRole('button', { name: w.run }).click();
      await expect(page.getByTestId('impact-summary')).toHaveText(w.summary);
      const cell = page.locator(
        '[data-testid="impact-matrix"] tr[data-from="REQUEST_HUMAN"][data-to="DENY"] td.num',
      );
      await expect(cell).toHaveText('1');
      await expect(page.getByTestId('impact-samples')).toContainText('AML-002-high-risk-review');
      await expect(page.getByTestId('impact-causes')).toContainText('AML-001-high-risk-large');
      await page.getByTestId('impact-matrix').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/impact-${lang}.png` });
    });
  });
}
