import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { editorText } from '../support/editor';
import { downloadsOf } from '../support/signing';
import { expect, type Locator, type Page, test } from '../support/test';

/**
 * Issue #37 points 1 and 2: what the studio says outside its panels is derived too. The user signs
 * aml-screening, opens the signed text again (a byte-identical copy, "aml-screening (2)"), edits
 * the original, and — with the copy active — opens the signature file alone: it attaches to the
 * copy (signed, unchanged), never to the edited original of the name it names. The notice saying
 * so sits clear of the Export panel; one keystroke in the copy and it is gone while the badge says
 * changed; the review report downloaded before the edit is marked as about an earlier text. After
 * a reload the signature is still attached and every section of the panel agrees. English and
 * Chinese at 1440×900; screenshots in /tmp/shots-37/notices-attach/.
 */

const WORDS = {
  en: {
    exportTab: 'Export',
    generate: 'Generate signing key',
    download: 'Download signed',
    report: 'Download report',
    verifiedNotice: 'Signed, unchanged — signed by a trusted key',
    unchanged: 'Signed, unchanged',
    changed: 'Changed since signed — 1 rule differs',
    none: 'This document was not opened with a signature file',
    earlier: 'About an earlier text',
    saved: 'Saved',
    noBytes: 'no open document has the text it signs',
    attach: 'Attach to “aml-screening” (shown as changed)',
  },
  zh: {
    exportTab: '导出',
    generate: '生成签名密钥',
    download: '下载签名文件',
    report: '下载报告',
    verifiedNotice: '已签名，未改动——由受信任的密钥',
    unchanged: '已签名，未改动',
    changed: '签名后已改动——1 条规则不同',
    none: '此文档打开时没有附带签名文件',
    earlier: '针对较早的文本',
    saved: '已保存',
    noBytes: '没有已打开文档的文本与其所签文本一致',
    attach: '附加到“aml-screening”（标记为签名后已改动）',
  },
} as const;

const SHOTS = '/tmp/shots-37/notices-attach';

/** The document list's entry of exactly this name. */
function entry(page: Page, name: string): Locator {
  return page.locator('.document-select', {
    has: page.locator('.document-name', { hasText: new RegExp(`^${escapeRegExp(name)}$`) }),
  });
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

interface ActiveDoc {
  id: string;
  name: string;
  current: boolean;
}

function active(page: Page): Promise<ActiveDoc> {
  return page.evaluate(() => {
    const hook = (globalThis as Record<string, unknown>).__ERDL_STUDIO__ as
      | {
          store: {
            getState(): {
              activeId: string | null;
              documents: Record<string, { id: string; name: string; text: string }>;
              analyses: Record<string, { text: string; analysis: { documentHash: string | null } }>;
            };
          };
        }
      | undefined;
    // While the page reloads there is no store yet, then no active document: none, not an error
    // (the callers poll until the one they expect is active).
    const s = hook?.store.getState();
    const doc = s?.activeId ? s.documents[s.activeId] : undefined;
    if (!s || !doc) return { id: '', name: '', current: false };
    const analysed = s.analyses[doc.id];
    return {
      id: doc.id,
      name: doc.name,
      current: analysed?.text === doc.text && analysed.analysis.documentHash !== null,
    };
  });
}

/** Changes the first `value: 10000` in the editor to `to`, by keyboard. */
async function editLimit(page: Page, to: string) {
  const line = page.locator('.view-line', { hasText: 'value: 10000' }).first();
  await line.click();
  await page.keyboard.press('End');
  for (let i = 0; i < '10000'.length; i++) await page.keyboard.press('Backspace');
  await page.keyboard.type(to);
  await expect.poll(() => editorText(page)).toContain(`value: ${to}`);
}

/** No shown notice overlaps the side panel (the Export panel the notices speak about). */
async function noticesClearOfPanel(page: Page) {
  // Measured in one go in the page: a notice may fade between two measurements.
  const overlaps = await page.evaluate(() => {
    const panel = document.querySelector('.side')?.getBoundingClientRect();
    if (!panel) return ['no side panel'];
    return [...document.querySelectorAll('.notices .notice')]
      .map((n) => n.getBoundingClientRect())
      .filter(
        (b) =>
          b.width > 0 &&
          b.right > panel.left &&
          panel.right > b.left &&
          b.bottom > panel.top &&
          panel.bottom > b.top,
      )
      .map((b) => `notice at ${b.left},${b.top} ${b.width}×${b.height} over the panel`);
  });
  expect(overlaps).toEqual([]);
}

for (const lang of ['en', 'zh'] as const) {
  const w = WORDS[lang];

  test.describe(`the reviewer's truth (${lang})`, () => {
    test.use({ viewport: { width: 1440, height: 900 } });
    // Signing, downloads, two imports, a report and a reload on a shared two-core machine.
    test.setTimeout(120_000);

    test(`a signature attaches to the copy with its bytes; its notice is bound to that text; after a reload the panel agrees (${lang})`, async ({
      page,
    }) => {
      await page.addInitScript((l) => localStorage.setItem('erdl-studio.lang', l), lang);
      const dir = await mkdtemp(join(tmpdir(), `erdl-truth-${lang}-`));
      await mkdir(SHOTS, { recursive: true });
      await page.goto('/');
      await entry(page, 'aml-screening').click();
      await expect.poll(async () => (await active(page)).current).toBe(true);
      const original = (await active(page)).id;

      // Sign it: the signed pair is downloaded.
      await page.getByRole('tab', { name: w.exportTab }).click();
      await page.getByRole('button', { name: w.generate }).click();
      await expect(page.getByTestId('signing-key-id')).toHaveText(/^sha256:/);
      const files = await downloadsOf(
        page,
        2,
        () => page.getByRole('button', { name: w.download }).click(),
        dir,
      );
      const yamlPath = files['aml-screening.erdl.yaml'];
      const signaturePath = files['aml-screening.erdl.yaml.dsse.json'];
      if (!yamlPath || !signaturePath) throw new Error(`downloads: ${Object.keys(files)}`);

      // A byte-identical copy: the signed text opened again, "aml-screening (2)".
      await page.getByTestId('open-files').setInputFiles(yamlPath);
      await expect(entry(page, 'aml-screening (2)')).toBeVisible();
      // Edit the original: it is no longer the signed text.
      await entry(page, 'aml-screening').click();
      await expect.poll(async () => (await active(page)).id).toBe(original);
      await editLimit(page, '20000');
      const originalBadge = entry(page, 'aml-screening').getByTestId('signature-badge');
      await expect(originalBadge).toHaveAttribute('data-status', 'changed');

      // The copy, active: its review report, then the signature file alone.
      await entry(page, 'aml-screening (2)').click();
      await expect.poll(async () => (await active(page)).current).toBe(true);
      const copy = (await active(page)).id;
      expect(copy).not.toBe(original);
      await downloadsOf(page, 1, () => page.getByRole('button', { name: w.report }).click(), dir);
      const reportDone = page.getByTestId('review-report-done');
      await expect(reportDone).toHaveAttribute('data-stale', 'no');

      await page.getByTestId('open-files').setInputFiles(signaturePath);
      const notice = page.locator('.notices .notice', { hasText: w.verifiedNotice });
      await expect(notice).toBeVisible();
      // It attached to the copy with the signed bytes, not to the edited original of its name.
      expect((await active(page)).id).toBe(copy);
      const status = page.getByTestId('verification-status');
      await expect(status).toHaveText(w.unchanged);
      const copyBadge = entry(page, 'aml-screening (2)').getByTestId('signature-badge');
      await expect(copyBadge).toHaveAttribute('data-status', 'verified');
      await expect(originalBadge).toHaveAttribute('data-status', 'changed');
      await noticesClearOfPanel(page);
      await page.screenshot({ path: `${SHOTS}/attached-to-copy-${lang}.png` });

      // One edit of the copy: the notice goes at once; the badge and the panel say changed.
      await expect(notice).toBeVisible();
      const line = page.locator('.view-line', { hasText: 'value: 10000' }).first();
      await line.click();
      await page.keyboard.press('End');
      await page.keyboard.press('Backspace');
      await expect(notice).toHaveCount(0, { timeout: 1000 });
      await page.keyboard.type('5');
      await expect.poll(() => editorText(page)).toContain('value: 10005');
      await expect(page.locator('.notices')).not.toContainText(w.unchanged);
      await expect(copyBadge).toHaveAttribute('data-status', 'changed');
      await expect(status).toHaveText(w.changed);
      // The report downloaded before the edit is marked as about an earlier text.
      await expect(reportDone).toHaveAttribute('data-stale', 'yes');
      await expect(reportDone).toContainText(w.earlier);
      await noticesClearOfPanel(page);
      await page.screenshot({ path: `${SHOTS}/copy-edited-${lang}.png` });

      // Reload: the signature is still attached; every section of the panel agrees.
      await expect(page.getByTestId('status-saved')).toHaveText(w.saved);
      await page.reload();
      await expect.poll(async () => (await active(page)).id).toBe(copy);
      await page.getByRole('tab', { name: w.exportTab }).click();
      await expect(status).toHaveText(w.changed);
      await expect(page.getByTestId('verification')).not.toContainText(w.none);
      await expect(copyBadge).toHaveAttribute('data-status', 'changed');
      await expect(originalBadge).toHaveAttribute('data-status', 'changed');
      await expect(reportDone).toHaveAttribute('data-stale', 'yes');
      await expect(page.locator('.notices')).not.toContainText(w.unchanged);
      await noticesClearOfPanel(page);
      await page.getByTestId('verification').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/after-reload-${lang}.png` });

      // Now no open document has the signed bytes: opened again, the signature is not attached to
      // the edited document of its name — it says so and offers it, and attaches only when asked.
      await page.getByTestId('open-files').setInputFiles(signaturePath);
      const offer = page.locator('.notices .notice', { hasText: w.noBytes });
      await expect(offer).toBeVisible();
      expect((await active(page)).id).toBe(copy);
      await noticesClearOfPanel(page);
      await page.screenshot({ path: `${SHOTS}/offer-named-${lang}.png` });
      await offer.getByRole('button', { name: w.attach }).click();
      await expect.poll(async () => (await active(page)).id).toBe(original);
      await expect(status).toHaveText(w.changed);
      await expect(originalBadge).toHaveAttribute('data-status', 'changed');
    });
  });
}
