import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { fill } from '../i18n/format';
import type { Bilingual, PublicKeyJwk } from '../kernel';
import { zhJson } from '../kernel/util/quote';
import { fromBase64, toBase64Url } from './base64';
import { JWK_STRINGS as msg } from './strings/jwk';

export type { PublicKeyJwk };

/** An Ed25519 private key as a JWK (RFC 8037): `d` is the 32-byte seed, `x` the public key. */
export interface PrivateKeyJwk extends PublicKeyJwk {
  readonly d: string;
}

/** A key as ERDL writes it: the JWK members plus `kid`, the key id (informational). */
export type KeyFile<K extends PublicKeyJwk> = K & { readonly kid: string };

export type KeyRead<K> =
  | {
      readonly ok: true;
      readonly key: K;
      readonly raw: Uint8Array;
      readonly keyId: string;
      /** The display name the key was created with (the JWK member `name`), when it has one. */
      readonly name?: string;
    }
  | { readonly ok: false; readonly message: Bilingual };

/** `sha256:` + hex SHA-256 of the raw 32-byte public key. */
export function keyIdOf(rawPublicKey: Uint8Array): string {
  return `sha256:${bytesToHex(sha256(rawPublicKey))}`;
}

/** The raw 32 bytes of a base64url JWK member, or null when it is not exactly that. */
export function jwkBytes(member: unknown): Uint8Array | null {
  if (typeof member !== 'string') return null;
  const bytes = fromBase64(member);
  // Only the canonical unpadded URL-safe spelling (RFC 7518 §2), so one key has one text.
  return bytes && bytes.length === 32 && toBase64Url(bytes) === member ? bytes : null;
}

function fail(message: Bilingual): { ok: false; message: Bilingual } {
  return { ok: false, message };
}

/** A JWK member's value for a message: JSON in English, quoted “…” (a string) in Chinese. */
const json = (value: unknown): Bilingual => ({
  en: String(JSON.stringify(value)),
  zh: zhJson(value),
});

/** Reads an Ed25519 public JWK (a private JWK is accepted too: its public part is used). */
export function readPublicJwk(value: unknown): KeyRead<PublicKeyJwk> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return fail(msg.notObject);
  const jwk = value as Record<string, unknown>;
  if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519')
    return fail(fill(msg.notEd25519, { kty: json(jwk.kty), crv: json(jwk.crv) }, { seams: true }));
  const raw = jwkBytes(jwk.x);
  if (!raw) return fail(msg.badX);
  const keyId = keyIdOf(raw);
  if (jwk.kid !== undefined && jwk.kid !== keyId)
    return fail(fill(msg.kidNotKeyId, { kid: json(jwk.kid), keyId }, { seams: true }));
  const name = readKeyName(jwk.name);
  if (!name.ok) return name;
  return {
    ok: true,
    key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x as string },
    raw,
    keyId,
    ...(name.name !== undefined ? { name: name.name } : {}),
  };
}

/** The longest display name a key may carry (characters). */
export const KEY_NAME_MAX = 120;

/**
 * A key's display name (a person or an organisation): the JWK member `name`. It is not part of the
 * key id (which hashes the raw public key only). Trimmed, NFC, 1…120 characters, no control
 * characters; absent is allowed (older keys).
 */
export function readKeyName(
  value: unknown,
): { ok: true; name: string | undefined } | { ok: false; message: Bilingual } {
  if (value === undefined) return { ok: true, name: undefined };
  const problem = keyNameProblem(value);
  if (problem) return { ok: false, message: problem };
  return { ok: true, name: (value as string).normalize('NFC') };
}

/** Why `value` is not a valid key name, or null when it is. */
export function keyNameProblem(value: unknown): Bilingual | null {
  if (typeof value !== 'string') return msg.keyNameMustString;
  if (value.trim() !== value || value.length === 0) return msg.keyNameMustNot;
  if ([...value].length > KEY_NAME_MAX) return fill(msg.keyNameLongerThan, { KEY_NAME_MAX });
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters
  if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u.test(value)) return msg.keyNameControlCharacters;
  return null;
}

/** Reads an Ed25519 private JWK: `d` present and 32 bytes (that `d` matches `x` is checked on use). */
export function readPrivateJwk(value: unknown): KeyRead<PrivateKeyJwk> {
  const pub = readPublicJwk(value);
  if (!pub.ok) return pub;
  const d = (value as Record<string, unknown>).d;
  if (d === undefined) return fail(msg.publicNotPrivate);
  if (!jwkBytes(d)) return fail(msg.badD);
  return { ...pub, key: { ...pub.key, d: d as string } };
}

/**
 * The JWK file text ERDL writes: pretty JSON with the key id as `kid`, and the display name as
 * `name` when given (a key without a name is written exactly as before).
 */
export function keyFileText(key: PublicKeyJwk | PrivateKeyJwk, name?: string): string {
  const raw = jwkBytes(key.x);
  if (!raw) throw new Error('invalid public key');
  const { kty, crv, x } = key;
  const named = name !== undefined ? { name } : {};
  const out =
    'd' in key
      ? { kty, crv, x, d: key.d, kid: keyIdOf(raw), ...named }
      : { kty, crv, x, kid: keyIdOf(raw), ...named };
  return `${JSON.stringify(out, null, 2)}\n`;
}
