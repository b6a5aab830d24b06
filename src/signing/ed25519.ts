import * as noble from '@noble/ed25519';
import { sha512 } from '@noble/hashes/sha2.js';
import type { Bilingual } from '../kernel';
import { toBase64Url } from './base64';
import { jwkBytes, keyIdOf, type PrivateKeyJwk, type PublicKeyJwk } from './jwk';
import { ED25519_STRINGS as msg } from './strings/ed25519';

// The noble fallback must not depend on crypto.subtle either (that is why it is the fallback).
noble.hashes.sha512 = sha512;

/** Which Ed25519 implementation runs: the platform's WebCrypto or @noble/ed25519 (pure JS). */
export type Ed25519Backend = 'webcrypto' | 'noble';

const ED25519 = { name: 'Ed25519' } as const;

// RFC 8032 §7.1 TEST 1: a known key and signature to prove WebCrypto really verifies Ed25519.
const PROBE_PUBLIC = hex('d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a');
const PROBE_SIGNATURE = hex(
  'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b',
);

function hex(text: string): Uint8Array {
  return Uint8Array.from(text.match(/../g) ?? [], (b) => Number.parseInt(b, 16));
}

/** Copies into a fresh ArrayBuffer-backed array (WebCrypto wants BufferSource, not a view of shared memory). */
function buffer(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return new Uint8Array(bytes);
}

let detected: Promise<boolean> | null = null;

/**
 * Whether this platform's WebCrypto signs and verifies Ed25519 (Chromium 137+, Node 20): imports
 * the RFC 8032 test key and verifies its test signature. Cached; never throws.
 */
export function webCryptoHasEd25519(): Promise<boolean> {
  detected ??= (async () => {
    try {
      const subtle = globalThis.crypto?.subtle;
      if (!subtle) return false;
      const key = await subtle.importKey('raw', buffer(PROBE_PUBLIC), ED25519, false, ['verify']);
      return await subtle.verify(ED25519, key, buffer(PROBE_SIGNATURE), new Uint8Array(0));
    } catch {
      return false;
    }
  })();
  return detected;
}

/** The backend to use: the one asked for, else WebCrypto when it works, else noble. */
export async function chooseBackend(preferred?: Ed25519Backend): Promise<Ed25519Backend> {
  if (preferred) return preferred;
  return (await webCryptoHasEd25519()) ? 'webcrypto' : 'noble';
}

/** Something that signs with one Ed25519 key: a JWK (CLI) or a non-extractable CryptoKey (studio). */
export interface Signer {
  readonly keyId: string;
  readonly publicKey: PublicKeyJwk;
  readonly backend: Ed25519Backend;
  sign(message: Uint8Array): Promise<Uint8Array>;
}

export type SignerResult =
  | { readonly ok: true; readonly signer: Signer }
  | { readonly ok: false; readonly message: Bilingual };

/**
 * A signer over a private JWK. Checks that `d` really belongs to `x` (a JWK whose halves do not
 * match would sign with one key and name another).
 */
export async function signerFromJwk(
  jwk: PrivateKeyJwk,
  preferred?: Ed25519Backend,
): Promise<SignerResult> {
  const seed = jwkBytes(jwk.d);
  const raw = jwkBytes(jwk.x);
  if (!seed || !raw)
    return {
      ok: false,
      message: msg.privateJwkMalformed,
    };
  if (toBase64Url(noble.getPublicKey(seed)) !== jwk.x)
    return {
      ok: false,
      message: msg.privateJwkDoesNot,
    };
  const backend = await chooseBackend(preferred);
  const publicKey: PublicKeyJwk = { kty: 'OKP', crv: 'Ed25519', x: jwk.x };
  if (backend === 'noble')
    return {
      ok: true,
      signer: {
        keyId: keyIdOf(raw),
        publicKey,
        backend,
        sign: async (message) => noble.sign(message, seed),
      },
    };
  const key = await crypto.subtle.importKey(
    'jwk',
    { kty: 'OKP', crv: 'Ed25519', x: jwk.x, d: jwk.d },
    ED25519,
    false,
    ['sign'],
  );
  return { ok: true, signer: signerFromCryptoKey(key, publicKey) };
}

/** A signer over a WebCrypto private key (may be non-extractable, e.g. from IndexedDB). */
export function signerFromCryptoKey(privateKey: CryptoKey, publicKey: PublicKeyJwk): Signer {
  const raw = jwkBytes(publicKey.x);
  if (!raw) throw new Error('invalid public key');
  return {
    keyId: keyIdOf(raw),
    publicKey: { kty: 'OKP', crv: 'Ed25519', x: publicKey.x },
    backend: 'webcrypto',
    sign: async (message) =>
      new Uint8Array(await crypto.subtle.sign(ED25519, privateKey, buffer(message))),
  };
}

/** Verifies an Ed25519 signature over `message` with a raw 32-byte public key. Never throws. */
export async function verifyEd25519(
  rawPublicKey: Uint8Array,
  message: Uint8Array,
  signature: Uint8Array,
  preferred?: Ed25519Backend,
): Promise<boolean> {
  if (rawPublicKey.length !== 32 || signature.length !== 64) return false;
  try {
    if ((await chooseBackend(preferred)) === 'noble')
      // RFC 8032 strict checks (no ZIP 215 leniency), as WebCrypto does.
      return noble.verify(signature, message, rawPublicKey, { zip215: false });
    const key = await crypto.subtle.importKey('raw', buffer(rawPublicKey), ED25519, false, [
      'verify',
    ]);
    return await crypto.subtle.verify(ED25519, key, buffer(signature), buffer(message));
  } catch {
    return false;
  }
}

export interface GeneratedKeyPair {
  readonly privateKey: PrivateKeyJwk;
  readonly publicKey: PublicKeyJwk;
  readonly keyId: string;
}

/** A new key pair as JWKs (for `erdl keygen`: the private key is written to a file). */
export async function generateKeyPair(preferred?: Ed25519Backend): Promise<GeneratedKeyPair> {
  let seed: Uint8Array;
  let pub: Uint8Array;
  if ((await chooseBackend(preferred)) === 'webcrypto') {
    const pair = (await crypto.subtle.generateKey(ED25519, true, [
      'sign',
      'verify',
    ])) as CryptoKeyPair;
    const jwk = await crypto.subtle.exportKey('jwk', pair.privateKey);
    seed = jwkBytes(jwk.d) ?? new Uint8Array(0);
    pub = jwkBytes(jwk.x) ?? new Uint8Array(0);
    if (seed.length !== 32 || pub.length !== 32) throw new Error('WebCrypto exported a bad key');
  } else {
    seed = noble.utils.randomSecretKey();
    pub = noble.getPublicKey(seed);
  }
  const x = toBase64Url(pub);
  return {
    privateKey: { kty: 'OKP', crv: 'Ed25519', x, d: toBase64Url(seed) },
    publicKey: { kty: 'OKP', crv: 'Ed25519', x },
    keyId: keyIdOf(pub),
  };
}

/**
 * A new key pair for the studio: the private key stays a non-extractable CryptoKey (to be kept in
 * IndexedDB); only the public JWK leaves. Null when WebCrypto has no Ed25519.
 */
export async function generateNonExtractableKeyPair(): Promise<{
  readonly privateKey: CryptoKey;
  readonly publicKey: PublicKeyJwk;
  readonly keyId: string;
} | null> {
  if (!(await webCryptoHasEd25519())) return null;
  const pair = (await crypto.subtle.generateKey(ED25519, false, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const pub = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  return {
    privateKey: pair.privateKey,
    publicKey: { kty: 'OKP', crv: 'Ed25519', x: toBase64Url(pub) },
    keyId: keyIdOf(pub),
  };
}
