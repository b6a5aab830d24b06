/**
 * Strict UTF-8 decoding (WHATWG "fatal" semantics) without TextDecoder, so the kernel needs no
 * host API. Returns the text, or the byte offset of the first invalid sequence.
 */
export type Utf8Result =
  | { ok: true; text: string }
  | { ok: false; byteOffset: number; textBefore: string };

export function decodeUtf8(bytes: Uint8Array): Utf8Result {
  const parts: string[] = [];
  let chunk: number[] = [];
  let i = 0;
  const n = bytes.length;
  const flush = () => {
    parts.push(String.fromCharCode(...chunk));
    chunk = [];
  };
  const fail = (at: number): Utf8Result => {
    flush();
    return { ok: false, byteOffset: at, textBefore: parts.join('') };
  };
  while (i < n) {
    const b0 = bytes[i] as number;
    let cp: number;
    let len: number;
    if (b0 < 0x80) {
      cp = b0;
      len = 1;
    } else if (b0 >= 0xc2 && b0 <= 0xdf) {
      len = 2;
      cp = b0 & 0x1f;
    } else if (b0 >= 0xe0 && b0 <= 0xef) {
      len = 3;
      cp = b0 & 0x0f;
    } else if (b0 >= 0xf0 && b0 <= 0xf4) {
      len = 4;
      cp = b0 & 0x07;
    } else {
      return fail(i);
    }
    if (i + len > n) return fail(i);
    for (let k = 1; k < len; k++) {
      const b = bytes[i + k] as number;
      if ((b & 0xc0) !== 0x80) return fail(i);
      cp = (cp << 6) | (b & 0x3f);
    }
    // Overlong forms, surrogates and code points above U+10FFFF are invalid.
    if (
      (len === 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) ||
      (len === 4 && (cp < 0x10000 || cp > 0x10ffff))
    ) {
      return fail(i);
    }
    if (cp > 0xffff) {
      const v = cp - 0x10000;
      chunk.push(0xd800 + (v >> 10), 0xdc00 + (v & 0x3ff));
    } else {
      chunk.push(cp);
    }
    if (chunk.length >= 8192) flush();
    i += len;
  }
  flush();
  return { ok: true, text: parts.join('') };
}
