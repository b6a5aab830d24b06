import { describe, expect, it } from 'vitest';
import {
  backupKey,
  generateKeyPair,
  generateNonExtractableKeyPair,
  keyIdOf,
  restoreKeyJwk,
  signatureFileName,
} from '../../signing';
import { jwkBytes } from '../../signing/jwk';
import { memoryKeyStorage } from './key-storage';
import { signDocument } from './sign-document';
import { createSigningStore, memoryNameJournal } from './signing-state';
import { RULES, RULES_LIMIT_CHANGED, RULES_REFORMATTED } from './test-support';
import { hashesHold, problemDetail, verificationStatus } from './verification-summary';

const AT = '2026-09-01T00:00:00.000Z';
const encode = (text: string) => new TextEncoder().encode(text);

function newStore() {
  const storage = memoryKeyStorage();
  const signing = createSigningStore(
    async () => storage,
    memoryKeyStorage,
    () => new Date(AT),
  );
  signing.setOwnKeyName('own');
  return { signing, storage };
}

async function signedBy(signing: ReturnType<typeof newStore>['signing'], text = RULES) {
  const key = signing.store.getState().signingKey;
  if (!key) throw new Error('no key');
  const outcome = await signDocument({ text, ruleFile: 'refund.erdl.yaml', key, signedAt: AT });
  if (!outcome.ok) throw new Error(outcome.message.en);
  return outcome.signed;
}

describe('signing state', () => {
  it('generates a non-extractable key, stores it, and names it by the hash of its public key', async () => {
    const { signing, storage } = newStore();
    expect(await signing.generateKey()).toBe(true);
    const key = signing.store.getState().signingKey;
    expect(key).not.toBeNull();
    if (!key) return;
    expect(key.privateKey.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('jwk', key.privateKey)).rejects.toThrow();
    expect(key.keyId).toBe(keyIdOf(jwkBytes(key.publicKey.x) as Uint8Array));
    expect(key.createdAt).toBe(AT);
    expect(await storage.getSigningKey()).toBe(key);
    // A second store over the same storage loads it.
    const again = createSigningStore(async () => storage, memoryKeyStorage);
    await again.ensureLoaded();
    expect(again.store.getState().signingKey?.keyId).toBe(key.keyId);
  });

  it('keeps what is attached to a document across a reload, and forgets it with the document (issue #37)', async () => {
    const { signing, storage } = newStore();
    await signing.generateKey();
    const signed = await signedBy(signing);
    await signing.verifyDocument('doc-1', {
      signatureFile: signed.signatureFile,
      ruleFile: signed.ruleFile,
      text: RULES,
      sourceBytes: signed.sourceBytes,
      envelopeBytes: encode(signed.signatureText),
    });
    const report = { file: 'refund.review.zh.html', sha256: 'sha256:r', sourceSha256: 'sha256:t' };
    await signing.recordReviewedReport('doc-1', report);
    // The next page over the same storage.
    const again = createSigningStore(async () => storage, memoryKeyStorage);
    await again.ensureLoaded();
    const state = again.store.getState();
    expect(state.verifications['doc-1']?.signatureFile).toBe(signed.signatureFile);
    expect(state.verifications['doc-1']?.text).toBe(RULES);
    const loaded = state.verifications['doc-1'];
    expect(loaded && verificationStatus(loaded.report)).toBe('verified');
    expect(state.reviewedReports['doc-1']).toEqual(report);
    await again.forgetDocument('doc-1');
    const third = createSigningStore(async () => storage, memoryKeyStorage);
    await third.ensureLoaded();
    expect(third.store.getState().verifications['doc-1']).toBeUndefined();
    expect(third.store.getState().reviewedReports['doc-1']).toBeUndefined();
  });

  it('falls back to memory, saying why, when the key store does not open', async () => {
    const signing = createSigningStore(async () => {
      throw new Error('IndexedDB is not available');
    }, memoryKeyStorage);
    await signing.ensureLoaded();
    expect(signing.store.getState().storageError).toBe('IndexedDB is not available');
    expect(await signing.generateKey()).toBe(true);
  });

  it('a file it signed verifies as signed by its own key, unchanged', async () => {
    const { signing } = newStore();
    await signing.generateKey();
    const signed = await signedBy(signing);
    expect(signed.signatureFile).toBe(signatureFileName('refund.erdl.yaml'));
    expect(signed.manifest.signed_at).toBe(AT);
    expect(signed.manifest.rules.map((r) => r.name)).toEqual([
      'SEC-001-refund-limit',
      'SEC-002-block-delete',
    ]);
    const report = await signing.verify(signed.sourceBytes, encode(signed.signatureText));
    expect(report.signature).toBe('valid');
    expect(report.trusted).toBe(true);
    expect(report.trustedName).toBe('own');
    expect(hashesHold(report)).toBe(true);
    expect(verificationStatus(report)).toBe('verified');
  });

  it('an edited rule value is tampered and named; a comment-only edit fails on bytes naming no rule', async () => {
    const { signing } = newStore();
    await signing.generateKey();
    const signed = await signedBy(signing);
    const envelope = encode(signed.signatureText);
    const changed = await signing.verify(encode(RULES_LIMIT_CHANGED), envelope);
    expect(changed.signature).toBe('valid');
    expect(verificationStatus(changed)).toBe('tampered');
    expect(changed.trusted).toBe(true);
    expect(changed.changedRules).toEqual(['SEC-001-refund-limit']);
    expect(problemDetail(changed).en).toContain('SEC-001-refund-limit');
    expect(problemDetail(changed).zh).toContain('SEC-001-refund-limit');
    const reformatted = await signing.verify(encode(RULES_REFORMATTED), envelope);
    expect(verificationStatus(reformatted)).toBe('tampered');
    expect(reformatted.changedRules).toEqual([]);
    expect(reformatted.source?.source_matches).toBe(false);
  });

  it('a flipped signature byte is never shown as trusted', async () => {
    const { signing } = newStore();
    await signing.generateKey();
    const signed = await signedBy(signing);
    const envelope = JSON.parse(signed.signatureText) as { signatures: { sig: string }[] };
    const sig = envelope.signatures[0] as { sig: string };
    sig.sig = `${sig.sig[0] === 'A' ? 'B' : 'A'}${sig.sig.slice(1)}`;
    const report = await signing.verify(
      signed.sourceBytes,
      encode(`${JSON.stringify(envelope)}\n`),
    );
    expect(report.signature).toBe('invalid');
    expect(report.trusted).toBe(false);
    expect(verificationStatus(report)).toBe('tampered');
  });

  it('a stranger’s signature is "unknown" until the key is trusted; removing it makes it unknown again', async () => {
    const alice = newStore().signing;
    await alice.generateKey();
    const signed = await signedBy(alice);
    const aliceKey = alice.store.getState().signingKey;
    if (!aliceKey) throw new Error('no key');

    const { signing: bob } = newStore();
    const record = await bob.verifyDocument('doc-1', {
      signatureFile: signed.signatureFile,
      ruleFile: signed.ruleFile,
      text: RULES,
      sourceBytes: signed.sourceBytes,
      envelopeBytes: encode(signed.signatureText),
    });
    expect(verificationStatus(record.report)).toBe('unknown');
    expect(record.report.keyId).toBe(aliceKey.keyId);

    const { added } = await bob.addTrusted([
      { keyId: aliceKey.keyId, publicKey: aliceKey.publicKey, name: 'Alice' },
    ]);
    expect(added.map((k) => k.name)).toEqual(['Alice']);
    const now = bob.store.getState().verifications['doc-1'];
    expect(now && verificationStatus(now.report)).toBe('verified');
    expect(now?.report.trustedName).toBe('Alice');

    const again = await bob.addTrusted([
      { keyId: aliceKey.keyId, publicKey: aliceKey.publicKey, name: 'Other' },
    ]);
    expect(again.already.map((k) => k.name)).toEqual(['Alice']);

    await bob.renameTrusted(aliceKey.keyId, '  Alice (finance)  ');
    expect(bob.store.getState().trusted.map((k) => k.name)).toEqual(['Alice (finance)']);
    await bob.removeTrusted(aliceKey.keyId);
    expect(bob.store.getState().trusted).toEqual([]);
    const after = bob.store.getState().verifications['doc-1'];
    expect(after && verificationStatus(after.report)).toBe('unknown');
  });

  it('refuses to sign a document that does not load, in both languages', async () => {
    const { signing } = newStore();
    await signing.generateKey();
    const key = signing.store.getState().signingKey;
    if (!key) throw new Error('no key');
    const outcome = await signDocument({
      text: 'rules: [',
      ruleFile: 'bad.erdl.yaml',
      key,
      signedAt: AT,
    });
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.message.zh).toMatch(/[\u4e00-\u9fff]/);
  });

  it('records the last signed export per document', async () => {
    const { signing, storage } = newStore();
    await signing.generateKey();
    const signed = await signedBy(signing);
    await signing.recordSignedExport({
      docId: 'd',
      fileName: signed.ruleFile,
      signedAt: AT,
      manifest: signed.manifest,
    });
    expect((await storage.getSignedExport('d'))?.manifest.document.hash).toBe(
      signed.manifest.document.hash,
    );
    const other = createSigningStore(async () => storage, memoryKeyStorage);
    expect((await other.loadSignedExport('d'))?.signedAt).toBe(AT);
    expect(other.store.getState().signedExports.d?.fileName).toBe('refund.erdl.yaml');
  });

  it('a rename is shown and journaled before any await; a reload that lost the write applies it', async () => {
    const storage = memoryKeyStorage();
    const journal = memoryNameJournal();
    const open = () =>
      createSigningStore(
        async () => storage,
        memoryKeyStorage,
        () => new Date(AT),
        undefined,
        journal,
      );
    const first = open();
    await first.ensureLoaded();
    const pair = await generateNonExtractableKeyPair();
    if (!pair) throw new Error('no Ed25519');
    await first.addTrusted([{ keyId: pair.keyId, publicKey: pair.publicKey, name: 'alice' }]);
    // The page goes away right after the edit: the storage write never happens.
    const put = storage.putTrusted;
    storage.putTrusted = () => new Promise(() => undefined);
    const pending = first.renameTrusted(pair.keyId, 'Alice (finance)');
    expect(first.store.getState().trusted[0]?.name).toBe('Alice (finance)');
    expect(journal.read()).toEqual({ [pair.keyId]: 'Alice (finance)' });
    void pending; // never settles: that page is gone
    storage.putTrusted = put;
    expect((await storage.listTrusted())[0]?.name).toBe('alice');
    // The next page load applies the journal, stores it and clears it.
    const second = open();
    await second.ensureLoaded();
    expect(second.store.getState().trusted[0]?.name).toBe('Alice (finance)');
    expect((await storage.listTrusted())[0]?.name).toBe('Alice (finance)');
    expect(journal.read()).toEqual({});
    // An empty name is refused: the key keeps its name.
    expect(await second.renameTrusted(pair.keyId, '   ')).toBe(false);
    expect(second.store.getState().trusted[0]?.name).toBe('Alice (finance)');
  });

  it('a key generated with a backup is stored non-extractable; the backup restores it here and in the CLI format', async () => {
    const { signing, storage } = newStore();
    expect(await signing.generateKeyWithBackup('short', 'Alice')).toMatchObject({ ok: false });
    expect(signing.store.getState().signingKey).toBeNull();
    const made = await signing.generateKeyWithBackup('correct horse battery', 'Alice');
    if (!made?.ok) throw new Error('no backup');
    const key = signing.store.getState().signingKey;
    if (!key) throw new Error('no key');
    expect(key.privateKey.extractable).toBe(false);
    expect(key.name).toBe('Alice');
    expect(key.backup).toEqual({ file: made.file, kind: 'created' });
    expect(made.file).toBe(`erdl-${key.keyId.slice(7, 19)}.backup.json`);
    // The CLI's restore reads the same file and gets the same key.
    const jwk = await restoreKeyJwk(JSON.parse(made.text), 'correct horse battery');
    if (!jwk.ok) throw new Error(jwk.message.en);
    expect(jwk.keyId).toBe(key.keyId);
    expect(jwk.name).toBe('Alice');
    // Restoring needs no key in place.
    expect(await signing.restoreKey(made.file, made.text, 'correct horse battery')).toMatchObject({
      ok: false,
    });
    await signing.deleteKey();
    const wrong = await signing.restoreKey(made.file, made.text, 'wrong passphrase!');
    expect(wrong).toEqual({
      ok: false,
      message: {
        en: 'key backup: wrong passphrase, or the backup was changed (it cannot be decrypted)',
        zh: '密钥备份：口令错误，或备份已被改动（无法解密）',
      },
    });
    // A broken byte: where it breaks, in both languages (the engine's English wording is not shown).
    const broken = `${made.text.slice(0, 2)}#${made.text.slice(3)}`;
    expect(await signing.restoreKey(made.file, broken, 'x')).toEqual({
      ok: false,
      message: {
        en: 'key backup: the file is damaged: not JSON (it breaks off at character 3)',
        zh: '密钥备份：文件已损坏：不是 JSON（在第 3 个字符处中断）',
      },
    });
    // Cut short: no position to give.
    const cut = await signing.restoreKey(made.file, made.text.slice(0, 40), 'x');
    expect(cut.ok ? null : cut.message).toEqual({
      en: expect.stringMatching(/^key backup: the file is damaged: not JSON/),
      zh: expect.stringMatching(/^密钥备份：文件已损坏：不是 JSON/),
    });
    expect(signing.store.getState().signingKey).toBeNull();
    const back = await signing.restoreKey('mine.backup.json', made.text, 'correct horse battery');
    expect(back).toEqual({ ok: true, keyId: key.keyId });
    const restored = await storage.getSigningKey();
    expect(restored?.privateKey.extractable).toBe(false);
    expect(restored?.backup).toEqual({ file: 'mine.backup.json', kind: 'restored' });
    expect(restored?.name).toBe('Alice');
    // It signs as the same key.
    const signed = await signedBy(signing);
    expect(signed.manifest.signer.key_id).toBe(key.keyId);
  });

  it('restores a backup made by `erdl key backup` (a private JWK file)', async () => {
    const { signing } = newStore();
    const pair = await generateKeyPair();
    const backup = await backupKey(pair.privateKey, pair.publicKey, 'a long passphrase', 'CLI key');
    if (!backup.ok) throw new Error(backup.message.en);
    const restored = await signing.restoreKey('cli.backup.json', backup.text, 'a long passphrase');
    expect(restored).toEqual({ ok: true, keyId: pair.keyId });
    expect(signing.store.getState().signingKey?.name).toBe('CLI key');
  });

  it('documents with ids named after Object.prototype members have their own records', async () => {
    const alice = newStore().signing;
    await alice.generateKey();
    const signed = await signedBy(alice);
    const { signing } = newStore();
    const at = <T>(record: Readonly<Record<string, T>>, id: string): T | undefined => record[id];
    const input = {
      signatureFile: signed.signatureFile,
      ruleFile: signed.ruleFile,
      text: RULES,
      sourceBytes: signed.sourceBytes,
      envelopeBytes: encode(signed.signatureText),
    };
    // Nothing recorded yet: no lookup finds a prototype member instead.
    for (const id of ['constructor', 'toString', '__proto__'])
      expect(at(signing.store.getState().verifications, id)).toBeUndefined();
    await signing.verifyDocument('__proto__', input);
    await signing.verifyDocument('constructor', input);
    signing.compareWith('toString', 'signed');
    signing.recordReviewedReport('__proto__', { file: 'r.html', sha256: 's', sourceSha256: 't' });
    const state = signing.store.getState();
    expect(Object.keys(state.verifications)).toEqual(['__proto__', 'constructor']);
    expect(at(state.verifications, '__proto__')?.ruleFile).toBe(signed.ruleFile);
    expect(at(state.comparing, 'toString')).toBe('signed');
    expect(at(state.comparing, 'constructor')).toBeUndefined();
    expect(at(state.reviewedReports, '__proto__')?.file).toBe('r.html');
    expect(at(state.signedExports, 'hasOwnProperty')).toBeUndefined();
    signing.forgetDocument('__proto__');
    expect(Object.keys(signing.store.getState().verifications)).toEqual(['constructor']);
    expect(Object.keys(Object.prototype)).toEqual([]);
  });
});
