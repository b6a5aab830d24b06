import { bilingual } from '../../i18n/format';
import type { Bilingual, PublicKeyJwk } from '../../kernel';
import { keyNameProblem, readPublicJwk } from '../../signing';
import { signingMessageStrings } from './strings';

export interface ReadTrustedKey {
  readonly keyId: string;
  readonly publicKey: PublicKeyJwk;
  /** A starting name for the list: the file name without its key extensions. */
  readonly name: string;
}

export type TrustFileRead =
  | { readonly ok: true; readonly keys: readonly ReadTrustedKey[] }
  | { readonly ok: false; readonly message: Bilingual };

/** `alice.pub.jwk` → `alice`; `keys.json` → `keys`. */
export function keyNameFromFile(fileName: string): string {
  const base = fileName.replace(/^.*[\\/]/, '');
  return base.replace(/(\.pub)?\.(jwk|json)$/i, '').trim() || base;
}

/**
 * The public keys of a trust file, as `erdl verify --trust` reads them: one JWK, a JSON array of
 * JWKs or a JWK Set (`{"keys": [...]}`). A private JWK is accepted, but only its public part is
 * kept. Every key must be an Ed25519 public key; the first bad one refuses the whole file.
 */
export function readTrustFile(fileName: string, text: string): TrustFileRead {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const detail = e instanceof Error ? e.message : String(e);
    return {
      ok: false,
      message: bilingual(signingMessageStrings, (t) => t.notJson, { file: fileName, detail }),
    };
  }
  const set = value as { keys?: unknown } | null;
  const list: unknown[] = Array.isArray(value)
    ? value
    : set && typeof set === 'object' && Array.isArray(set.keys)
      ? set.keys
      : [value];
  if (list.length === 0)
    return {
      ok: false,
      message: bilingual(signingMessageStrings, (t) => t.noKeys, { file: fileName }),
    };
  const name = keyNameFromFile(fileName);
  const keys: ReadTrustedKey[] = [];
  const seen = new Set<string>();
  for (const [i, item] of list.entries()) {
    const key = readPublicJwk(item);
    if (!key.ok) {
      const say = (lang: 'en' | 'zh') =>
        bilingual(signingMessageStrings, (t) => (list.length > 1 ? t.badKeyAt : t.badKey), {
          file: fileName,
          index: i + 1,
          reason: key.message[lang],
        })[lang];
      return { ok: false, message: { en: say('en'), zh: say('zh') } };
    }
    // A key listed twice is one key: kept once, under its first name.
    if (seen.has(key.keyId)) continue;
    seen.add(key.keyId);
    keys.push({
      keyId: key.keyId,
      publicKey: key.key,
      // The key's own display name (JWK "name", issue #19) when it has one, else the file's name.
      name: key.name ?? (list.length > 1 ? `${name} ${i + 1}` : name),
    });
  }
  return { ok: true, keys };
}

/** A trusted key as the list exports it. */
export interface ExportedTrustedKey {
  readonly keyId: string;
  readonly publicKey: PublicKeyJwk;
  readonly name: string;
}

/**
 * The trusted-key list as a JWK Set file (issue #37 point 7): `{"keys": [...]}`, each the public
 * JWK with its `kid` (key id) and `name` — what readTrustFile, another browser's import and
 * `erdl verify --trust` read back. A name a JWK cannot carry (keyNameProblem) is left out, so the
 * file always imports (the key then takes the file's name).
 */
export function trustListText(keys: readonly ExportedTrustedKey[]): string {
  const jwks = {
    keys: keys.map((k) => ({
      kty: 'OKP',
      crv: 'Ed25519',
      x: k.publicKey.x,
      kid: k.keyId,
      ...(keyNameProblem(k.name) === null ? { name: k.name } : {}),
    })),
  };
  return `${JSON.stringify(jwks, null, 2)}\n`;
}
