import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { dismissNotices, downloadsOf, erdl } from './support/signing';
import { expect, type Page, test } from './support/test';

/**
 * Signing in the real app (src/studio/signing/): generate a non-extractable key, download the
 * signed form (the rule file as written + its .dsse.json), re-import both as verified, edit one
 * rule's value in the downloaded file and re-import it as tampered naming that rule, and open the
 * evaluation report (screenshot kept under test-results/).
 */

interface ActiveView {
  id: string;
  name: string;
  text: string;
  documentHash: string | null;
  rules: { name: string; hash: string; gloss: { en: string; zh: string } }[];
}

function active(page: Page): Promise<ActiveView> {
  return page.evaluate(() => {
    const hook = (globalThis as Record<string, unknown>).__ERDL_STUDIO__ as {
      store: {
        getState(): {
          activeId: string | null;
          documents: Record<string, { id: string; name: string; text: string }>;
          analyses: Record<
            string,
            {
              text: string;
              analysis: {
                documentHash: string | null;
                rules: { name: string; hash: string; gloss: { en: string; zh: string } }[];
              };
            }
          >;
        };
      };
    };
    const s = hook.store.getState();
    const doc = s.activeId ? s.documents[s.activeId] : undefined;
    if (!doc) throw new Error('no active document');
    const entry = s.analyses[doc.id];
    const current = entry && entry.text === doc.text ? entry.analysis : null;
    return {
      id: doc.id,
      name: doc.name,
      text: doc.text,
      documentHash: current?.documentHash ?? null,
      rules: current?.rules ?? [],
    };
  });
}

async function openStudio(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('list', { name: 'Documents in this workspace' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^refund-guard/ })).toBeVisible();
  await expect.poll(async () => (await active(page)).documentHash).toMatch(/^sha256:/);
  // Gloss arrives in a second phase (the gloss phase) after the hashes.
  await expect.poll(async () => (await active(page)).rules[0]?.gloss.en ?? '').not.toBe('');
}

test('sign, re-import verified, tamper one rule on disk and re-import as tampered naming it; the report', async ({
  page,
}) => {
  test.slow(); // a long journey with two axe scans: minutes when the machine is loaded
  // Downloads go to a private temporary folder (test-results/ is shared with other runs).
  const dir = await mkdtemp(join(tmpdir(), 'erdl-signing-'));
  await openStudio(page);
  const original = await active(page);
  expect(original.name).toBe('refund-guard');

  // 1. A key: generated in the browser, kept non-extractable in IndexedDB.
  await page.getByRole('tab', { name: 'Export' }).click();
  await page.getByRole('button', { name: 'Generate signing key' }).click();
  const keyId = page.getByTestId('signing-key-id');
  await expect(keyId).toHaveText(/^sha256:[0-9a-f]{64}$/);
  const stored = await page.evaluate(async () => {
    const request = indexedDB.open('erdl-studio-signing');
    const db: IDBDatabase = await new Promise((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const record = await new Promise<{ privateKey: CryptoKey }>((resolve, reject) => {
      const get = db.transaction('keys').objectStore('keys').get('signing');
      get.onsuccess = () => resolve(get.result);
      get.onerror = () => reject(get.error);
    });
    const exported = await crypto.subtle.exportKey('jwk', record.privateKey).then(
      () => 'exported',
      () => 'refused',
    );
    return { type: record.privateKey.type, extractable: record.privateKey.extractable, exported };
  });
  expect(stored).toEqual({ type: 'private', extractable: false, exported: 'refused' });

  // 2. Download signed: the rule file exactly as written and its signature file.
  const files = await downloadsOf(
    page,
    2,
    () => page.getByRole('button', { name: 'Download signed' }).click(),
    dir,
  );
  const yamlPath = files['refund-guard.erdl.yaml'];
  const signaturePath = files['refund-guard.erdl.yaml.dsse.json'];
  expect(yamlPath && signaturePath).toBeTruthy();
  if (!yamlPath || !signaturePath) return;
  expect(await readFile(yamlPath, 'utf8')).toBe(original.text);
  await expect(page.getByTestId('signed-at')).toContainText(
    /Signed at \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d \(UTC[+-]\d\d:\d\d\)/,
  );
  const envelope = JSON.parse(await readFile(signaturePath, 'utf8')) as {
    payload: string;
    payloadType: string;
  };
  expect(envelope.payloadType).toBe('application/vnd.erdl.manifest+json');
  const manifest = JSON.parse(Buffer.from(envelope.payload, 'base64').toString('utf8')) as {
    signer: { key_id: string };
    document: { hash: string };
    rules: { name: string; hash: string; canonical_hash: string }[];
  };
  expect(manifest.signer.key_id).toBe(await keyId.textContent());
  expect(manifest.document.hash).toBe(original.documentHash);
  expect(manifest.rules.map((r) => [r.name, r.hash])).toEqual(
    original.rules.map((r) => [r.name, r.hash]),
  );

  // The CLI verifies what the studio signed.
  const cli = await erdl('verify', signaturePath);
  expect(cli.out).toContain('OK ');
  expect(cli.code).toBe(0);

  // The Tree & hash panel shows exactly the manifest's hashes for the selected rule.
  const rule = manifest.rules[0];
  if (!rule) throw new Error('no rule in the manifest');
  await page.getByRole('tab', { name: 'Tree & hash' }).click();
  await page.getByRole('button', { name: `Show the canonical tree of ${rule.name}` }).click();
  await expect(page.getByTestId('rule-hash')).toHaveText(rule.hash);
  await expect(page.getByTestId('canonical-hash')).toHaveText(rule.canonical_hash);
  await expect(page.getByTestId('canonical-tree').locator('summary').first()).toHaveAttribute(
    'title',
    /^Reads as: .*5,000/,
  );
  const treeAxe = await new AxeBuilder({ page }).include('.side').analyze();
  expect(treeAxe.violations.map((v) => `${v.id} ${v.help}`)).toEqual([]);

  // 3. Re-import both files: verified, signer trusted (the studio's own key), hashes hold.
  await page.getByTestId('open-files').setInputFiles([yamlPath, signaturePath]);
  await expect(
    page.getByRole('status').filter({ hasText: 'Signed, unchanged — signed by a trusted key' }),
  ).toBeVisible();
  const reimported = await active(page);
  expect(reimported.id).not.toBe(original.id);
  expect(reimported.text).toBe(original.text);
  await expect(
    page.locator('[aria-current="true"] [data-testid="signature-badge"]'),
  ).toHaveAttribute('data-status', 'verified');
  await page.getByRole('tab', { name: 'Export' }).click();
  await expect(page.getByTestId('verification-status')).toHaveText('Signed, unchanged');
  await expect(page.getByTestId('verification-reason')).toContainText(
    'its document hash and bytes equal the signed manifest’s',
  );
  const exportAxe = await new AxeBuilder({ page }).include('.side').analyze();
  expect(exportAxe.violations.map((v) => `${v.id} ${v.help}`)).toEqual([]);

  // 4. Edit one rule's value in the file on disk, re-import: tampered, naming that rule.
  const yaml = await readFile(yamlPath, 'utf8');
  expect(yaml).toContain('value: 5000');
  await writeFile(yamlPath, yaml.replace('value: 5000', 'value: 9000'));
  await page.getByTestId('open-files').setInputFiles([yamlPath, signaturePath]);
  const alert = page.getByRole('alert').filter({ hasText: 'Changed since signed' });
  await expect(alert).toContainText('SEC-001-refund-limit');
  const tampered = await active(page);
  // Still opened, as an unsigned draft with the edited text.
  expect(tampered.text).toContain('value: 9000');
  await expect(
    page.locator('[aria-current="true"] [data-testid="signature-badge"]'),
  ).toHaveAttribute('data-status', 'changed');
  await expect(page.getByTestId('verification-status')).toHaveText(
    'Changed since signed — 1 rule differs',
  );
  await expect(page.getByTestId('changed-rules')).toHaveText(
    'rule "SEC-001-refund-limit" changed since signing (its condition)',
  );
  await expect(page.getByTestId('verification')).not.toContainText('unchanged');
  // The semantic diff against the original document names the same rule, gloss before and after.
  await page.getByRole('combobox', { name: 'Compare this document with' }).selectOption({
    label: 'document “refund-guard”',
  });
  await expect(page.getByTestId('diff-changed')).toContainText('SEC-001-refund-limit');
  await expect(page.getByTestId('diff-changed')).toContainText(/9,?000/);

  // In Chinese the same state reads plainly too.
  await page.getByRole('button', { name: 'Switch the interface to Chinese' }).click();
  await expect(page.getByTestId('verification-status')).toHaveText('签名后已改动——1 条规则不同');
  await expect(page.getByTestId('changed-rules')).toHaveText(
    '规则“SEC-001-refund-limit”自签名后已改动（条件）',
  );
  await page.getByRole('button', { name: '将界面切换为英文' }).click();

  // 5. The report of the original document's evaluation: decision and the rule's gloss.
  await page
    .getByRole('button', { name: /^refund-guard/ })
    .first()
    .click();
  await page.getByRole('tab', { name: 'Evaluate' }).click();
  await expect(page.getByTestId('decision')).toContainText('REQUEST_HUMAN');
  await dismissNotices(page);
  // The evidence record, full and signed, recomputes on the CLI against the original rule file.
  const rulesPath = join(dir, 'original.erdl.yaml');
  await writeFile(rulesPath, original.text);
  const evidence = await downloadsOf(
    page,
    1,
    () => page.getByRole('button', { name: 'Download evidence (JSON)' }).click(),
    dir,
  );
  const evidencePath = evidence['refund-guard.evidence.json'];
  expect(evidencePath).toBeTruthy();
  expect((await erdl('verify-evidence', rulesPath, evidencePath ?? '')).code).toBe(0);
  await page.getByRole('checkbox', { name: 'Sign the evidence with my key' }).check();
  const signedEvidence = await downloadsOf(
    page,
    1,
    () => page.getByRole('button', { name: 'Download redacted evidence' }).click(),
    dir,
  );
  const redactedPath = signedEvidence['refund-guard.evidence.redacted.dsse.json'];
  expect(redactedPath).toBeTruthy();
  // A redacted record checks its hashes but cannot recompute the decision: exit 1 by design (I-46).
  const redacted = await erdl('verify-evidence', rulesPath, redactedPath ?? '');
  expect(redacted.code).toBe(1);
  expect(redacted.out).toMatch(/redacted/i);
  const [report] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Open report' }).click(),
  ]);
  await report.waitForLoadState();
  await expect(report.getByTestId('report-decision')).toContainText('REQUEST_HUMAN');
  const gloss = original.rules.find((r) => r.name === rule.name)?.gloss.en ?? '';
  expect(gloss.length).toBeGreaterThan(0);
  await expect(report.locator('body')).toContainText(gloss);
  await expect(report.locator('body')).toContainText(`signed at`);
  await expect(report.locator('body')).toContainText('verify-evidence refund-guard.erdl.yaml');
  await mkdir('test-results', { recursive: true });
  await report.screenshot({ path: 'test-results/signing-report.png', fullPage: true });
  await report.emulateMedia({ media: 'print' });
  await report.screenshot({ path: 'test-results/signing-report-print.png', fullPage: true });
  await report.pdf({ path: 'test-results/signing-report.pdf', format: 'A4' });
});

/**
 * Opens the studio, generates its key, downloads the public JWK and imports it again as a trusted
 * key file named alice.pub.jwk (so the trusted key is named "alice").
 */
async function trustOwnKeyAsAlice(page: Page) {
  await openStudio(page);
  await page.getByRole('tab', { name: 'Export' }).click();
  await page.getByRole('button', { name: 'Generate signing key' }).click();
  await expect(page.getByTestId('signing-key-id')).toHaveText(/^sha256:/);
  const dir = await mkdtemp(join(tmpdir(), 'erdl-keys-'));
  const files = await downloadsOf(
    page,
    1,
    () => page.getByRole('button', { name: 'Download public key (JWK)' }).click(),
    dir,
  );
  const [pubName, pubPath] = Object.entries(files)[0] ?? [];
  expect(pubName).toMatch(/^erdl-[0-9a-f]{12}\.pub\.jwk$/);
  const jwk = JSON.parse(await readFile(pubPath as string, 'utf8')) as Record<string, string>;
  expect(Object.keys(jwk).sort()).toEqual(['crv', 'kid', 'kty', 'x']);
  const alice = `${dir}/alice.pub.jwk`;
  await writeFile(alice, JSON.stringify(jwk));
  await page.getByTestId('trusted-key-file').setInputFiles(alice);
  return { dir, jwk };
}

test('a trusted key can be imported, named and removed; a bad key file is refused in both languages', async ({
  page,
}) => {
  const { dir, jwk } = await trustOwnKeyAsAlice(page);
  const name = page.getByRole('textbox', { name: `Name for key ${jwk.kid}` });
  await expect(name).toHaveValue('alice');
  await name.fill('Alice (finance)');
  await name.press('Enter');
  await page.reload();
  await page.getByRole('tab', { name: 'Export' }).click();
  await expect(page.getByRole('textbox', { name: `Name for key ${jwk.kid}` })).toHaveValue(
    'Alice (finance)',
  );
  await page.getByRole('button', { name: 'Remove trusted key Alice (finance)' }).click();
  await expect(page.getByTestId('trusted-keys')).toContainText('No trusted keys yet.');

  const bad = `${dir}/bad.jwk`;
  await writeFile(bad, JSON.stringify({ kty: 'RSA', n: 'x', e: 'AQAB' }));
  await page.getByTestId('trusted-key-file').setInputFiles(bad);
  await expect(page.getByRole('alert').filter({ hasText: 'bad.jwk' })).toContainText(
    'not an Ed25519 key',
  );
});

test('a trusted key renamed just before the page unloads keeps its new name (the rename is journaled at once)', async ({
  page,
}) => {
  const { jwk } = await trustOwnKeyAsAlice(page);
  const name = page.getByRole('textbox', { name: `Name for key ${jwk.kid}` });
  await expect(name).toHaveValue('alice');
  await name.fill('Alice (finance)');
  // Enter (the blur saves) and the reload in one task: the IndexedDB write of the old page may be
  // aborted, which lost the name before it was journaled (the flake of the test above).
  await Promise.all([
    page.waitForEvent('load'),
    name.evaluate((input: HTMLInputElement) => {
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      location.reload();
    }),
  ]);
  await page.getByRole('tab', { name: 'Export' }).click();
  await expect(page.getByRole('textbox', { name: `Name for key ${jwk.kid}` })).toHaveValue(
    'Alice (finance)',
  );
});

test('key backup: made at creation, restored by `erdl key restore`; an `erdl key backup` restored in the studio; wrong passphrase and damaged file refused in both languages', async ({
  page,
}) => {
  test.slow(); // PBKDF2 with 600,000 iterations, several times
  await page.setViewportSize({ width: 1440, height: 900 });
  await openStudio(page);
  await page.getByRole('tab', { name: 'Export' }).click();
  const dir = await mkdtemp(join(tmpdir(), 'erdl-backup-'));
  const pass = join(dir, 'pass.txt');
  await writeFile(pass, 'correct horse battery\n');
  const keySection = page.getByTestId('signing-key');
  await page.getByTestId('signing-key-name-input').fill('Alice Chen');
  await keySection
    .getByLabel('Also download a passphrase-protected backup of the private key')
    .check();
  await keySection.getByLabel('Passphrase (at least 10 characters)').fill('short');
  await keySection.getByLabel('Passphrase again').fill('short');
  await page.getByRole('button', { name: 'Generate signing key' }).click();
  await expect(page.getByTestId('signing-key-problem')).toHaveText(
    'the passphrase must have at least 10 characters',
  );
  await keySection.getByLabel('Passphrase (at least 10 characters)').fill('correct horse battery');
  await keySection.getByLabel('Passphrase again').fill('correct horse batterx');
  await page.getByRole('button', { name: 'Generate signing key' }).click();
  await expect(page.getByTestId('signing-key-problem')).toHaveText('The two passphrases differ.');
  await keySection.getByLabel('Passphrase again').fill('correct horse battery');
  await keySection.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/signing-key-backup-form-en.png' });
  const made = await downloadsOf(
    page,
    1,
    () => page.getByRole('button', { name: 'Generate signing key' }).click(),
    dir,
  );
  const [backupName, backupPath] = Object.entries(made)[0] ?? [];
  expect(backupName).toMatch(/^erdl-[0-9a-f]{12}\.backup\.json$/);
  const keyId = (await page.getByTestId('signing-key-id').textContent()) ?? '';
  expect(keyId).toMatch(/^sha256:/);
  expect(keyId.slice(7, 19)).toBe(backupName?.slice(5, 17));
  await expect(page.getByTestId('signing-key-backup')).toHaveText(
    `Backup: ${backupName}, downloaded when the key was created.`,
  );
  // Only the public part is readable in the backup.
  const backupText = await readFile(backupPath as string, 'utf8');
  expect(JSON.parse(backupText).public_key).toMatchObject({ kid: keyId, name: 'Alice Chen' });
  expect(backupText).not.toMatch(/"d"/);

  // The studio's backup restores with the CLI, and that key's signature is the studio's own.
  const cliKey = join(dir, 'alice.jwk');
  const restored = await erdl(
    'key',
    'restore',
    backupPath as string,
    '--out',
    cliKey,
    '--passphrase-file',
    pass,
  );
  expect(restored.code).toBe(0);
  const cliPub = JSON.parse(await readFile(join(dir, 'alice.pub.jwk'), 'utf8'));
  expect(cliPub).toMatchObject({ kid: keyId, name: 'Alice Chen' });
  const rules = join(dir, 'cli-signed.erdl.yaml');
  await writeFile(rules, await readFile('src/studio/examples/quick-start.erdl.yaml', 'utf8'));
  expect((await erdl('sign', rules, '--key', cliKey)).code).toBe(0);
  await page.getByTestId('open-files').setInputFiles([rules, `${rules}.dsse.json`]);
  await dismissNotices(page);
  await page.getByRole('tab', { name: 'Export' }).click();
  await expect(page.getByTestId('verification-status')).toHaveText('Signed, unchanged');
  await expect(page.getByTestId('verification-reason')).toContainText(
    'Signed by a trusted key (Alice Chen (your signing key))',
  );

  // A key backed up with `erdl key backup` restores in the studio (after deleting the current one).
  expect((await erdl('keygen', '--out', join(dir, 'bob.jwk'), '--name', 'Bob Li')).code).toBe(0);
  const bobBackup = join(dir, 'bob.backup.json');
  const backedUp = await erdl(
    'key',
    'backup',
    join(dir, 'bob.jwk'),
    '--out',
    bobBackup,
    '--passphrase-file',
    pass,
  );
  expect(backedUp.code).toBe(0);
  const bobPub = JSON.parse(await readFile(join(dir, 'bob.pub.jwk'), 'utf8'));
  await page.getByRole('button', { name: 'Delete signing key' }).click();
  await page.getByRole('button', { name: 'Delete key', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Generate signing key' })).toBeVisible();
  const restore = page.getByTestId('key-restore');
  await restore.getByTestId('key-backup-file').setInputFiles(bobBackup);
  await expect(restore).toContainText('Backup file: bob.backup.json');
  await restore.getByLabel('Passphrase of the backup').fill('not the passphrase');
  await restore.getByRole('button', { name: 'Restore key' }).click();
  const problem = page.getByTestId('key-restore-problem');
  await expect(problem).toHaveText(
    'bob.backup.json: key backup: wrong passphrase, or the backup was changed (it cannot be decrypted)',
  );
  await page.getByRole('button', { name: '中文' }).click();
  await expect(problem).toHaveText(
    'bob.backup.json：密钥备份：口令错误，或备份已被改动（无法解密）',
  );
  const damaged = join(dir, 'damaged.backup.json');
  await writeFile(damaged, (await readFile(bobBackup, 'utf8')).slice(0, 120));
  await restore.getByTestId('key-backup-file').setInputFiles(damaged);
  await expect(restore).toContainText('备份文件：damaged.backup.json');
  await restore.getByLabel('备份的口令').fill('correct horse battery');
  await restore.getByRole('button', { name: '恢复密钥' }).click();
  await expect(problem).toContainText('damaged.backup.json：密钥备份：文件已损坏：不是 JSON（');
  await page.getByTestId('signing-key').scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/signing-key-restore-error-zh.png' });
  await page.getByRole('button', { name: 'English' }).click();
  await expect(problem).toContainText(
    'damaged.backup.json: key backup: the file is damaged: not JSON (',
  );
  await restore.getByTestId('key-backup-file').setInputFiles(bobBackup);
  await restore.getByLabel('Passphrase of the backup').fill('correct horse battery');
  await restore.getByRole('button', { name: 'Restore key' }).click();
  await expect(page.getByTestId('signing-key-id')).toHaveText(bobPub.kid);
  await expect(page.getByTestId('signing-key-name')).toHaveText('Bob Li');
  await expect(page.getByTestId('signing-key-backup')).toHaveText(
    'Restored from the backup bob.backup.json.',
  );
  // The restored key signs in the studio; `erdl verify` trusts it by the CLI's public key.
  const signed = await downloadsOf(
    page,
    2,
    () => page.getByRole('button', { name: 'Download signed' }).click(),
    await mkdtemp(join(tmpdir(), 'erdl-backup-signed-')),
  );
  const signedRules = Object.entries(signed).find(([n]) => n.endsWith('.erdl.yaml'))?.[1];
  const verified = await erdl('verify', signedRules as string, '--trust', join(dir, 'bob.pub.jwk'));
  expect(verified.out).toContain(bobPub.kid);
  expect(verified.code).toBe(0);
});

test('a file signed with `erdl sign` verifies in the studio: signer unknown until its key is trusted', async ({
  page,
}) => {
  const dir = await mkdtemp(join(tmpdir(), 'erdl-cli-'));
  const rules = join(dir, 'cli-rules.erdl.yaml');
  await writeFile(rules, await readFile('src/studio/examples/quick-start.erdl.yaml', 'utf8'));
  expect((await erdl('keygen', '--out', join(dir, 'cli.jwk'))).code).toBe(0);
  const signed = await erdl(
    'sign',
    rules,
    '--key',
    join(dir, 'cli.jwk'),
    '--time',
    '2026-09-01T00:00:00Z',
  );
  expect(signed.code).toBe(0);
  await openStudio(page);
  await page.getByTestId('open-files').setInputFiles([rules, `${rules}.dsse.json`]);
  await expect(
    page.getByRole('status').filter({ hasText: 'NOT verified — signer not trusted' }),
  ).toBeVisible();
  await expect(
    page.locator('[aria-current="true"] [data-testid="signature-badge"]'),
  ).toHaveAttribute('data-status', 'unknown');
  await dismissNotices(page);
  await page.getByRole('tab', { name: 'Export' }).click();
  await expect(page.getByTestId('verification-status')).toHaveText(
    'NOT verified — signer not trusted',
  );
  await page.getByTestId('trusted-key-file').setInputFiles(join(dir, 'cli.pub.jwk'));
  await expect(page.getByTestId('verification-status')).toHaveText('Signed, unchanged');
  await expect(page.getByTestId('verification-reason')).toContainText(
    'Signed by a trusted key (cli)',
  );
});
