import { mkdir, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dismissNotices, downloadsOf } from '../support/signing';
import { type Browser, expect, type Page, test } from '../support/test';
import { brokenWords } from '../support/wrap';

/**
 * Issue #37 points 5–7: the reviewer's signed opinion, the report's per-rule texts, trusted keys
 * as a file. The author signs aml-screening as author; the reviewer (a fresh context) trusts her
 * key, opens the signed pair, signs as reviewer choosing "return for changes" with a comment: the
 * verification section lists the opinion and the comment, the review report's cover shows them,
 * and Required roles ☑ Reviewer says NOT verified with the comment. He signs again approving:
 * verified. He exports his trusted keys as a JWKS; a third, fresh studio imports that file and
 * the signed pair is verified there. The report read in the journey's language has no word broken
 * across lines. English and Chinese at 1440×900; screenshots in /tmp/shots-s4/review/.
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
    returnFor: 'Return for changes',
    approve: 'Approve',
    comment: 'The threshold must be 5,000, not 10,000.',
    opinionReturn: 'Opinion: Return for changes',
    opinionApprove: 'Opinion: Approve',
    commentLine: 'Comment: The threshold must be 5,000, not 10,000.',
    returned:
      'NOT verified — the reviewer returned it for changes: The threshold must be 5,000, not 10,000.',
    report: 'Download report',
    reportLang: 'Report language',
    coverOpinion: 'Opinion: return for changes',
    coverComment: 'Comment: The threshold must be 5,000, not 10,000.',
    ringHeader: 'Ring',
    legal: 'Legal basis',
    exportTrusted: 'Export trusted keys (JWKS)',
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
    returnFor: '退回修改',
    approve: '批准',
    comment: '金额阈值应为 5,000，而不是 10,000。',
    opinionReturn: '审核结论：退回修改',
    opinionApprove: '审核结论：批准',
    commentLine: '审核意见：金额阈值应为 5,000，而不是 10,000。',
    returned: '未通过验证——审核人已退回修改：金额阈值应为 5,000，而不是 10,000。',
    report: '下载报告',
    reportLang: '报告语言',
    coverOpinion: '审核结论：退回修改',
    coverComment: '审核意见：金额阈值应为 5,000，而不是 10,000。',
    ringHeader: '执行环',
    legal: '法规依据',
    exportTrusted: '导出受信任的密钥（JWKS）',
  },
} as const;
type Words = (typeof WORDS)[keyof typeof WORDS];

const SHOTS = '/tmp/shots-s4/review';

async function studio(page: Page, lang: string) {
  await page.addInitScript((l) => localStorage.setItem('erdl-studio.lang', l), lang);
  await page.goto('/');
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

async function createNamedKey(page: Page, w: Words, name: string) {
  await page.getByRole('tab', { name: w.exportTab }).click();
  await page.getByTestId('signing-key-name-input').fill(name);
  await page.getByRole('button', { name: w.generate }).click();
  await expect(page.getByTestId('signing-key-name')).toHaveText(name);
}

for (const lang of ['en', 'zh'] as const) {
  const w = WORDS[lang];
  test.describe(`reviewer opinion (${lang})`, () => {
    test.use({ viewport: { width: 1440, height: 900 } });
    test.setTimeout(240_000);

    test(`return for changes, then approve; the report shows it; trusted keys as a file (${lang})`, async ({
      page,
      browser,
    }) => {
      await mkdir(SHOTS, { recursive: true });
      const dir = await mkdtemp(join(tmpdir(), `erdl-opinion-${lang}-`));

      // The author signs aml-screening as author and hands over her public key.
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
      await page.getByTestId('sign-role').selectOption('author');
      const signed = await downloadsOf(
        page,
        2,
        () => page.getByRole('button', { name: w.signAuthor }).click(),
        dir,
      );
      const rules = signed['aml-screening.erdl.yaml'] as string;
      const signature = signed['aml-screening.erdl.yaml.dsse.json'] as string;

      // The reviewer, in a fresh studio: his key, the author's key trusted, the signed pair open.
      const reviewer = await newStudio(browser, lang);
      const rp = reviewer.page;
      const rdir = await mkdtemp(join(tmpdir(), `erdl-opinion-reviewer-${lang}-`));
      await createNamedKey(rp, w, w.reviewer);
      await rp.getByTestId('trusted-key-file').setInputFiles(authorPub);
      await expect(rp.getByTestId('trusted-keys').getByRole('textbox')).toHaveValue(w.author);
      await rp.getByTestId('open-files').setInputFiles([rules, signature]);
      await dismissNotices(rp);
      await rp.getByRole('tab', { name: w.exportTab }).click();
      await expect(rp.getByTestId('verification-status')).toHaveText(w.unchanged);

      // Sign as reviewer: return for changes — refused until a comment says what must change.
      await rp.getByTestId('sign-role').selectOption('reviewer');
      const opinion = rp.getByTestId('review-opinion');
      await expect(opinion.getByRole('radio', { name: w.approve })).toBeChecked();
      await opinion.getByText(w.returnFor, { exact: true }).click();
      await expect(opinion.getByRole('radio', { name: w.returnFor })).toBeChecked();
      const signButton = rp.getByRole('button', { name: w.signReviewer });
      await expect(signButton).toBeDisabled();
      await rp.getByTestId('review-comment').click();
      await rp.keyboard.type(w.comment);
      await expect(signButton).toBeEnabled();
      await opinion.scrollIntoViewIfNeeded();
      await rp.screenshot({ path: `${SHOTS}/opinion-form-${lang}.png` });
      const returned = await downloadsOf(rp, 2, () => signButton.click(), rdir);
      const returnedSig = JSON.parse(
        await readFile(returned['aml-screening.erdl.yaml.dsse.json'] as string, 'utf8'),
      );
      expect(returnedSig.signatures).toHaveLength(3);
      const reviewerLi = rp.getByTestId('signers').locator('li[data-role="reviewer"]');
      await expect(reviewerLi.getByTestId('signer-opinion')).toHaveText(w.opinionReturn);
      await expect(reviewerLi.getByTestId('signer-comment')).toHaveText(w.commentLine);

      // Required roles ☑ Reviewer: a return is not an approval.
      await rp.getByTestId('require-reviewer').check();
      await expect(rp.getByTestId('verification-status')).toHaveText(w.returned);
      await dismissNotices(rp);
      await rp.getByTestId('signers').scrollIntoViewIfNeeded();
      await rp.screenshot({ path: `${SHOTS}/returned-${lang}.png` });

      // The review report's cover shows the opinion and the comment; each rule's texts below it.
      const section = rp.getByTestId('review-report');
      await section.scrollIntoViewIfNeeded();
      await section.getByRole('combobox', { name: w.reportLang }).selectOption(lang);
      const reports = await downloadsOf(
        rp,
        1,
        () => section.getByRole('button', { name: w.report }).click(),
        await mkdtemp(join(tmpdir(), `erdl-opinion-report-${lang}-`)),
      );
      const reportPath = Object.values(reports)[0] as string;
      const shown = await rp.context().newPage();
      await shown.goto(`file://${reportPath}`);
      const cover = shown.locator('[data-field="signers"] li[data-role="reviewer"]');
      await expect(cover.locator('[data-field="opinion"]')).toHaveText(w.coverOpinion);
      await expect(cover.locator('[data-field="comment"]')).toHaveText(w.coverComment);
      await expect(shown.locator('thead th').nth(2)).toHaveText(w.ringHeader);
      // No word is broken across lines (hashes excepted: they wrap anywhere by design).
      const broken = (await brokenWords(shown.locator('main'))).filter(
        (b) => !/hash/.test(b.where) && !/^[0-9a-f]{6,}$/.test(b.word),
      );
      expect(broken).toEqual([]);
      await shown.screenshot({ path: `${SHOTS}/report-cover-${lang}.png` });
      await shown.locator('[data-section="rules"]').scrollIntoViewIfNeeded();
      await shown.screenshot({ path: `${SHOTS}/report-rules-${lang}.png` });
      await shown.close();

      // He signs again, approving: his return is replaced, and the file is verified.
      await opinion.getByText(w.approve, { exact: true }).click();
      await rp.getByTestId('review-comment').fill('');
      const approved = await downloadsOf(
        rp,
        2,
        () => signButton.click(),
        await mkdtemp(join(tmpdir(), `erdl-opinion-approved-${lang}-`)),
      );
      const approvedSig = approved['aml-screening.erdl.yaml.dsse.json'] as string;
      expect(JSON.parse(await readFile(approvedSig, 'utf8')).signatures).toHaveLength(3);
      await expect(reviewerLi.getByTestId('signer-opinion')).toHaveText(w.opinionApprove);
      await expect(reviewerLi.getByTestId('signer-comment')).toHaveCount(0);
      await expect(rp.getByTestId('verification-status')).toHaveText(w.unchanged);
      await dismissNotices(rp);
      await rp.getByTestId('signers').scrollIntoViewIfNeeded();
      await rp.screenshot({ path: `${SHOTS}/approved-${lang}.png` });

      // Trusted keys as a file: exported here, imported in a fresh studio; the signer is trusted.
      const trust = rp.getByTestId('trusted-keys');
      await trust.scrollIntoViewIfNeeded();
      const jwksFiles = await downloadsOf(
        rp,
        1,
        () => trust.getByRole('button', { name: w.exportTrusted }).click(),
        await mkdtemp(join(tmpdir(), `erdl-opinion-jwks-${lang}-`)),
      );
      const jwksPath = jwksFiles['trusted-keys.jwks.json'] as string;
      const jwks = JSON.parse(await readFile(jwksPath, 'utf8'));
      expect(jwks.keys.map((k: { name: string }) => k.name)).toContain(w.author);
      expect(jwks.keys.every((k: { kid: string }) => /^sha256:[0-9a-f]{64}$/.test(k.kid))).toBe(
        true,
      );
      await rp.screenshot({ path: `${SHOTS}/trusted-export-${lang}.png` });
      await reviewer.context.close();
      expect(reviewer.errors).toEqual([]);

      const third = await newStudio(browser, lang);
      const tp = third.page;
      await tp.getByRole('tab', { name: w.exportTab }).click();
      await tp.getByTestId('trusted-key-file').setInputFiles(jwksPath);
      await expect(tp.getByTestId('trusted-keys').getByRole('textbox').first()).toBeVisible();
      await tp.getByTestId('open-files').setInputFiles([rules, approvedSig]);
      await dismissNotices(tp);
      await tp.getByRole('tab', { name: w.exportTab }).click();
      await expect(tp.getByTestId('verification-status')).toHaveText(w.unchanged);
      const signers = tp.getByTestId('signers').locator('li');
      await expect(signers).toHaveCount(2);
      await expect(signers.nth(0)).toHaveAttribute('data-trusted', 'yes');
      await expect(signers.nth(1)).toHaveAttribute('data-trusted', 'yes');
      await tp.getByTestId('signers').scrollIntoViewIfNeeded();
      await tp.screenshot({ path: `${SHOTS}/trusted-imported-${lang}.png` });
      await third.context.close();
      expect(third.errors).toEqual([]);
    });
  });
}
