import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dismissNotices, downloadsOf } from '../support/signing';
import { type Browser, expect, type Page, test } from '../support/test';

/**
 * Issue #19 points 2 and 3: named keys and maker–checker. The author creates a named key, signs
 * aml-screening as author and hands over the signed pair and her public key. The reviewer (a
 * second browser context: another person's studio) creates his named key, trusts the author's
 * key, opens the signed pair and co-signs as reviewer. The Export panel lists both signers by
 * name and role, trusted. A tampered reviewer signature is named on re-import. English, Chinese.
 */

const WORDS = {
  en: {
    exportTab: 'Export',
    generate: 'Generate signing key',
    exportPublic: 'Download public key (JWK)',
    author: 'Alice Chen',
    reviewer: 'Bob Li',
    signAuthor: 'Sign as Author and download',
    signReviewer: 'Sign as Reviewer and download',
    unchanged: 'Signed, unchanged',
    authorLine: /^Author: Alice Chen \(trusted\), key sha256:[0-9a-f]{64}, signed \d{4}-/,
    reviewerLine: /^Reviewer: Bob Li \(trusted\), key sha256:[0-9a-f]{64}, signed \d{4}-/,
    bad: 'NOT verified — bad signature',
    badDetail: /role signature 3: NOT valid for key sha256:/,
  },
  zh: {
    exportTab: '导出',
    generate: '生成签名密钥',
    exportPublic: '下载公钥（JWK）',
    author: '陈爱丽',
    reviewer: '李博',
    signAuthor: '以作者身份签名并下载',
    signReviewer: '以审核人身份签名并下载',
    unchanged: '已签名，未改动',
    authorLine: /^作者：陈爱丽（受信任），密钥 sha256:[0-9a-f]{64}，签名时间 \d{4}-/,
    reviewerLine: /^审核人：李博（受信任），密钥 sha256:[0-9a-f]{64}，签名时间 \d{4}-/,
    bad: '未通过验证——签名无效',
    badDetail: /第 3 个角色签名：无效（密钥 sha256:/,
  },
} as const;

async function studio(page: Page, lang: string) {
  await page.addInitScript((l) => localStorage.setItem('erdl-studio.lang', l), lang);
  await page.goto('/');
}

async function createNamedKey(page: Page, w: (typeof WORDS)[keyof typeof WORDS], name: string) {
  await page.getByRole('tab', { name: w.exportTab }).click();
  await page.getByTestId('signing-key-name-input').fill(name);
  await page.getByRole('button', { name: w.generate }).click();
  await expect(page.getByTestId('signing-key-name')).toHaveText(name);
  await expect(page.getByTestId('signing-key-id')).toHaveText(/^sha256:/);
}

async function newStudio(browser: Browser, lang: string) {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    acceptDownloads: true,
    baseURL: test.info().project.use.baseURL,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await studio(page, lang);
  return { context, page, errors };
}

for (const lang of ['en', 'zh'] as const) {
  const w = WORDS[lang];
  test.describe(`maker–checker (${lang})`, () => {
    test.use({ viewport: { width: 1440, height: 900 } });
    test.setTimeout(180_000);

    test(`author signs, reviewer co-signs; both listed by name and role, trusted; tampering named (${lang})`, async ({
      page,
      browser,
    }) => {
      const dir = await mkdtemp(join(tmpdir(), `erdl-maker-checker-${lang}-`));
      // The author.
      await studio(page, lang);
      await page.getByRole('button', { name: /^aml-screening/ }).click();
      await createNamedKey(page, w, w.author);
      const pub = await downloadsOf(
        page,
        1,
        () => page.getByRole('button', { name: w.exportPublic }).click(),
        dir,
      );
      const authorPub = Object.values(pub)[0] as string;
      expect(JSON.parse(await readFile(authorPub, 'utf8')).name).toBe(w.author);
      await page.getByTestId('sign-role').selectOption('author');
      const signed = await downloadsOf(
        page,
        2,
        () => page.getByRole('button', { name: w.signAuthor }).click(),
        dir,
      );
      const rules = signed['aml-screening.erdl.yaml'] as string;
      const signature = signed['aml-screening.erdl.yaml.dsse.json'] as string;
      expect(JSON.parse(await readFile(signature, 'utf8')).signatures).toHaveLength(2);
      await expect(page.getByTestId('signers').locator('li')).toHaveCount(1);
      await expect(page.getByTestId('signers').locator('li').first()).toHaveText(w.authorLine);

      // The reviewer, in another studio: his own named key, trusting the author's key.
      const reviewer = await newStudio(browser, lang);
      const rp = reviewer.page;
      await createNamedKey(rp, w, w.reviewer);
      await rp.getByTestId('trusted-key-file').setInputFiles(authorPub);
      await expect(rp.getByText(w.author).first()).toBeVisible();
      await rp.getByTestId('open-files').setInputFiles([rules, signature]);
      await dismissNotices(rp);
      await rp.getByRole('tab', { name: w.exportTab }).click();
      await expect(rp.getByTestId('verification-status')).toHaveText(w.unchanged);
      await rp.getByTestId('sign-role').selectOption('reviewer');
      const reviewed = await downloadsOf(
        rp,
        2,
        () => rp.getByRole('button', { name: w.signReviewer }).click(),
        await mkdtemp(join(tmpdir(), `erdl-reviewer-${lang}-`)),
      );
      const cosigned = Object.entries(reviewed).find(([n]) => n.endsWith('.dsse.json'))?.[1];
      if (!cosigned) throw new Error(`reviewer downloads: ${Object.keys(reviewed)}`);
      const signers = rp.getByTestId('signers').locator('li');
      await expect(signers).toHaveCount(2);
      await expect(signers.nth(0)).toHaveText(w.authorLine);
      await expect(signers.nth(1)).toHaveText(w.reviewerLine);
      await expect(signers.nth(0)).toHaveAttribute('data-trusted', 'yes');
      await expect(signers.nth(1)).toHaveAttribute('data-trusted', 'yes');
      await expect(rp.getByTestId('verification-status')).toHaveText(w.unchanged);
      await dismissNotices(rp);
      await rp.getByTestId('signers').scrollIntoViewIfNeeded();
      await rp.screenshot({ path: `/tmp/maker-checker-signers-${lang}.png` });

      // Tampering: one byte of the reviewer's signature flipped, then re-imported.
      const envelope = JSON.parse(await readFile(cosigned, 'utf8'));
      const sig: string = envelope.signatures[2].sig;
      envelope.signatures[2].sig = `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
      const tampered = join(dir, 'tampered');
      await mkdir(tampered);
      await writeFile(join(tampered, 'aml-screening.erdl.yaml'), await readFile(rules));
      await writeFile(
        join(tampered, 'aml-screening.erdl.yaml.dsse.json'),
        `${JSON.stringify(envelope)}\n`,
      );
      await rp
        .getByTestId('open-files')
        .setInputFiles([
          join(tampered, 'aml-screening.erdl.yaml'),
          join(tampered, 'aml-screening.erdl.yaml.dsse.json'),
        ]);
      await dismissNotices(rp);
      await rp.getByRole('tab', { name: w.exportTab }).click();
      await expect(rp.getByTestId('verification-status')).toHaveText(w.bad);
      await expect(rp.getByTestId('verification-problems')).toContainText(w.badDetail);
      await expect(rp.getByTestId('signers')).toHaveCount(0);
      await dismissNotices(rp);
      await rp.getByTestId('verification-problems').scrollIntoViewIfNeeded();
      await rp.screenshot({ path: `/tmp/maker-checker-tampered-${lang}.png` });
      expect(reviewer.errors).toEqual([]);
      await reviewer.context.close();
    });
  });
}
