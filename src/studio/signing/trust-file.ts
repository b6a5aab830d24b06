import type { Bilingual, PublicKeyJwk } from '../../kernel';
import { readPublicJwk } from '../../signing';

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
      message: {
        en: `${fileName}: not JSON (${detail})`,
        zh: `${fileName}：不是 JSON（${detail}）`,
      },
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
      message: { en: `${fileName}: holds no keys`, zh: `${fileName}：不含任何密钥` },
    };
  const name = keyNameFromFile(fileName);
  const keys: ReadTrustedKey[] = [];
  for (const [i, item] of list.entries()) {
    const key = readPublicJwk(item);
    if (!key.ok) {
      const where = list.length > 1 ? { en: ` key ${i + 1}:`, zh: `第 ${i + 1} 个密钥：` } : null;
      return {
        ok: false,
        message: {
          en: `${fileName}:${where?.en ?? ''} ${key.message.en}`,
          zh: `${fileName}：${where?.zh ?? ''}${key.message.zh}`,
        },
      };
    }
    keys.push({
      keyId: key.keyId,
      publicKey: key.key,
      // The key's own display name (JWK "name", issue #19) when it has one, else the file's name.
      name: key.name ?? (list.length > 1 ? `${name} ${i + 1}` : name),
    });
  }
  return { ok: true, keys };
}
