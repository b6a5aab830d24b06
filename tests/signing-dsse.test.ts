// DSSE (secure-systems-lab/dsse protocol.md) and the two Ed25519 paths (WebCrypto, @noble/ed25519).
import { describe, expect, it } from 'vitest';
import {
  envelopeText,
  fromBase64,
  generateKeyPair,
  pae,
  readEnvelope,
  signEnvelope,
  signerFromJwk,
  toBase64,
  toBase64Url,
  verifyDsseSignature,
  verifyEd25519,
  webCryptoHasEd25519,
} from '../src/signing';
import { decode, encode } from './signing-support';

const hex = (text: string) =>
  Uint8Array.from(text.match(/../g) ?? [], (b) => Number.parseInt(b, 16));

/** A big decimal integer as 32 big-endian bytes, base64url (for a P-256 JWK coordinate). */
function coordinate(decimal: string): string {
  return toBase64Url(hex(BigInt(decimal).toString(16).padStart(64, '0')));
}

// The example of protocol.md "Test Vectors", verbatim.
const SPEC = {
  body: 'hello world',
  type: 'http://example.com/HelloWorld',
  pae: 'DSSEv1 29 http://example.com/HelloWorld 11 hello world',
  x: '46950820868899156662930047687818585632848591499744589407958293238635476079160',
  y: '5640078356564379163099075877009565129882514886557779369047442380624545832820',
  envelope: {
    payload: 'aGVsbG8gd29ybGQ=',
    payloadType: 'http://example.com/HelloWorld',
    signatures: [
      {
        sig: 'A3JqsQGtVsJ2O2xqrI5IcnXip5GToJ3F+FnZ+O88SjtR6rDAajabZKciJTfUiHqJPcIAriEGAHTVeCUjW2JIZA==',
      },
    ],
  },
};

// RFC 8032 §7.1 TEST 1 and TEST 2.
const RFC8032 = {
  seed: '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60',
  pub: 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a',
  emptySig:
    'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b',
  seed2: '4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb',
  pub2: '3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c',
  msg2: '72',
  sig2: '92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00',
};

const rfcJwk = (seed: string, pub: string) => ({
  kty: 'OKP' as const,
  crv: 'Ed25519' as const,
  x: toBase64Url(hex(pub)),
  d: toBase64Url(hex(seed)),
});

describe('DSSE PAE and envelope against the spec example', () => {
  it('PAE("http://example.com/HelloWorld", "hello world") is the spec text, byte for byte', () => {
    expect(decode(pae(SPEC.type, encode(SPEC.body)))).toBe(SPEC.pae);
  });

  it('lengths are UTF-8 byte counts in ASCII decimal, and an empty body keeps its trailing space', () => {
    expect(decode(pae('application/vnd.exämple+json', encode('{}')))).toBe(
      'DSSEv1 29 application/vnd.exämple+json 2 {}',
    );
    expect(decode(pae('t', new Uint8Array(0)))).toBe('DSSEv1 1 t 0 ');
  });

  it("the spec's own ECDSA P-256 signature verifies over our PAE (WebCrypto), and not over a changed one", async () => {
    const key = await crypto.subtle.importKey(
      'jwk',
      { kty: 'EC', crv: 'P-256', x: coordinate(SPEC.x), y: coordinate(SPEC.y) },
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['verify'],
    );
    const sig = fromBase64(SPEC.envelope.signatures[0]!.sig)!;
    const algo = { name: 'ECDSA', hash: 'SHA-256' };
    const ours = pae(SPEC.type, encode(SPEC.body));
    expect(await crypto.subtle.verify(algo, key, sig, ours)).toBe(true);
    const wrongLength = new Uint8Array(
      encode('DSSEv1 29 http://example.com/HelloWorld 12 hello world'),
    );
    expect(await crypto.subtle.verify(algo, key, sig, wrongLength)).toBe(false);
  });

  it('reads the spec envelope: payload "hello world", one signature, standard base64', () => {
    const read = readEnvelope(encode(JSON.stringify(SPEC.envelope)));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(decode(read.opened.payload)).toBe(SPEC.body);
    expect(read.opened.envelope.payloadType).toBe(SPEC.type);
    expect(read.opened.signatures).toHaveLength(1);
    expect(read.opened.signatures[0]!.keyid).toBeNull();
    expect(toBase64(encode(SPEC.body))).toBe(SPEC.envelope.payload);
  });

  it('an envelope we sign has the DSSE shape and the signature covers PAE(type, payload)', async () => {
    const signer = await signerFromJwk(rfcJwk(RFC8032.seed, RFC8032.pub), 'noble');
    if (!signer.ok) throw new Error(signer.message.en);
    const env = await signEnvelope(SPEC.type, encode(SPEC.body), signer.signer);
    expect(Object.keys(env).sort()).toEqual(['payload', 'payloadType', 'signatures']);
    expect(env.payload).toBe(SPEC.envelope.payload);
    expect(env.signatures[0]!.keyid).toBe(signer.signer.keyId);
    const sig = fromBase64(env.signatures[0]!.sig)!;
    expect(await verifyEd25519(hex(RFC8032.pub), pae(SPEC.type, encode(SPEC.body)), sig)).toBe(
      true,
    );
    // Signing the body alone (no PAE) would be a different signature.
    expect(await verifyEd25519(hex(RFC8032.pub), encode(SPEC.body), sig)).toBe(false);
    expect(envelopeText(env)).toBe(
      `{"payload":"aGVsbG8gd29ybGQ=","payloadType":"${SPEC.type}","signatures":[{"keyid":"${signer.signer.keyId}","sig":"${env.signatures[0]!.sig}"}]}\n`,
    );
  });

  it('the key id is sha256 of the raw public key', async () => {
    const signer = await signerFromJwk(rfcJwk(RFC8032.seed, RFC8032.pub));
    if (!signer.ok) throw new Error(signer.message.en);
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', hex(RFC8032.pub)));
    expect(signer.signer.keyId).toBe(
      `sha256:${[...digest].map((b) => b.toString(16).padStart(2, '0')).join('')}`,
    );
  });
});

describe('base64', () => {
  it('round-trips every length, standard and URL-safe', () => {
    for (let n = 0; n < 40; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 151 + 7) & 255);
      expect(fromBase64(toBase64(bytes))).toEqual(bytes);
      expect(fromBase64(toBase64Url(bytes))).toEqual(bytes);
    }
  });

  it('is strict: no mixed alphabets, no stray bits, no bad padding or characters', () => {
    expect(fromBase64('aGVsbG8gd29ybGQ=')).toEqual(encode('hello world'));
    expect(fromBase64('-_-_Pj8=')).toEqual(Uint8Array.of(0xfb, 0xff, 0xbf, 0x3e, 0x3f));
    expect(fromBase64('aGVsbG8gd29ybGR=')).toBeNull(); // low bits of the last character set
    expect(fromBase64('+_8=')).toBeNull();
    expect(fromBase64('aGVsbG8=x')).toBeNull();
    expect(fromBase64('aGVsbG8')).toEqual(encode('hello'));
    expect(fromBase64('aGVsbG8==')).toBeNull();
    expect(fromBase64('a')).toBeNull();
    expect(fromBase64('aGVs bG8=')).toBeNull();
  });
});

describe('Ed25519: WebCrypto and @noble/ed25519 give the same verifiable signatures', () => {
  it('WebCrypto Ed25519 is detected on this Node', async () => {
    expect(await webCryptoHasEd25519()).toBe(true);
  });

  for (const backend of ['webcrypto', 'noble'] as const) {
    it(`${backend}: RFC 8032 TEST 1 and TEST 2 signatures, byte for byte`, async () => {
      const one = await signerFromJwk(rfcJwk(RFC8032.seed, RFC8032.pub), backend);
      const two = await signerFromJwk(rfcJwk(RFC8032.seed2, RFC8032.pub2), backend);
      if (!one.ok || !two.ok) throw new Error('RFC 8032 keys refused');
      expect(one.signer.backend).toBe(backend);
      expect(await one.signer.sign(new Uint8Array(0))).toEqual(hex(RFC8032.emptySig));
      expect(await two.signer.sign(hex(RFC8032.msg2))).toEqual(hex(RFC8032.sig2));
      expect(
        await verifyEd25519(hex(RFC8032.pub2), hex(RFC8032.msg2), hex(RFC8032.sig2), backend),
      ).toBe(true);
      expect(await verifyEd25519(hex(RFC8032.pub2), hex('73'), hex(RFC8032.sig2), backend)).toBe(
        false,
      );
    });

    it(`${backend}: a generated key signs what the other backend verifies`, async () => {
      const pair = await generateKeyPair(backend);
      const signer = await signerFromJwk(pair.privateKey, backend);
      if (!signer.ok) throw new Error(signer.message.en);
      const other = backend === 'noble' ? 'webcrypto' : 'noble';
      const sig = await signer.signer.sign(encode('erdl'));
      const raw = fromBase64(pair.publicKey.x)!;
      expect(await verifyDsseSignature('t', encode('x'), sig, raw, other)).toBe(false);
      expect(await verifyEd25519(raw, encode('erdl'), sig, other)).toBe(true);
      expect(await verifyEd25519(raw, encode('erdl'), sig, backend)).toBe(true);
    });
  }

  it('a private JWK whose "d" does not belong to "x" is refused', async () => {
    const mixed = { ...rfcJwk(RFC8032.seed, RFC8032.pub), x: toBase64Url(hex(RFC8032.pub2)) };
    const signer = await signerFromJwk(mixed);
    expect(signer.ok).toBe(false);
    if (!signer.ok) {
      expect(signer.message.en).toMatch(/does not match/);
      expect(signer.message.zh).toMatch(/不匹配/);
    }
  });
});
