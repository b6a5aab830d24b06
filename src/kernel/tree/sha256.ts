/**
 * SHA-256 (FIPS 180-4) for the kernel's hashes, pure JavaScript: the words of each block read
 * straight from the input bytes into an Int32Array schedule, the state in eight locals, no view,
 * no per-update allocation or zeroing (nothing here is secret: trees, documents and results). About
 * 2–3× @noble/hashes' sha256 on a compile's bytes; the same digests (tests/fuzz/hash.property.test.ts
 * compares them with @noble/hashes on arbitrary inputs split at arbitrary points).
 */
const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const IV = [
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
];
/** The message schedule, shared (no hash is re-entered). */
const W = new Int32Array(64);

/** A SHA-256 state: `reset`, any number of `update`s, then `digestInto` (which ends it). */
export class Sha256State {
  private readonly h = new Int32Array(8);
  /** Bytes of a partial block. */
  private readonly block = new Uint8Array(64);
  private pos = 0;
  /** Bytes hashed so far (a double: exact far beyond any input a compile sees). */
  private length = 0;

  constructor() {
    this.reset();
  }

  reset(): this {
    this.h.set(IV);
    this.pos = 0;
    this.length = 0;
    return this;
  }

  /** Hashes `data[start, end)`. */
  update(data: Uint8Array, start = 0, end = data.length): this {
    let i = start;
    this.length += end - start;
    if (this.pos > 0) {
      const take = Math.min(64 - this.pos, end - i);
      for (let k = 0; k < take; k++) this.block[this.pos + k] = data[i + k] as number;
      this.pos += take;
      i += take;
      if (this.pos < 64) return this;
      compress(this.h, this.block, 0);
      this.pos = 0;
    }
    for (; i + 64 <= end; i += 64) compress(this.h, data, i);
    const rest = end - i;
    for (let k = 0; k < rest; k++) this.block[k] = data[i + k] as number;
    this.pos = rest;
    return this;
  }

  /** Writes the 32-byte digest into `out`; the state must be `reset` before it is used again. */
  digestInto(out: Uint8Array): void {
    const block = this.block;
    let pos = this.pos;
    block[pos++] = 0x80;
    if (pos > 56) {
      block.fill(0, pos);
      compress(this.h, block, 0);
      pos = 0;
    }
    block.fill(0, pos, 56);
    const bits = this.length * 8;
    const high = Math.floor(bits / 0x100000000);
    const low = bits >>> 0;
    block[56] = high >>> 24;
    block[57] = high >>> 16;
    block[58] = high >>> 8;
    block[59] = high;
    block[60] = low >>> 24;
    block[61] = low >>> 16;
    block[62] = low >>> 8;
    block[63] = low;
    compress(this.h, block, 0);
    const h = this.h;
    for (let k = 0; k < 8; k++) {
      const v = h[k] as number;
      out[4 * k] = v >>> 24;
      out[4 * k + 1] = v >>> 16;
      out[4 * k + 2] = v >>> 8;
      out[4 * k + 3] = v;
    }
  }
}

/** One 64-byte block of `bytes` at `at` into the state `h`. */
function compress(h: Int32Array, bytes: Uint8Array, at: number): void {
  const w = W;
  for (let t = 0; t < 16; t++, at += 4)
    w[t] =
      ((bytes[at] as number) << 24) |
      ((bytes[at + 1] as number) << 16) |
      ((bytes[at + 2] as number) << 8) |
      (bytes[at + 3] as number);
  for (let t = 16; t < 64; t++) {
    const x = w[t - 15] as number;
    const y = w[t - 2] as number;
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    w[t] = (s1 + (w[t - 7] as number) + s0 + (w[t - 16] as number)) | 0;
  }
  let a = h[0] as number;
  let b = h[1] as number;
  let c = h[2] as number;
  let d = h[3] as number;
  let e = h[4] as number;
  let f = h[5] as number;
  let g = h[6] as number;
  let hh = h[7] as number;
  for (let t = 0; t < 64; t++) {
    const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (hh + s1 + ((e & f) ^ (~e & g)) + (K[t] as number) + (w[t] as number)) | 0;
    const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (s0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    hh = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  h[0] = (h[0] as number) + a;
  h[1] = (h[1] as number) + b;
  h[2] = (h[2] as number) + c;
  h[3] = (h[3] as number) + d;
  h[4] = (h[4] as number) + e;
  h[5] = (h[5] as number) + f;
  h[6] = (h[6] as number) + g;
  h[7] = (h[7] as number) + hh;
}
