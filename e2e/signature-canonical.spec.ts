import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dismissNotices, erdl } from './support/signing';
import { expect, type Page, test } from './support/test';

/**
 * Issue #35 point 7 in the studio: a signed file is exactly the bytes ERDL writes. A signature
 * file re-encoded — base64 padding removed, a byte-order mark added — dropped beside its document
 * is refused with its reason (the words `erdl verify` prints), never "Signed, unchanged"; with
 * the reviewer required and only the author signed, the verdict names the missing role. In
 * English and in Chinese, with screenshots.
 */

const WORDS = {
  en: {
    exportTab: 'Export',
    bad: 'NOT verified — bad signature',
    // Where the signature's base64 starts depends on the payload's length: matched as a pattern.
    unpadded:
      /signature file: not byte for byte what ERDL writes: signatures\[0\]\.sig \(line 1, column \d+\): base64 without padding; ERDL pads it with "=" to a multiple of 4 characters/,
    bom: 'signature file: not byte for byte what ERDL writes: it begins with a byte-order mark (U+FEFF, bytes EF BB BF); ERDL writes UTF-8 without one',
    unchanged: 'Signed, unchanged',
    signatureDate: 'the signature date is used',
    reviewer: 'Reviewer',
    missing: 'NOT verified — required role missing: reviewer',
    missingReason: 'required role reviewer: no valid signature in this role',
  },
  zh: {
    exportTab: '导出',
    bad: '未通过验证——签名无效',
    unpadded:
      /签名文件：与 ERDL 写出的字节不一致：signatures\[0\]\.sig（第 1 行第 \d+ 列）：base64 缺少填充；ERDL 用“=”将其补足到 4 的倍数个字符/,
    bom: '签名文件：与 ERDL 写出的字节不一致：以字节顺序标记（U+FEFF，字节 EF BB BF）开头；ERDL 写出的 UTF-8 不带该标记',
    unchanged: '已签名，未改动',
    signatureDate: '采用签名日期',
    reviewer: '审核人',
    missing: '未通过验证——缺少必需的签名身份：审核人',
    missingReason: '必需签名身份“审核人”：没有该签名身份的有效签名',
  },
} as const;

/** aml-screening signed by a fresh key as author (plain and author signatures), with variants. */
async function signedFiles(lang: string) {
  const dir = await mkdtemp(join(tmpdir(), `erdl-canonical-${lang}-`));
  const rules = join(dir, 'aml-screening.erdl.yaml');
  await writeFile(rules, await readFile('src/studio/examples/aml-screening.erdl.yaml', 'utf8'));
  const key = join(dir, 'author.jwk');
  expect((await erdl('keygen', '--out', key, '--name', 'Alice Chen')).code).toBe(0);
  const signed = await erdl('sign', rules, '--key', key, '--role', 'author');
  expect(signed.code, signed.out).toBe(0);
  const signature = await readFile(`${rules}.dsse.json`, 'utf8');
  const env = JSON.parse(signature) as { payload: string; signatures: { sig: string }[] };
  // An Ed25519 signature is 64 bytes: its base64 always ends in "==" (the payload's padding
  // depends on the manifest's length, so it is not the one taken away).
  const [first, ...others] = env.signatures;
  expect(first?.sig).toMatch(/==$/);
  return {
    dir,
    rules,
    signature: `${rules}.dsse.json`,
    publicKey: join(dir, 'author.pub.jwk'),
    unpadded: JSON.stringify({
      ...env,
      signatures: [{ ...first, sig: first?.sig.replace(/=+$/, '') }, ...others],
    }),
    bom: `\uFEFF${signature}`,
  };
}

/** Opens the rule file with `signatureText` as its signature file (the same names on disk). */
async function openPair(
  page: Page,
  rules: string,
  signatureText: string,
  dir: string,
  name: string,
) {
  const sub = await mkdtemp(join(dir, `${name}-`));
  const yaml = join(sub, 'aml-screening.erdl.yaml');
  await writeFile(yaml, await readFile(rules));
  await writeFile(`${yaml}.dsse.json`, signatureText);
  await page.getByTestId('open-files').setInputFiles([yaml, `${yaml}.dsse.json`]);
}

for (const lang of ['en', 'zh'] as const) {
  const w = WORDS[lang];

  test.describe(`signature files are byte-canonical (${lang})`, () => {
    test.use({ viewport: { width: 1440, height: 900 } });
    // Key generation and signing through the CLI on a shared two-core machine.
    test.setTimeout(120_000);
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((l) => localStorage.setItem('erdl-studio.lang', l), lang);
    });

    test(`an unpadded or BOM signature file is refused with its reason, never "Signed, unchanged" (${lang})`, async ({
      page,
    }) => {
      const files = await signedFiles(lang);
      await page.goto('/');

      // Padding removed from the signature's base64.
      await openPair(page, files.rules, files.unpadded, files.dir, 'unpadded');
      const alert = page.getByRole('alert').filter({ hasText: w.bad });
      await expect(alert).toContainText(w.unpadded);
      await page.screenshot({ path: `/tmp/shots-signatures/unpadded-notice-${lang}.png` });
      await dismissNotices(page);
      await page.getByRole('tab', { name: w.exportTab }).click();
      const status = page.getByTestId('verification-status');
      await expect(status).toHaveText(w.bad);
      await expect(page.getByTestId('verification-problems')).toContainText(w.unpadded);
      await expect(page.getByTestId('verification')).not.toContainText(w.unchanged);
      await expect(
        page.locator('[aria-current="true"] [data-testid="signature-badge"]'),
      ).toHaveAttribute('data-status', 'tampered');
      await page.getByTestId('verification').screenshot({
        path: `/tmp/shots-signatures/unpadded-export-${lang}.png`,
      });

      // A byte-order mark before the JSON.
      await openPair(page, files.rules, files.bom, files.dir, 'bom');
      await expect(page.getByRole('alert').filter({ hasText: w.bad })).toContainText(w.bom);
      await dismissNotices(page);
      await expect(status).toHaveText(w.bad);
      await expect(page.getByTestId('verification-problems')).toContainText(w.bom);
      await expect(page.getByTestId('verification')).not.toContainText(w.unchanged);
      // The review report takes no date from a signature that does not verify.
      await expect(page.locator('.side')).not.toContainText(w.signatureDate);
      await page.screenshot({ path: `/tmp/shots-signatures/bom-export-${lang}.png` });
    });

    test(`with the reviewer required, an author-only file names the missing role (${lang})`, async ({
      page,
    }) => {
      const files = await signedFiles(lang);
      await page.goto('/');
      await openPair(page, files.rules, await readFile(files.signature, 'utf8'), files.dir, 'ok');
      await dismissNotices(page);
      await page.getByRole('tab', { name: w.exportTab }).click();
      await page.getByTestId('trusted-key-file').setInputFiles(files.publicKey);
      const status = page.getByTestId('verification-status');
      await expect(status).toHaveText(w.unchanged);

      const reviewer = page.getByRole('checkbox', { name: w.reviewer });
      await reviewer.check();
      await expect(status).toHaveText(w.missing);
      await expect(page.getByTestId('verification-reason')).toContainText(w.missingReason);
      await expect(page.getByTestId('verification')).not.toContainText(w.unchanged);
      await expect(
        page.locator('[aria-current="true"] [data-testid="signature-badge"]'),
      ).toHaveAttribute('data-status', 'unknown');
      await page.getByTestId('verification').screenshot({
        path: `/tmp/shots-signatures/required-reviewer-${lang}.png`,
      });
      // Lifting the requirement restores the verdict.
      await reviewer.uncheck();
      await expect(status).toHaveText(w.unchanged);
    });
  });
}
