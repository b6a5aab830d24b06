/**
 * Base64 (RFC 4648) without host helpers (no atob/Buffer), the same in the browser and Node.
 * Decoding is strict: one alphabet per text (standard `+/` or URL-safe `-_`, as DSSE requires a
 * verifier to accept either), padding optional but correct when present, and the unused low bits
 * of the last character zero — so exactly one text decodes to given bytes in each alphabet form.
 */
const STANDARD = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const URL_SAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function encodeWith(bytes: Uint8Array, alphabet: string, pad: boolean): string {
  const c = (n: number) => alphabet.charAt(n & 63);
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n =
      ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8) | (bytes[i + 2] as number);
    out += c(n >> 18) + c(n >> 12) + c(n >> 6) + c(n);
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = (bytes[i] as number) << 16;
    out += c(n >> 18) + c(n >> 12) + (pad ? '==' : '');
  } else if (rest === 2) {
    const n = ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8);
    out += c(n >> 18) + c(n >> 12) + c(n >> 6) + (pad ? '=' : '');
  }
  return out;
}

/** Standard alphabet with padding (what ERDL writes into DSSE envelopes). */
export function toBase64(bytes: Uint8Array): string {
  return encodeWith(bytes, STANDARD, true);
}

/** URL-safe alphabet without padding (JWK members, RFC 7515 §2). */
export function toBase64Url(bytes: Uint8Array): string {
  return encodeWith(bytes, URL_SAFE, false);
}

const VALUES = new Map<string, number>();
for (let i = 0; i < 64; i++) {
  VALUES.set(STANDARD[i] as string, i);
  VALUES.set(URL_SAFE[i] as string, i);
}

/** Decodes standard or URL-safe base64 strictly; null when the text is not exactly that. */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> | null {
  const body = text.replace(/={1,2}$/, '');
  const padded = body.length !== text.length;
  if (padded && text.length % 4 !== 0) return null;
  if (body.length % 4 === 1) return null;
  const standard = /[+/]/.test(body);
  const urlSafe = /[-_]/.test(body);
  if (standard && urlSafe) return null;
  const out = new Uint8Array(Math.floor((body.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let o = 0;
  for (const ch of body) {
    const v = VALUES.get(ch);
    if (v === undefined) return null;
    value = (value << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (value >> bits) & 255;
    }
  }
  // Leftover bits must be zero, or two texts would decode to the same bytes.
  if ((value & ((1 << bits) - 1)) !== 0) return null;
  return out;
}
