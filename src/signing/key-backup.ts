import { fill } from '../i18n/format';
import { type Bilingual, canonicalJson } from '../kernel';
import { short } from '../kernel/manifest/shape';
import { grouped } from '../kernel/util/sizes';
import { fromBase64, toBase64, toBase64Url } from './base64';
import { verifyEd25519 } from './ed25519';
import { jwkBytes, keyIdOf, keyNameProblem, type PrivateKeyJwk, type PublicKeyJwk } from './jwk';
import { KEY_BACKUP_STRINGS as msg } from './strings/key-backup';

/**
 * Passphrase-encrypted backups of a private signing key (issue #19; docs/signed-files.md
 * "Key names and backups"). WebCrypto only: PBKDF2-SHA-256 (600,000 iterations, 16-byte random
 * salt) derives an AES-256-GCM key that wraps the private key as a JWK (`wrapKey('jwk', …)`,
 * 12-byte random IV). The backup's public part (key id, public key, name) is the AES-GCM
 * additional data, so it cannot be swapped without the restore failing. A wrong passphrase fails
 * the AES-GCM tag check: a clear error, never a wrong key.
 */
export const BACKUP_FORMAT = 'erdl-key-backup/1';
export const BACKUP_ITERATIONS = 600_000;
/** The most iterations a backup may ask for when restored (100 × the default: a minute or so). */
export const MAX_BACKUP_ITERATIONS = 100 * BACKUP_ITERATIONS;

export const PASSPHRASE_MIN = 10;

export interface KeyBackup {
  readonly format: typeof BACKUP_FORMAT;
  readonly kdf: {
    readonly name: 'PBKDF2';
    readonly hash: 'SHA-256';
    readonly iterations: number;
    readonly salt: string;
  };
  readonly cipher: { readonly name: 'AES-GCM'; readonly iv: string };
  readonly public_key: PublicKeyJwk & { readonly kid: string; readonly name?: string };
  readonly wrapped: string;
}

export type BackupResult =
  | { readonly ok: true; readonly backup: KeyBackup; readonly text: string }
  | { readonly ok: false; readonly message: Bilingual };

export type RestoreResult<K> =
  | {
      readonly ok: true;
      readonly privateKey: K;
      readonly publicKey: PublicKeyJwk;
      readonly keyId: string;
      readonly name?: string;
    }
  | { readonly ok: false; readonly message: Bilingual };

const ED25519 = { name: 'Ed25519' } as const;

/** Why a passphrase is refused for a new backup, or null. */
export function passphraseProblem(passphrase: string): Bilingual | null {
  if ([...passphrase].length < PASSPHRASE_MIN)
    return fill(msg.passphraseMustHaveLeast, { PASSPHRASE_MIN });
  return null;
}

function bytes(b: Uint8Array): Uint8Array<ArrayBuffer> {
  return new Uint8Array(b);
}

async function wrappingKey(
  passphrase: string,
  salt: Uint8Array,
  iterations: number,
  usage: 'wrapKey' | 'unwrapKey' | 'decrypt',
): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey(
    'raw',
    bytes(new TextEncoder().encode(passphrase.normalize('NFC'))),
    'PBKDF2',
    false,
    ['deriveKey'],
  );
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt: bytes(salt), iterations },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    [usage],
  );
}

function publicPart(publicKey: PublicKeyJwk, name?: string): KeyBackup['public_key'] {
  const raw = jwkBytes(publicKey.x);
  if (!raw) throw new Error('invalid public key');
  return {
    kty: 'OKP',
    crv: 'Ed25519',
    x: publicKey.x,
    kid: keyIdOf(raw),
    ...(name !== undefined ? { name } : {}),
  };
}

const aad = (pub: KeyBackup['public_key']) => bytes(new TextEncoder().encode(canonicalJson(pub)));

/**
 * Backs up an extractable Ed25519 private `CryptoKey` (the studio creates one only when the user
 * asks for a backup) or a private JWK (the CLI's key file).
 */
export async function backupKey(
  key: CryptoKey | PrivateKeyJwk,
  publicKey: PublicKeyJwk,
  passphrase: string,
  name?: string,
): Promise<BackupResult> {
  const weak = passphraseProblem(passphrase);
  if (weak) return { ok: false, message: weak };
  const pub = publicPart(publicKey, name);
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const wrapper = await wrappingKey(passphrase, salt, BACKUP_ITERATIONS, 'wrapKey');
  const cryptoKey =
    'd' in key
      ? await crypto.subtle.importKey(
          'jwk',
          { kty: 'OKP', crv: 'Ed25519', x: key.x, d: key.d },
          ED25519,
          true,
          ['sign'],
        )
      : key;
  const wrapped = await crypto.subtle.wrapKey('jwk', cryptoKey, wrapper, {
    name: 'AES-GCM',
    iv,
    additionalData: aad(pub),
  });
  const backup: KeyBackup = {
    format: BACKUP_FORMAT,
    kdf: { name: 'PBKDF2', hash: 'SHA-256', iterations: BACKUP_ITERATIONS, salt: toBase64(salt) },
    cipher: { name: 'AES-GCM', iv: toBase64(iv) },
    public_key: pub,
    wrapped: toBase64(new Uint8Array(wrapped)),
  };
  return { ok: true, backup, text: `${JSON.stringify(backup, null, 2)}\n` };
}

function fail(why: Bilingual): { ok: false; message: Bilingual } {
  return { ok: false, message: fill(msg.keyBackup, { why }) };
}

const WRONG_PASSPHRASE = fail(msg.wrongPassphrase);

const MISMATCH = fail(msg.keyMismatch);

/** The accepted range of PBKDF2 iterations, for a message. */
const RANGE = { min: grouped(BACKUP_ITERATIONS), max: grouped(MAX_BACKUP_ITERATIONS) };

interface ReadBackup {
  readonly pub: KeyBackup['public_key'];
  readonly raw: Uint8Array;
  readonly salt: Uint8Array;
  readonly iv: Uint8Array;
  readonly iterations: number;
  readonly wrapped: Uint8Array;
}

function readBackup(
  value: unknown,
): { ok: true; read: ReadBackup } | { ok: false; message: Bilingual } {
  const v = value as Partial<Record<keyof KeyBackup, unknown>> | null;
  if (typeof v !== 'object' || v === null || v.format !== BACKUP_FORMAT)
    return fail(fill(msg.notBackup, { format: BACKUP_FORMAT }));
  const kdf = v.kdf as Record<string, unknown> | undefined;
  const cipher = v.cipher as Record<string, unknown> | undefined;
  const pub = v.public_key as Record<string, unknown> | undefined;
  const salt = typeof kdf?.salt === 'string' ? fromBase64(kdf.salt) : null;
  const iv = typeof cipher?.iv === 'string' ? fromBase64(cipher.iv) : null;
  const wrapped = typeof v.wrapped === 'string' ? fromBase64(v.wrapped) : null;
  const iterations = kdf?.iterations;
  if (
    kdf?.name === 'PBKDF2' &&
    kdf.hash === 'SHA-256' &&
    (typeof iterations !== 'number' ||
      !Number.isSafeInteger(iterations) ||
      iterations < BACKUP_ITERATIONS ||
      iterations > MAX_BACKUP_ITERATIONS)
  ) {
    const found = typeof iterations === 'number' ? grouped(iterations) : short(iterations);
    return fail(fill(msg.iterationsOutOfRange, { found, ...RANGE }));
  }
  if (
    kdf?.name !== 'PBKDF2' ||
    kdf.hash !== 'SHA-256' ||
    typeof iterations !== 'number' ||
    !salt ||
    salt.length < 16 ||
    cipher?.name !== 'AES-GCM' ||
    !iv ||
    iv.length !== 12 ||
    !wrapped
  )
    return fail(fill(msg.badParameters, RANGE));
  const raw = jwkBytes(pub?.x);
  if (pub?.kty !== 'OKP' || pub.crv !== 'Ed25519' || !raw || pub.kid !== keyIdOf(raw))
    return fail(msg.badPublicKey);
  if (pub.name !== undefined && keyNameProblem(pub.name)) return fail(msg.badKeyName);
  return {
    ok: true,
    read: {
      pub: pub as unknown as KeyBackup['public_key'],
      raw,
      salt,
      iv,
      iterations,
      wrapped,
    },
  };
}

function restored<K>(r: ReadBackup, privateKey: K): RestoreResult<K> {
  return {
    ok: true,
    privateKey,
    publicKey: { kty: 'OKP', crv: 'Ed25519', x: r.pub.x },
    keyId: r.pub.kid,
    ...(r.pub.name !== undefined ? { name: r.pub.name } : {}),
  };
}

/** Restores a backup as a private JWK (the CLI writes it to a file). Never throws. */
export async function restoreKeyJwk(
  value: unknown,
  passphrase: string,
): Promise<RestoreResult<PrivateKeyJwk>> {
  const read = readBackup(value);
  if (!read.ok) return read;
  const r = read.read;
  let plain: Uint8Array;
  try {
    const key = await wrappingKey(passphrase, r.salt, r.iterations, 'decrypt');
    plain = new Uint8Array(
      await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: bytes(r.iv), additionalData: aad(r.pub) },
        key,
        bytes(r.wrapped),
      ),
    );
  } catch {
    return WRONG_PASSPHRASE;
  }
  let jwk: Record<string, unknown>;
  try {
    jwk = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plain));
  } catch {
    return fail(msg.decryptedNotJwk);
  }
  if (jwk.x !== r.pub.x || !jwkBytes(jwk.d)) return MISMATCH;
  return restored(r, { kty: 'OKP', crv: 'Ed25519', x: r.pub.x, d: jwk.d as string });
}

/**
 * Restores a backup as a NON-extractable private `CryptoKey` (the studio keeps it in IndexedDB).
 * Never throws.
 */
export async function restoreKeyNonExtractable(
  value: unknown,
  passphrase: string,
): Promise<RestoreResult<CryptoKey>> {
  const read = readBackup(value);
  if (!read.ok) return read;
  const r = read.read;
  try {
    const key = await wrappingKey(passphrase, r.salt, r.iterations, 'unwrapKey');
    const privateKey = await crypto.subtle.unwrapKey(
      'jwk',
      bytes(r.wrapped),
      key,
      { name: 'AES-GCM', iv: bytes(r.iv), additionalData: aad(r.pub) },
      ED25519,
      false,
      ['sign'],
    );
    // The unwrapped key must be the private half of the public key the backup names.
    const probe = new TextEncoder().encode(`erdl key backup ${r.pub.kid}`);
    const sig = new Uint8Array(await crypto.subtle.sign(ED25519, privateKey, bytes(probe)));
    if (!(await verifyEd25519(r.raw, probe, sig, 'noble'))) return MISMATCH;
    return restored(r, privateKey);
  } catch {
    return WRONG_PASSPHRASE;
  }
}

/** Reads a backup file's text: the parsed JSON, or why it is not one (bilingual). Never throws. */
export function parseBackupText(
  text: string,
):
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly message: Bilingual } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    // The engine's own wording is English only: keep just where it stopped, in both languages.
    const at = /position (\d+)/.exec(e instanceof Error ? e.message : '')?.[1];
    return at === undefined
      ? fail(msg.damagedNotJson)
      : fail(fill(msg.damagedBreaksOff, { n: Number(at) + 1 }));
  }
}

export type KeyWithBackup =
  | {
      readonly ok: true;
      /** Non-extractable: restored from `text` itself, so the backup is proven to restore. */
      readonly privateKey: CryptoKey;
      readonly publicKey: PublicKeyJwk;
      readonly keyId: string;
      /** The backup file's text (the format `erdl key restore` reads). */
      readonly text: string;
    }
  | { readonly ok: false; readonly message: Bilingual };

/**
 * A new key pair with its passphrase-encrypted backup (the studio's "back up at creation"). The
 * pair is generated extractable only for the wrap; the key returned is the backup restored as a
 * NON-extractable key, so what gets stored can never be exported, and a backup that would not
 * restore with this passphrase is never handed out. Null when WebCrypto has no Ed25519.
 */
export async function generateKeyWithBackup(
  passphrase: string,
  name?: string,
): Promise<KeyWithBackup | null> {
  const weak = passphraseProblem(passphrase);
  if (weak) return { ok: false, message: weak };
  let pair: CryptoKeyPair;
  try {
    pair = (await crypto.subtle.generateKey(ED25519, true, ['sign', 'verify'])) as CryptoKeyPair;
  } catch {
    return null;
  }
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  const publicKey: PublicKeyJwk = { kty: 'OKP', crv: 'Ed25519', x: toBase64Url(raw) };
  const backup = await backupKey(pair.privateKey, publicKey, passphrase, name);
  if (!backup.ok) return backup;
  const restored = await restoreKeyNonExtractable(backup.backup, passphrase);
  if (!restored.ok) return restored;
  return {
    ok: true,
    privateKey: restored.privateKey,
    publicKey: restored.publicKey,
    keyId: restored.keyId,
    text: backup.text,
  };
}
