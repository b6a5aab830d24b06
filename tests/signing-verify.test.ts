// Sign → verify, trust, tamper detection (naming rules), and the single-byte-flip property.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../src/kernel';
import {
  envelopeText,
  fromBase64,
  generateKeyPair,
  type Signer,
  signerFromJwk,
  signRuleFile,
  type TrustedKey,
  toBase64,
  verifyRuleFile,
} from '../src/signing';
import { compiled, decode, encode, PAYMENTS } from './signing-support';

const SIGNED_AT = '2026-09-01T10:00:00+08:00';
let signer: Signer;
let trusted: TrustedKey;
let stranger: TrustedKey;
let signature: Uint8Array;
const source = encode(PAYMENTS);

async function newSigner(backend?: 'webcrypto' | 'noble'): Promise<Signer> {
  const pair = await generateKeyPair(backend);
  const made = await signerFromJwk(pair.privateKey, backend);
  if (!made.ok) throw new Error(made.message.en);
  return made.signer;
}

beforeAll(async () => {
  signer = await newSigner();
  trusted = { keyId: signer.keyId, publicKey: signer.publicKey, name: 'reviewer' };
  const other = await newSigner();
  stranger = { keyId: other.keyId, publicKey: other.publicKey, name: 'someone else' };
  const signed = await signRuleFile({
    sourceBytes: source,
    file: 'payments.erdl.yaml',
    signedAt: SIGNED_AT,
    signer,
  });
  if (!signed.ok) throw new Error(signed.message.en);
  signature = encode(signed.text);
});

const verify = (sourceBytes: Uint8Array | null, envelopeBytes = signature, keys?: TrustedKey[]) =>
  verifyRuleFile({ sourceBytes, envelopeBytes, ...(keys ? { trusted: keys } : {}) });

describe('signRuleFile → manifest', () => {
  it('records the exact bytes, the hashes, canonical trees, gloss in both languages and versions', async () => {
    const signed = await signRuleFile({
      sourceBytes: source,
      file: 'payments.erdl.yaml',
      signedAt: SIGNED_AT,
      signer,
    });
    if (!signed.ok) throw new Error(signed.message.en);
    const m = signed.manifest;
    const doc = compiled(PAYMENTS).document!;
    expect(m.format).toBe('erdl-manifest/1');
    expect(m.spec).toEqual({ version: 'v2.1', protocol: 'erdl/v2', format_version: '2.1.0' });
    expect(m.signed_at).toBe('2026-09-01T02:00:00.000Z');
    expect(m.signer.key_id).toBe(signer.keyId);
    expect(m.document.hash).toBe(doc.hash);
    expect(m.document.fallback).toBe('ALLOW');
    expect(m.document.name).toBe('payments');
    expect(m.rules.map((r) => r.name)).toEqual(['PAY-001-large-refund', 'PAY-002-blocked-country']);
    expect(m.rules[0]!.hash).toBe(doc.rules[0]!.hash);
    expect(canonicalJson(m.rules[0]!.canonical.when)).toBe(canonicalJson(doc.rules[0]!.when));
    expect(m.rules[0]!.gloss.zh).toMatch(/[\u4e00-\u9fff]/);
    expect(m.rules[0]!.gloss.en).toMatch(/5,?000/);
    // The payload is the manifest's RFC 8785 text.
    const payload = fromBase64(signed.envelope.payload)!;
    expect(decode(payload)).toBe(canonicalJson(m));
  });

  it('refuses a document with load errors and a signing time that is not an instant, in both languages', async () => {
    const broken = await signRuleFile({
      sourceBytes: encode('protocol: "erdl/v2"\n'),
      file: 'x',
      signedAt: SIGNED_AT,
      signer,
    });
    expect(broken.ok).toBe(false);
    if (!broken.ok) {
      expect(broken.diagnostics.length).toBeGreaterThan(0);
      expect(broken.message.zh).toMatch(/加载错误/);
    }
    const badTime = await signRuleFile({
      sourceBytes: source,
      file: 'x',
      signedAt: 'tomorrow',
      signer,
    });
    expect(badTime.ok).toBe(false);
    if (!badTime.ok) expect(badTime.message.en).toMatch(/not an ISO 8601 instant/);
  });
});

describe('verifyRuleFile', () => {
  it('sign → verify: valid, every hash holds; trusted with the trust list, unknown without', async () => {
    const plain = await verify(source);
    expect(plain).toMatchObject({
      ok: true,
      signature: 'valid',
      trusted: null,
      changedRules: [],
      problems: [],
    });
    expect(plain.source).toMatchObject({ source_matches: true, document_matches: true });
    const withTrust = await verify(source, signature, [stranger, trusted]);
    expect(withTrust).toMatchObject({ ok: true, trusted: true, trustedName: 'reviewer' });
  });

  it('a signer not in the trust list fails (the signature itself is still valid)', async () => {
    const r = await verify(source, signature, [stranger]);
    expect(r).toMatchObject({ ok: false, signature: 'valid', trusted: false });
    expect(r.problems.map((p) => p.en).join()).toMatch(/not a trusted key/);
  });

  it('files signed with the noble fallback and with WebCrypto verify on both paths', async () => {
    for (const signWith of ['noble', 'webcrypto'] as const) {
      const s = await newSigner(signWith);
      const signed = await signRuleFile({
        sourceBytes: source,
        file: 'p',
        signedAt: SIGNED_AT,
        signer: s,
      });
      if (!signed.ok) throw new Error(signed.message.en);
      for (const backend of ['noble', 'webcrypto'] as const) {
        const r = await verifyRuleFile({
          sourceBytes: source,
          envelopeBytes: encode(signed.text),
          backend,
        });
        expect(r.ok, `${signWith} → ${backend}`).toBe(true);
      }
    }
  });

  it('an edited rule value is caught and the rule is named; the other rule is not', async () => {
    const edited = encode(PAYMENTS.replace('value: 5000', 'value: 50000'));
    const r = await verify(edited, signature, [trusted]);
    expect(r.ok).toBe(false);
    expect(r.signature).toBe('valid');
    expect(r.trusted).toBe(true);
    expect(r.changedRules).toEqual(['PAY-001-large-refund']);
    const text = r.problems.map((p) => `${p.en} | ${p.zh}`).join('\n');
    expect(text).toMatch(/rule "PAY-001-large-refund" changed since signing \(its condition\)/);
    expect(text).toMatch(/规则“PAY-001-large-refund”自签名后已改动/);
    expect(text).not.toMatch(/PAY-002/);
    expect(r.source?.diff?.changed[0]?.before.gloss.en).toMatch(/5,?000/);
    expect(r.source?.diff?.changed[0]?.after.gloss.en).toMatch(/50,?000/);
  });

  it('a comment-only edit changes the bytes (fails) but names no rule', async () => {
    const r = await verify(encode(`# reviewed\n${PAYMENTS}`));
    expect(r.ok).toBe(false);
    expect(r.changedRules).toEqual([]);
    expect(r.source).toMatchObject({ source_matches: false, document_matches: true });
  });

  it('added, removed and decision-changed rules are named; a file that no longer loads is said so', async () => {
    const added = PAYMENTS.replace(
      'rules:\n',
      'rules:\n  - name: "PAY-000-new"\n    description: "x"\n    priority: 1\n    when: "true"\n    then: ALLOW\n',
    );
    expect((await verify(encode(added))).changedRules).toEqual(['PAY-000-new']);
    const decision = await verify(encode(PAYMENTS.replace('then: DENY', 'then: ESCALATE')));
    expect(decision.changedRules).toEqual(['PAY-002-blocked-country']);
    expect(decision.problems.map((p) => p.en).join()).toMatch(/its decision, texts or ordering/);
    const broken = await verify(encode(PAYMENTS.replace('then: DENY', 'then: NOPE')));
    expect(broken.ok).toBe(false);
    expect(broken.problems.map((p) => p.en).join()).toMatch(/no longer loads/);
  });

  it('a missing rule file or garbage signature file is a named failure, never a throw', async () => {
    expect((await verify(null)).problems.map((p) => p.en).join()).toMatch(/not found/);
    for (const junk of [
      '',
      'not json',
      '[]',
      '{"payload":1}',
      '{"payload":"","payloadType":"x","signatures":[]}',
    ]) {
      const r = await verify(source, encode(junk));
      expect(r.ok).toBe(false);
      expect(r.signature).toBe('not-checked');
      expect(r.problems.length).toBeGreaterThan(0);
      expect(r.problems[0]!.zh).toMatch(/签名文件/);
    }
  });

  it('a manifest that contradicts itself is refused even when properly signed', async () => {
    const env = JSON.parse(decode(signature));
    const manifest = JSON.parse(decode(fromBase64(env.payload)!));
    manifest.rules[1].canonical.then = 'ALLOW';
    const forged = await resign(manifest);
    const r = await verify(source, forged);
    expect(r.signature).toBe('valid');
    expect(r.ok).toBe(false);
    expect(r.problems.map((p) => p.en).join()).toMatch(/rules\[1\]\.canonical_hash/);
  });
});

/** A manifest re-signed by the same signer (what a forger with the key could make). */
async function resign(manifest: unknown): Promise<Uint8Array> {
  const { signEnvelope } = await import('../src/signing');
  const env = await signEnvelope(
    'application/vnd.erdl.manifest+json',
    encode(canonicalJson(manifest)),
    signer,
  );
  return encode(envelopeText(env));
}

/** Flips one byte (XOR with a non-zero mask). */
function flip(bytes: Uint8Array, position: number, mask: number): Uint8Array {
  const out = new Uint8Array(bytes);
  out[position % out.length] = (out[position % out.length] as number) ^ mask;
  return out;
}

describe('flipping any single byte makes verification fail (property)', () => {
  const runs = { numRuns: 60, seed: 8 };
  const position = fc.nat({ max: 100_000 });
  const mask = fc.integer({ min: 1, max: 255 });

  it('of the YAML', async () => {
    await fc.assert(
      fc.asyncProperty(position, mask, async (p, m) => {
        expect((await verify(flip(source, p, m))).ok).toBe(false);
      }),
      runs,
    );
  });

  it('of the manifest (payload re-encoded, signature kept)', async () => {
    const env = JSON.parse(decode(signature));
    const payload = fromBase64(env.payload)!;
    await fc.assert(
      fc.asyncProperty(position, mask, async (p, m) => {
        const forged = { ...env, payload: toBase64(flip(payload, p, m)) };
        const r = await verify(source, encode(envelopeText(forged)));
        expect(r.ok).toBe(false);
        expect(r.signature).not.toBe('valid');
      }),
      runs,
    );
  });

  it('of the signature (re-encoded)', async () => {
    const env = JSON.parse(decode(signature));
    const sig = fromBase64(env.signatures[0].sig)!;
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: 63 }), mask, async (p, m) => {
        const forged = {
          ...env,
          signatures: [{ ...env.signatures[0], sig: toBase64(flip(sig, p, m)) }],
        };
        const r = await verify(source, encode(envelopeText(forged)));
        expect(r.ok).toBe(false);
        expect(r.signature).toBe('invalid');
      }),
      runs,
    );
  });

  it('of the signature file as stored', async () => {
    await fc.assert(
      fc.asyncProperty(position, mask, async (p, m) => {
        const r = await verify(source, flip(signature, p, m));
        expect(r.ok).toBe(false);
        expect(r.trusted).not.toBe(true);
      }),
      runs,
    );
  });
});
