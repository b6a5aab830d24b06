import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { editorText } from '../support/editor';
import { dismissNotices, downloadsOf, erdl } from '../support/signing';
import { type Browser, expect, type Page, test } from '../support/test';

/**
 * Issue #19, the reviewer's sign-off (points 1–3 together; it replaces the maker–checker journey,
 * whose every check is here). The author creates a named key, signs aml-screening as author and
 * hands over the signed pair and her public key. The reviewer (a second browser context: another
 * person's studio) creates his named key, trusts the author's key, opens the signed pair, reads
 * the review report (cover with the author's name and role, a rule's gloss in both languages),
 * reads the impact of a change on the example facts (10000 → 5000 against the signed version),
 * reverts it and co-signs as reviewer (the report he read is recorded with his signature): both
 * listed by name and role, trusted; `erdl verify --require-roles author,reviewer --report` passes
 * on the downloaded files with the report he read, and fails with another. Then tampering: a rule changed
 * in the signed YAML, and the reviewer's signature altered, are each named precisely on
 * re-import in the studio and by `erdl verify`. English and Chinese; screenshots at 1440×900 in
 * /tmp/reviewer-*.png.
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
    authorLine:
      /^Author: Alice Chen \(trusted\), key sha256:[0-9a-f]{64}, signed \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d \(UTC[+-]\d\d:\d\d\)/,
    reviewerLine:
      /^Reviewer: Bob Li \(trusted\), key sha256:[0-9a-f]{64}, signed \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d \(UTC[+-]\d\d:\d\d\)/,
    report: 'Download report',
    reportLang: 'Report language',
    reportTitle: 'Rule-set review report',
    coverAuthor: 'Alice Chen (author) — ',
    coverReviewer: 'Bob Li (reviewer) — ',
    run: 'Run impact',
    against: 'Compare against',
    summary: '6 facts: 1 change decision, 5 keep it.',
    changed: 'Changed since signed — 1 rule differs',
    changedRule: 'rule "AML-001-high-risk-large" changed since signing (its condition)',
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
    authorLine:
      /^作者：陈爱丽（受信任），密钥 sha256:[0-9a-f]{64}，签名时间 \d{4}年\d{1,2}月\d{1,2}日 \d\d:\d\d（UTC[+-]\d\d:\d\d）/,
    reviewerLine:
      /^审核人：李博（受信任），密钥 sha256:[0-9a-f]{64}，签名时间 \d{4}年\d{1,2}月\d{1,2}日 \d\d:\d\d（UTC[+-]\d\d:\d\d）/,
    report: '下载报告',
    reportLang: '报告语言',
    reportTitle: '规则集审核报告',
    coverAuthor: '陈爱丽（作者），',
    coverReviewer: '李博（审核人），',
    run: '运行影响分析',
    against: '比较对象',
    summary: '共 6 个事实：1 个决策改变，5 个不变。',
    changed: '签名后已改动——1 条规则不同',
    changedRule: '规则“AML-001-high-risk-large”自签名后已改动（条件）',
    bad: '未通过验证——签名无效',
    badDetail: /第 3 个带签名身份的签名：无效（密钥 sha256:/,
  },
} as const;
type Words = (typeof WORDS)[keyof typeof WORDS];

const RULE = 'AML-001-high-risk-large';

/** Text as the report writes it into HTML. */
const html = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

async function studio(page: Page, lang: string) {
  await page.addInitScript((l) => localStorage.setItem('erdl-studio.lang', l), lang);
  await page.goto('/');
}

async function createNamedKey(page: Page, w: Words, name: string) {
  await page.getByRole('tab', { name: w.exportTab }).click();
  await page.getByTestId('signing-key-name-input').fill(name);
  await page.getByRole('button', { name: w.generate }).click();
  await expect(page.getByTestId('signing-key-name')).toHaveText(name);
  await expect(page.getByTestId('signing-key-id')).toHaveText(/^sha256:/);
}

async function publicKeyOf(page: Page, w: Words, dir: string): Promise<string> {
  const files = await downloadsOf(
    page,
    1,
    () => page.getByRole('button', { name: w.exportPublic }).click(),
    dir,
  );
  return Object.values(files)[0] as string;
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

/** Replaces the first `value: FROM` in the editor by typing, as a person does. */
async function retype(page: Page, from: string, to: string) {
  const line = page.locator('.view-line', { hasText: `value: ${from}` }).first();
  await line.click();
  await page.keyboard.press('End');
  for (let i = 0; i < from.length; i++) await page.keyboard.press('Backspace');
  await page.keyboard.type(to);
  await expect.poll(() => editorText(page)).toContain(`value: ${to}`);
}

/** Opens a rule file with its signature file and shows the Export panel. */
async function openSigned(page: Page, w: Words, rules: string, signature: string) {
  await page.getByTestId('open-files').setInputFiles([rules, signature]);
  await dismissNotices(page);
  await page.getByRole('tab', { name: w.exportTab }).click();
}

for (const lang of ['en', 'zh'] as const) {
  const w = WORDS[lang];
  test.describe(`reviewer journey (${lang})`, () => {
    test.use({ viewport: { width: 1440, height: 900 } });
    test.setTimeout(300_000);

    test(`author signs; the reviewer reads the report and the impact, co-signs; tampering is named (${lang})`, async ({
      page,
      browser,
    }) => {
      const dir = await mkdtemp(join(tmpdir(), `erdl-reviewer-journey-${lang}-`));

      // The author: a named key, aml-screening signed as author, her public key handed over.
      await studio(page, lang);
      await page.getByRole('button', { name: /^aml-screening/ }).click();
      await createNamedKey(page, w, w.author);
      const authorPub = await publicKeyOf(page, w, dir);
      const authorJwk = JSON.parse(await readFile(authorPub, 'utf8'));
      expect(authorJwk.name).toBe(w.author);
      await page.getByTestId('sign-role').selectOption('author');
      const signed = await downloadsOf(
        page,
        2,
        () => page.getByRole('button', { name: w.signAuthor }).click(),
        dir,
      );
      const rules = signed['aml-screening.erdl.yaml'] as string;
      const signature = signed['aml-screening.erdl.yaml.dsse.json'] as string;
      const authored = JSON.parse(await readFile(signature, 'utf8'));
      // The plain manifest signature and the author's role signature.
      expect(authored.signatures).toHaveLength(2);
      await expect(page.getByTestId('signers').locator('li')).toHaveCount(1);
      await expect(page.getByTestId('signers').locator('li').first()).toHaveText(w.authorLine);
      // The gloss the author signed, from the manifest itself.
      const manifest = JSON.parse(Buffer.from(authored.payload, 'base64').toString('utf8'));
      const signedRule = manifest.rules.find((r: { name: string }) => r.name === RULE);
      const gloss = signedRule.gloss as { zh: string; en: string };
      expect(gloss.zh).toMatch(/[\u4e00-\u9fff]/);
      expect(gloss.en).toMatch(/^When /);

      // The reviewer, in another studio: his own named key, trusting the author's key.
      const reviewer = await newStudio(browser, lang);
      const rp = reviewer.page;
      const rdir = await mkdtemp(join(tmpdir(), `erdl-reviewer-side-${lang}-`));
      await createNamedKey(rp, w, w.reviewer);
      const reviewerPub = await publicKeyOf(rp, w, rdir);
      await rp.getByTestId('trusted-key-file').setInputFiles(authorPub);
      await expect(rp.getByTestId('trusted-keys').getByRole('textbox')).toHaveValue(w.author);
      await openSigned(rp, w, rules, signature);
      await expect(rp.getByTestId('verification-status')).toHaveText(w.unchanged);
      await expect(rp.getByTestId('signers').locator('li')).toHaveCount(1);
      await expect(rp.getByTestId('signers').locator('li').first()).toHaveText(w.authorLine);

      // He reads the review report: the cover names the author and her role; the rule's gloss
      // in both languages.
      const section = rp.getByTestId('review-report');
      await section.scrollIntoViewIfNeeded();
      await section.getByRole('combobox', { name: w.reportLang }).selectOption(lang);
      const reports = await downloadsOf(
        rp,
        1,
        () => section.getByRole('button', { name: w.report }).click(),
        rdir,
      );
      const reportPath = reports[`aml-screening.review.${lang}.html`];
      if (!reportPath) throw new Error(`downloads: ${Object.keys(reports)}`);
      const report = await readFile(reportPath, 'utf8');
      expect(report).toContain(w.reportTitle);
      const cover = report.slice(report.indexOf('data-field="signers"'));
      expect(cover.slice(0, cover.indexOf('</dd>'))).toContain(
        `<li data-role="author">${w.coverAuthor}<span class="hash">${authorJwk.kid}</span>`,
      );
      expect(report).toContain(`data-field="document-hash">${manifest.document.hash}<`);
      const row = report.slice(report.indexOf(`data-rule="${RULE}"`));
      const ruleRow = row.slice(0, row.indexOf('</tr>'));
      expect(ruleRow).toContain(`<td lang="zh-CN">${html(gloss.zh)}</td>`);
      expect(ruleRow).toContain(`<td lang="en">${html(gloss.en)}</td>`);
      expect(report).not.toMatch(/<script/i);
      const shown = await rp.context().newPage();
      await shown.goto(`file://${reportPath}`);
      await expect(shown.getByRole('heading', { level: 1 })).toHaveText(w.reportTitle);
      await expect(shown.locator('[data-field="signers"]')).toContainText(w.author);
      await shown.screenshot({ path: `/tmp/reviewer-report-${lang}.png` });
      await shown.close();

      // The impact of a change on the example facts: 10000 → 5000 against the signed version.
      const suite = parse(await readFile('src/studio/examples/aml-screening.facts.yaml', 'utf8'));
      const facts = join(rdir, 'aml-examples.jsonl');
      await writeFile(
        facts,
        `${(suite.cases as { fact: unknown }[]).map((c) => JSON.stringify(c.fact)).join('\n')}\n`,
      );
      await retype(rp, '10000', '5000');
      const impact = rp.getByTestId('impact');
      await impact.scrollIntoViewIfNeeded();
      await expect(impact.getByRole('combobox', { name: w.against })).toHaveValue('signed-version');
      await impact.getByTestId('impact-import').setInputFiles(facts);
      await expect(impact.getByTestId('impact-facts')).toHaveValue('file');
      await impact.getByRole('button', { name: w.run }).click();
      await expect(rp.getByTestId('impact-summary')).toHaveText(w.summary);
      await expect(
        rp.locator(
          '[data-testid="impact-matrix"] tr[data-from="REQUEST_HUMAN"][data-to="DENY"] td.num',
        ),
      ).toHaveText('1');
      await expect(rp.getByTestId('impact-causes')).toContainText(RULE);
      await dismissNotices(rp);
      await rp.getByTestId('impact-matrix').scrollIntoViewIfNeeded();
      await rp.screenshot({ path: `/tmp/reviewer-impact-${lang}.png` });

      // Reverted, the text is the signed one again; he co-signs as reviewer.
      await retype(rp, '5000', '10000');
      await expect(rp.getByTestId('verification-status')).toHaveText(w.unchanged);
      await rp.getByTestId('sign-role').selectOption('reviewer');
      // The report he read is for exactly this text again: it is recorded with his signature.
      await expect(rp.getByTestId('sign-report')).toContainText(
        `aml-screening.review.${lang}.html`,
      );
      const reviewed = await downloadsOf(
        rp,
        2,
        () => rp.getByRole('button', { name: w.signReviewer }).click(),
        await mkdtemp(join(tmpdir(), `erdl-reviewer-cosigned-${lang}-`)),
      );
      const cosignedRules = Object.entries(reviewed).find(([n]) => n.endsWith('.erdl.yaml'))?.[1];
      const cosigned = Object.entries(reviewed).find(([n]) => n.endsWith('.dsse.json'))?.[1];
      if (!cosigned || !cosignedRules) throw new Error(`downloads: ${Object.keys(reviewed)}`);
      expect(await readFile(cosignedRules, 'utf8')).toBe(await readFile(rules, 'utf8'));
      const signers = rp.getByTestId('signers').locator('li');
      await expect(signers).toHaveCount(2);
      await expect(signers.nth(0)).toHaveText(w.authorLine);
      await expect(signers.nth(1)).toHaveText(w.reviewerLine);
      await expect(signers.nth(0)).toHaveAttribute('data-trusted', 'yes');
      await expect(signers.nth(1)).toHaveAttribute('data-trusted', 'yes');
      await expect(rp.getByTestId('verification-status')).toHaveText(w.unchanged);
      await dismissNotices(rp);
      await rp.getByTestId('signers').scrollIntoViewIfNeeded();
      await rp.screenshot({ path: `/tmp/reviewer-signers-${lang}.png` });

      // The report of the co-signed text names both, each in its role.
      const after = await downloadsOf(
        rp,
        1,
        () => section.getByRole('button', { name: w.report }).click(),
        await mkdtemp(join(tmpdir(), `erdl-reviewer-report2-${lang}-`)),
      );
      const report2 = Object.values(after)[0] as string;
      const html2 = await readFile(report2, 'utf8');
      expect(html2).toContain(`<li data-role="author">${w.coverAuthor}`);
      expect(html2).toContain(`<li data-role="reviewer">${w.coverReviewer}`);

      // `erdl verify` on the downloaded files: both roles, signed and trusted.
      const trust = join(rdir, 'trusted.jwks.json');
      await writeFile(
        trust,
        JSON.stringify({
          keys: [authorJwk, JSON.parse(await readFile(reviewerPub, 'utf8'))],
        }),
      );
      const verify = (file: string, ...more: string[]) =>
        erdl('verify', file, '--trust', trust, '--require-roles', 'author,reviewer', ...more);
      const good = await verify(cosignedRules);
      expect(good.out).toContain(w.author);
      expect(good.out).toContain(w.reviewer);
      expect(good.code).toBe(0);
      // The report he read is the one his signature records; the later one is not.
      const readReport = await verify(cosignedRules, '--report', reportPath);
      const digest = `sha256:${createHash('sha256')
        .update(await readFile(reportPath))
        .digest('hex')}`;
      expect(readReport.out).toContain(`report ${digest}`);
      expect(readReport.code).toBe(0);
      const laterReport = await verify(cosignedRules, '--report', report2);
      expect(laterReport.out).toContain('not the report that was signed');
      expect(laterReport.code).toBe(1);

      // Tampering (a): a rule changed in the signed YAML.
      const tamperedRules = join(dir, 'tampered-rule');
      await mkdir(tamperedRules);
      const yamlA = join(tamperedRules, 'aml-screening.erdl.yaml');
      const sigA = join(tamperedRules, 'aml-screening.erdl.yaml.dsse.json');
      const text = await readFile(cosignedRules, 'utf8');
      expect(text).toContain('value: 10000');
      await writeFile(yamlA, text.replace('value: 10000', 'value: 5000'));
      await writeFile(sigA, await readFile(cosigned));
      await openSigned(rp, w, yamlA, sigA);
      await expect(rp.getByTestId('verification-status')).toHaveText(w.changed);
      await expect(rp.getByTestId('changed-rules')).toHaveText(w.changedRule);
      await dismissNotices(rp);
      await rp.getByTestId('verification').scrollIntoViewIfNeeded();
      await rp.screenshot({ path: `/tmp/reviewer-tampered-rule-${lang}.png` });
      const cliA = await verify(yamlA);
      expect(cliA.code).toBe(1);
      expect(cliA.out).toContain(RULE);
      expect(cliA.out).not.toContain('AML-002-high-risk-review');

      // Tampering (b): one byte of the reviewer's signature flipped.
      const envelope = JSON.parse(await readFile(cosigned, 'utf8'));
      expect(envelope.signatures).toHaveLength(3);
      const sig: string = envelope.signatures[2].sig;
      envelope.signatures[2].sig = `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
      const tamperedSig = join(dir, 'tampered-signature');
      await mkdir(tamperedSig);
      const yamlB = join(tamperedSig, 'aml-screening.erdl.yaml');
      const sigB = join(tamperedSig, 'aml-screening.erdl.yaml.dsse.json');
      await writeFile(yamlB, await readFile(cosignedRules));
      await writeFile(sigB, `${JSON.stringify(envelope)}\n`);
      await openSigned(rp, w, yamlB, sigB);
      await expect(rp.getByTestId('verification-status')).toHaveText(w.bad);
      await expect(rp.getByTestId('verification-problems')).toContainText(w.badDetail);
      await expect(rp.getByTestId('signers')).toHaveCount(0);
      await dismissNotices(rp);
      await rp.getByTestId('verification-problems').scrollIntoViewIfNeeded();
      await rp.screenshot({ path: `/tmp/reviewer-tampered-signature-${lang}.png` });
      const cliB = await verify(yamlB);
      expect(cliB.code).toBe(1);
      expect(cliB.out).toMatch(/role signature 3: NOT valid for key sha256:/);
      expect(reviewer.errors).toEqual([]);
      await reviewer.context.close();
    });
  });
}
