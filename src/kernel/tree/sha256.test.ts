import { sha256 } from '@noble/hashes/sha2.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzParams } from '../../../tests/fuzz/runs';
import { hashBytes, hashText } from './canonical';
import { Sha256State } from './sha256';

const hex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** The kernel's SHA-256 against @noble/hashes (which it replaced): the same digest for any bytes. */
describe('kernel SHA-256', () => {
  it('gives the FIPS 180-4 digests of the standard messages', () => {
    expect(hashText('')).toBe(
      'sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
    expect(hashText('abc')).toBe(
      'sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('every length across block and padding boundaries, fed whole', () => {
    const out = new Uint8Array(32);
    const state = new Sha256State();
    for (let n = 0; n <= 300; n++) {
      const data = Uint8Array.from({ length: n }, (_, i) => (i * 131 + n) & 255);
      state.reset().update(data);
      state.digestInto(out);
      expect(hex(out)).toBe(hex(sha256(data)));
      expect(hashBytes(data)).toBe(`sha256:${hex(sha256(data))}`);
    }
  });

  it('any bytes cut into any pieces (and ranges of a larger array)', () => {
    const out = new Uint8Array(32);
    const state = new Sha256State();
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 700 }),
        fc.array(fc.nat(200), { maxLength: 12 }),
        fc.nat(5),
        (data, cuts, pad) => {
          const padded = new Uint8Array(data.length + 2 * pad).fill(0xaa);
          padded.set(data, pad);
          state.reset();
          let at = 0;
          for (const c of cuts) {
            const end = Math.min(data.length, at + c);
            state.update(padded, pad + at, pad + end);
            at = end;
          }
          state.update(padded, pad + at, pad + data.length);
          state.digestInto(out);
          expect(hex(out)).toBe(hex(sha256(data)));
        },
      ),
      fuzzParams(4141, 300),
    );
  });
});
