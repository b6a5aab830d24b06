import { beforeAll, describe, expect, it, vi } from 'vitest';
import { studioStore } from '../store';
import { newDocument } from '../workspace/files';
import { importWithSignatures, isSignatureFile } from './import-signatures';
import { signing } from './signing-instance';
import { RULES, RULES_LIMIT_CHANGED, signWithOwnKey } from './test-support';
import { verificationStatus } from './verification-summary';

let signatureText = '';

beforeAll(async () => {
  // No IndexedDB under Node: the page's signing state falls back to memory.
  expect(await signing.generateKey()).toBe(true);
  signatureText = (await signWithOwnKey(signing)).signatureText;
});

/** Adds each rule file as the workspace import does and returns the new id. */
async function importOne(file: File): Promise<string | null> {
  const text = await file.text();
  return studioStore.getState().addDocument(newDocument(file.name.replace(/\..*$/, ''), text));
}

function lastNotice() {
  const notices = studioStore.getState().notices;
  return notices[notices.length - 1];
}

function statusOf(docId: string | null) {
  const record = docId ? signing.store.getState().verifications[docId] : undefined;
  return record ? verificationStatus(record.report) : null;
}

describe('importing a rule file with its signature file', () => {
  it('recognises signature files by their suffix', () => {
    expect(isSignatureFile('a.erdl.yaml.dsse.json')).toBe(true);
    expect(isSignatureFile('A.ERDL.YAML.DSSE.JSON')).toBe(true);
    expect(isSignatureFile('a.erdl.yaml')).toBe(false);
    expect(isSignatureFile('a.json')).toBe(false);
  });

  it('verifies the pair (signer = the studio’s own key) and makes the document active', async () => {
    await importWithSignatures(
      [
        new File([signatureText], 'refund.erdl.yaml.dsse.json'),
        new File([RULES], 'refund.erdl.yaml'),
      ],
      importOne,
    );
    const id = studioStore.getState().activeId;
    expect(statusOf(id)).toBe('verified');
    expect(lastNotice()?.kind).toBe('info');
    expect(lastNotice()?.message.en).toContain('Signed, unchanged — signed by a trusted key');
    expect(lastNotice()?.message.zh).toContain('已签名，未改动——由受信任的密钥');
  });

  it('an edited rule file is tampered, named, and still opened as a draft', async () => {
    await importWithSignatures(
      [
        new File([RULES_LIMIT_CHANGED], 'refund.erdl.yaml'),
        new File([signatureText], 'refund.erdl.yaml.dsse.json'),
      ],
      importOne,
    );
    const id = studioStore.getState().activeId;
    expect(id && studioStore.getState().documents[id]?.text).toBe(RULES_LIMIT_CHANGED);
    expect(statusOf(id)).toBe('tampered');
    expect(lastNotice()?.kind).toBe('error');
    expect(lastNotice()?.message.en).toContain('SEC-001-refund-limit');
    expect(lastNotice()?.message.zh).toContain('SEC-001-refund-limit');
  });

  it('pairs one renamed rule file with one signature (a browser renamed the download)', async () => {
    await importWithSignatures(
      [
        new File([RULES], 'refund (1).erdl.yaml'),
        new File([signatureText], 'refund.erdl.yaml.dsse.json'),
      ],
      importOne,
    );
    expect(statusOf(studioStore.getState().activeId)).toBe('verified');
  });

  it('a signature alone verifies the open document of that file name', async () => {
    const id = studioStore.getState().addDocument(newDocument('payments', RULES));
    studioStore.getState().setActive(id);
    await importWithSignatures(
      [new File([signatureText], 'payments.erdl.yaml.dsse.json')],
      importOne,
    );
    expect(statusOf(id)).toBe('verified');
  });

  it('a signature alone with no such document says so in both languages', async () => {
    const before = Object.keys(signing.store.getState().verifications).length;
    // A text no open document has.
    const alone = (await signWithOwnKey(signing, `${RULES}# nothing\n`)).signatureText;
    await importWithSignatures([new File([alone], 'nothing.erdl.yaml.dsse.json')], importOne);
    expect(Object.keys(signing.store.getState().verifications)).toHaveLength(before);
    expect(lastNotice()?.kind).toBe('error');
    expect(lastNotice()?.message.en).toContain('none is named nothing.erdl.yaml');
    expect(lastNotice()?.message.zh).toContain('也没有名为 nothing.erdl.yaml 的已打开文档');
  });

  it('a signature alone attaches to the document with the signed bytes, not the edited one of its name (issue #37)', async () => {
    const state = studioStore.getState();
    const original = state.addDocument(newDocument('aml', RULES_LIMIT_CHANGED));
    const copy = state.addDocument(newDocument('aml (2)', RULES));
    studioStore.getState().setActive(copy);
    await importWithSignatures([new File([signatureText], 'aml.erdl.yaml.dsse.json')], importOne);
    expect(studioStore.getState().activeId).toBe(copy);
    expect(statusOf(copy)).toBe('verified');
    expect(signing.store.getState().verifications[original]).toBeUndefined();
    expect(lastNotice()?.kind).toBe('info');
    expect(lastNotice()?.subject).toMatchObject({ docId: copy, text: RULES });
  });

  it('a signature alone whose bytes no document has is offered to the document of its name, never attached silently', async () => {
    const state = studioStore.getState();
    // Signed: a text no open document has; open: that text edited, under the name it names.
    const signedText = `${RULES}# loan\n`;
    const loan = (await signWithOwnKey(signing, signedText)).signatureText;
    const edited = state.addDocument(
      newDocument('loan', signedText.replace('value: 5000', 'value: 9000')),
    );
    await importWithSignatures([new File([loan], 'loan.erdl.yaml.dsse.json')], importOne);
    expect(signing.store.getState().verifications[edited]).toBeUndefined();
    const offer = lastNotice();
    expect(offer?.kind).toBe('error');
    expect(offer?.message.en).toContain('no open document has the text it signs');
    expect(offer?.message.zh).toContain('没有已打开文档的文本与其所签文本一致');
    expect(offer?.action?.label.en).toBe('Attach to “loan” (shown as changed)');
    expect(offer?.action?.label.zh).toBe('附加到“loan”（标记为签名后已改动）');
    offer?.action?.run();
    await vi.waitFor(() => expect(statusOf(edited)).toBe('tampered'));
    expect(studioStore.getState().activeId).toBe(edited);
  });

  it('a new signature notice about a document replaces the old one (one per subject)', async () => {
    const id = studioStore.getState().addDocument(newDocument('twice', RULES));
    studioStore.getState().setActive(id);
    const file = () => new File([signatureText], 'twice.erdl.yaml.dsse.json');
    await importWithSignatures([file()], importOne);
    await importWithSignatures([file()], importOne);
    const about = studioStore.getState().notices.filter((n) => n.subject?.docId === id);
    expect(about).toHaveLength(1);
  });

  it('an unreadable signature file is tampered, never trusted', async () => {
    await importWithSignatures(
      [
        new File([RULES], 'refund.erdl.yaml'),
        new File(['{"payload": 1}'], 'refund.erdl.yaml.dsse.json'),
      ],
      importOne,
    );
    const id = studioStore.getState().activeId;
    const record = id ? signing.store.getState().verifications[id] : undefined;
    expect(record?.report.signature).toBe('not-checked');
    expect(record?.report.trusted).not.toBe(true);
    expect(statusOf(id)).toBe('tampered');
  });
});

describe('a signature file is refused as `erdl verify` refuses it (issue #35)', () => {
  it('over 16 MiB: refused from its size, before it is read, in the CLI’s words', async () => {
    const size = 16 * 1024 * 1024 + 1;
    const big = new File([new Uint8Array(size)], 'refund.erdl.yaml.dsse.json');
    let read = false;
    Object.defineProperty(big, 'arrayBuffer', {
      value: () => {
        read = true;
        return Promise.reject(new Error('read'));
      },
    });
    await importWithSignatures([big], importOne);
    expect(read).toBe(false);
    expect(lastNotice()?.kind).toBe('error');
    expect(lastNotice()?.message.en).toBe(
      'refund.erdl.yaml.dsse.json: signature file: 16,777,217 bytes, more than the 16,777,216 bytes (16 MiB) a signature file may have; refused before it was read',
    );
    expect(lastNotice()?.message.zh).toBe(
      'refund.erdl.yaml.dsse.json：签名文件：16,777,217 字节，超过签名文件上限 16,777,216 字节（16 MiB）；已在读取前拒绝',
    );
  });

  it('unpadded base64: a bad signature with the reason, never "Signed, unchanged"', async () => {
    const env = JSON.parse(signatureText);
    // A 64-byte Ed25519 signature always ends in "==".
    env.signatures[0].sig = env.signatures[0].sig.replace(/=+$/, '');
    const unpadded = `${JSON.stringify(env)}\n`;
    await importWithSignatures(
      [new File([RULES], 'refund.erdl.yaml'), new File([unpadded], 'refund.erdl.yaml.dsse.json')],
      importOne,
    );
    expect(statusOf(studioStore.getState().activeId)).toBe('tampered');
    expect(lastNotice()?.kind).toBe('error');
    expect(lastNotice()?.message.en).toContain('NOT verified — bad signature');
    expect(lastNotice()?.message.en).toContain('base64 without padding');
    expect(lastNotice()?.message.zh).toContain('base64 缺少填充');
    expect(lastNotice()?.message.en).not.toContain('Signed, unchanged');
  });
});
