import { openStudio } from '../support/evaluate-panel';
import { VIEWPORTS } from '../support/journey';
import { expect, test } from '../support/test';

/**
 * The reviewer, in the Export panel's Hashes section, finds a button that copies every hash as JSON.
 * It said only "Copy", alone under the two hashes that have their own Copy buttons — copy what? —
 * and a screen reader heard "Copy Copy all hashes as JSON" ("复制以 JSON 复制全部哈希"). It now says
 * what it copies, and copies the document hash shown above it with each rule's hash. In English
 * and Chinese, at 1440×900 and 1024×700; screenshots in /tmp/shots-journeys/hash-copy/.
 */
const WORDS = {
  en: { tab: 'Export', name: 'Copy all hashes as JSON', text: 'Copy all (JSON)', copied: 'Copied' },
  zh: { tab: '导出', name: '复制全部哈希（JSON）', text: '复制全部（JSON）', copied: '已复制' },
} as const;

for (const lang of ['en', 'zh'] as const) {
  const w = WORDS[lang];
  for (const viewport of VIEWPORTS) {
    test(`the button copying all hashes says so, and copies the hashes shown (${lang}, ${viewport.width})`, async ({
      page,
      context,
    }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await openStudio(page, lang);
      await page.setViewportSize(viewport);
      await page.getByRole('tab', { name: w.tab }).click();
      const button = page.getByRole('button', { name: w.name, exact: true });
      await expect(button).toHaveText(w.text);
      await button.scrollIntoViewIfNeeded();
      await page.screenshot({
        path: `/tmp/shots-journeys/hash-copy/${lang}-${viewport.width}.png`,
      });
      await button.click();
      await expect(button).toHaveText(w.copied);
      const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as {
        document: string;
        rules: Record<string, string>;
      };
      await expect(page.getByTestId('export-document-hash')).toHaveText(copied.document);
      expect(Object.keys(copied.rules)).toEqual(['SEC-001-refund-limit']);
    });
  }
}
