/**
 * Where a streamed fact set stops being UTF-8. The readers check the bytes in one native pass
 * (TextDecoder with `fatal`, node:buffer isUtf8), which says only that they are not; the command
 * must name the byte (docs/security.md: a positioned refusal). These find it, on the failure path
 * only: the chunk that failed, with the bytes of a character the chunk before it began.
 */
import { decodeUtf8 } from '../kernel/document/utf8';

/** A fact set that is not UTF-8 from byte `byte` on (0-based, in the whole input). */
export class NotUtf8 extends Error {
  constructor(readonly byte: number) {
    super(`not valid UTF-8 at byte ${byte}`);
  }
}

/** The first byte of `bytes` that is not UTF-8 (an unfinished character at the end included). */
export function invalidAt(bytes: Uint8Array): number {
  const decoded = decodeUtf8(bytes);
  return decoded.ok ? bytes.length : decoded.byteOffset;
}

/** How many bytes at the end of `bytes` begin a character they do not finish (0–3). */
function unfinished(bytes: Uint8Array): number {
  for (let k = 1; k <= Math.min(3, bytes.length); k++) {
    const b = bytes[bytes.length - k] as number;
    if ((b & 0xc0) === 0x80) continue;
    const length = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return length > k ? k : 0;
  }
  return 0;
}

/** Follows a byte stream's offset, to name the byte where its decoding failed. */
export class Utf8Position {
  /** `offset`: where the stream it follows starts in the input. */
  constructor(private offset = 0) {}
  /** The last bytes seen (at most 3): where a character the next chunk finishes begins. */
  private tail: Uint8Array = new Uint8Array(0);

  /** `chunk` decoded (or was dropped) without error. */
  passed(chunk: Uint8Array): void {
    this.offset += chunk.length;
    if (chunk.length >= 3) {
      this.tail = chunk.slice(chunk.length - 3);
      return;
    }
    const joined = new Uint8Array(this.tail.length + chunk.length);
    joined.set(this.tail);
    joined.set(chunk, this.tail.length);
    this.tail = joined.slice(Math.max(0, joined.length - 3));
  }

  /** The failure in `chunk`, the next chunk after those passed. */
  failed(chunk: Uint8Array): NotUtf8 {
    const carry = this.tail.subarray(this.tail.length - unfinished(this.tail));
    const scan = new Uint8Array(carry.length + chunk.length);
    scan.set(carry);
    scan.set(chunk, carry.length);
    return new NotUtf8(this.offset - carry.length + invalidAt(scan));
  }

  /** The input ended inside a character. */
  ended(): NotUtf8 {
    return new NotUtf8(this.offset - unfinished(this.tail));
  }
}
