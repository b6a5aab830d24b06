import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { editorText } from '../support/editor';
import { dismissNotices, downloadsOf, erdl } from '../support/signing';
import { expect, type Page, test } from '../support/test';

/**
 * Issue #14 point 1: the signature state is derived from the current text, never remembered.
 * The user's steps: open aml-screening, sign it, re-import the signed pair (verified), change
 * 10000 to 20000 in a rule in the editor — the Export panel says "changed since signed", names
 * the rule and offers the diff against the signed version; undo — signed, unchanged again. A
 * tampered file signed by a stranger: "signer not trusted" until the key is trusted, then the
 * hashes are the reason, naming the rule. In English and in Chinese.
 */

const WORDS = {
  en: {
    exportTab: 'Export',
    generate: 'Generate signing key',
    download: 'Download signed',
    verifiedNotice: 'Signed, unchanged — signed by a trusted key',
    unchanged: 'Signed, unchanged',
    changed: 'Changed since signed — 1 rule differs',
    ruleLine: 'rule "AML-001-high-risk-large" changed since signing (its condition)',
    compare: 'Compare with the signed version',
    compareWith: 'Compare this document with',
    signedVersion:
      /^the signed version \(signed by your signing key at \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d \(UTC[+-]\d\d:\d\d\)/,
    untrusted: 'NOT verified — signer not trusted',
    untrustedReason: 'Signer not trusted: key sha256:',
    hashReason: 'Hashes differ: the current text is not what was signed.',
    stale: [/unchanged/i, /recomputed hashes equal/i, /Verified:/],
  },
  zh: {
    exportTab: '导出',
    generate: '生成签名密钥',
    download: '下载签名文件',
    verifiedNotice: '已签名，未改动——由受信任的密钥',
    unchanged: '已签名，未改动',
    changed: '签名后已改动——1 条规则不同',
    ruleLine: '规则“AML-001-high-risk-large”自签名后已改动（条件）',
    compare: '与签名版本比较',
    compareWith: '将此文档与下列版本比较',
    signedVersion:
      /^签名版本（签名者：你的签名密钥，签名时间：\d{4}年\d{1,2}月\d{1,2}日 \d\d:\d\d（UTC[+-]\d\d:\d\d）/,
    untrusted: '未通过验证——签名者不受信任',
    untrustedReason: '签名者不受信任：密钥 sha256:',
    hashReason: '哈希不一致：当前文本不是签名时的文本。',
    stale: [/未改动/, /重新计算的哈希/, /已验证/],
  },
} as const;

interface Active {
  id: string;
  text: string;
  current: boolean;
}

function active(page: Page): Promise<Active> {
  return page.evaluate(() => {
    const hook = (globalThis as Record<string, unknown>).__ERDL_STUDIO__ as {
      store: {
        getState(): {
          activeId: string | null;
          documents: Record<string, { id: string; text: string }>;
          analyses: Record<string, { text: string; analysis: { documentHash: string | null } }>;
        };
      };
    };
    const s = hook.store.getState();
    const doc = s.activeId ? s.documents[s.activeId] : undefined;
    if (!doc) throw new Error('no active document');
    const entry = s.analyses[doc.id];
    return {
      id: doc.id,
      text: doc.text,
      current: entry?.text === doc.text && entry.analysis.documentHash !== null,
    };
  });
}

for (const lang of ['en', 'zh'] as const) {
  const w = WORDS[lang];

  test.describe(`signature state (${lang})`, () => {
    test.use({ viewport: { width: 1440, height: 900 } });
    // Signing, two downloads, an import and the CLI on a shared two-core machine.
    test.setTimeout(120_000);
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((l) => localStorage.setItem('erdl-studio.lang', l), lang);
    });

    test(`an edit of a verified document is "changed since signed", named, with the diff; undo restores it (${lang})`, async ({
      page,
    }) => {
      const dir = await mkdtemp(join(tmpdir(), `erdl-sigstate-${lang}-`));
      await page.goto('/');
      await page.getByRole('button', { name: /^aml-screening/ }).click();
      await expect.poll(async () => (await active(page)).current).toBe(true);
      const signedText = (await active(page)).text;

      // Sign it and download the signed pair.
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

      // Re-import the pair: verified.
      await page.getByTestId('open-files').setInputFiles([yamlPath, signaturePath]);
      await expect(page.getByRole('status').filter({ hasText: w.verifiedNotice })).toBeVisible();
      await dismissNotices(page);
      const status = page.getByTestId('verification-status');
      const badge = page.locator('[aria-current="true"] [data-testid="signature-badge"]');
      await expect(status).toHaveText(w.unchanged);
      await expect(badge).toHaveAttribute('data-status', 'verified');

      // Change 10000 to 20000 in the first rule, in the editor.
      const line = page.locator('.view-line', { hasText: 'value: 10000' }).first();
      await line.click();
      await page.keyboard.press('End');
      for (let i = 0; i < '10000'.length; i++) await page.keyboard.press('Backspace');
      await page.keyboard.type('20000');
      await expect.poll(() => editorText(page)).toContain('value: 20000');

      await expect(status).toHaveText(w.changed);
      await expect(page.getByTestId('changed-rules')).toHaveText(w.ruleLine);
      await expect(page.getByTestId('verification')).toContainText(w.hashReason);
      await expect(badge).toHaveAttribute('data-status', 'changed');
      // Nothing about this document says unchanged or verified: not the panel, not its list entry.
      for (const stale of w.stale) {
        await expect(page.locator('.side')).not.toContainText(stale);
        await expect(page.locator('[aria-current="true"]')).not.toContainText(stale);
      }
      await page.screenshot({ path: `/tmp/signature-state-changed-${lang}.png` });

      // One click to the diff against the signed version.
      await page.getByRole('button', { name: w.compare }).click();
      const select = page.getByRole('combobox', { name: w.compareWith });
      await expect(select).toHaveValue('signed-version');
      await expect(select.locator('option:checked')).toHaveText(w.signedVersion);
      await expect(page.getByTestId('diff-changed')).toContainText('AML-001-high-risk-large');
      await expect(page.getByTestId('diff-changed')).toContainText(/20,?000/);
      // The panel scrolled to the diff; the page itself did not move; the keyboard is on the choice.
      await expect(page.getByTestId('diff-changed')).toBeInViewport();
      expect(await page.evaluate(() => document.scrollingElement?.scrollTop ?? 0)).toBe(0);
      await expect(select).toBeFocused();
      await page.screenshot({ path: `/tmp/signature-state-diff-${lang}.png` });

      // Undo the edit: signed, unchanged again.
      await page.locator('.view-line', { hasText: 'value: 20000' }).first().click();
      for (let i = 0; i < 20 && (await editorText(page)) !== signedText; i++) {
        const before = await editorText(page);
        await page.keyboard.press('Control+z');
        await expect.poll(() => editorText(page)).not.toBe(before);
      }
      expect(await editorText(page)).toBe(signedText);
      await expect(status).toHaveText(w.unchanged);
      await expect(badge).toHaveAttribute('data-status', 'verified');
      await expect(page.getByTestId('changed-rules')).toHaveCount(0);
      await page.screenshot({ path: `/tmp/signature-state-undone-${lang}.png` });
    });

    test(`a tampered file by a stranger: signer not trusted, then — once trusted — the hashes, naming the rule (${lang})`, async ({
      page,
    }) => {
      const dir = await mkdtemp(join(tmpdir(), `erdl-sigstate-cli-${lang}-`));
      const rules = join(dir, 'aml-screening.erdl.yaml');
      const original = await readFile('src/studio/examples/aml-screening.erdl.yaml', 'utf8');
      await writeFile(rules, original);
      expect((await erdl('keygen', '--out', join(dir, 'stranger.jwk'))).code).toBe(0);
      const signed = await erdl(
        'sign',
        rules,
        '--key',
        join(dir, 'stranger.jwk'),
        '--time',
        '2026-09-01T00:00:00Z',
      );
      expect(signed.code, signed.out).toBe(0);
      await writeFile(rules, original.replace('value: 10000', 'value: 20000'));

      await page.goto('/');
      await page.getByTestId('open-files').setInputFiles([rules, `${rules}.dsse.json`]);
      await expect(page.getByRole('status').filter({ hasText: w.untrusted })).toBeVisible();
      await dismissNotices(page);
      await page.getByRole('tab', { name: w.exportTab }).click();
      const status = page.getByTestId('verification-status');
      await expect(status).toHaveText(w.untrusted);
      await expect(page.getByTestId('verification-reason')).toContainText(w.untrustedReason);
      // One reason: not the rules yet, and never "valid" beside "not trusted".
      await expect(page.getByTestId('changed-rules')).toHaveCount(0);
      await page.screenshot({ path: `/tmp/signature-state-untrusted-${lang}.png` });

      await page.getByTestId('trusted-key-file').setInputFiles(join(dir, 'stranger.pub.jwk'));
      await expect(status).toHaveText(w.changed);
      await expect(page.getByTestId('verification-reason')).toHaveText(w.hashReason);
      await expect(page.getByTestId('changed-rules')).toHaveText(w.ruleLine);
      for (const stale of w.stale) await expect(page.locator('body')).not.toContainText(stale);
      await page.screenshot({ path: `/tmp/signature-state-trusted-${lang}.png` });
    });
  });
}
