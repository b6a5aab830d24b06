/**
 * A streamed fact set that is not UTF-8 is refused naming the byte (its offset in the input, from
 * 0, as ERDL-E002 counts), whichever reader met it — the main thread's byte splitter for the JSON
 * Lines workers, inside a line it drops as overlong or not, or the decoding reader of CSV and of
 * the command's own thread — and however the input was cut into chunks. It said only "not valid
 * UTF-8".
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createByteSplitter } from '../src/cli/batch/split-bytes';
import { nodeIo } from '../src/cli/io';
import { NotUtf8 } from '../src/cli/utf8-position';
import { spawnErdl } from './cli-support';

const encode = (s: string) => new TextEncoder().encode(s);

/** Valid text with a bad byte (or a character cut short) spliced in at a character boundary. */
const corrupted = fc
  .record({
    lines: fc.array(fc.string({ unit: 'grapheme', maxLength: 12 }), { minLength: 1, maxLength: 8 }),
    at: fc.nat(),
    bad: fc.constantFrom([0xff], [0xc3], [0xe2, 0x82], [0x80], [0xf0, 0x9f, 0x98], [0xed, 0xa0]),
  })
  .map(({ lines, at, bad }) => {
    const text = lines.map((l) => l.replace(/\n/g, ' ')).join('\n');
    const chars = [...text];
    const cut = at % (chars.length + 1);
    const before = encode(chars.slice(0, cut).join(''));
    const after = encode(chars.slice(cut).join(''));
    const bytes = new Uint8Array([...before, ...bad, ...after]);
    return { bytes, byte: before.length };
  });

/** The bytes in chunks of `size`, through a byte splitter (parts of `part` bytes, lines of `max`). */
function splitError(bytes: Uint8Array, size: number, part: number, max: number): unknown {
  const splitter = createByteSplitter(part, max);
  try {
    for (let i = 0; i < bytes.length; i += size) splitter.push(bytes.slice(i, i + size));
    splitter.end();
  } catch (e) {
    return e;
  }
  return null;
}

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'erdl-utf8-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a fact set that is not UTF-8', () => {
  it('the byte splitter names the first bad byte under every chunking, dropped lines too', () => {
    fc.assert(
      fc.property(
        corrupted,
        fc.integer({ min: 1, max: 7 }),
        fc.constantFrom(4, 64, 1 << 20),
        (c, size, max) => {
          const error = splitError(c.bytes, size, 16, max);
          // A line over `max` is dropped; its bytes are still checked.
          expect(error).toBeInstanceOf(NotUtf8);
          expect((error as NotUtf8).byte).toBe(c.byte);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the decoding reader names the same byte', async () => {
    const io = nodeIo();
    const file = path.join(dir, 'bad.jsonl');
    await fc.assert(
      fc.asyncProperty(corrupted, async (c) => {
        writeFileSync(file, c.bytes);
        let error: unknown = null;
        try {
          for await (const _ of io.readChunks?.(file) ?? []) {
            // read to the end
          }
        } catch (e) {
          error = e;
        }
        expect(error).toBeInstanceOf(NotUtf8);
        expect((error as NotUtf8).byte).toBe(c.byte);
      }),
      { numRuns: 100 },
    );
  });

  it('the command says where, in both languages, exit 2', async () => {
    const file = path.join(dir, 'facts.jsonl');
    writeFileSync(file, new Uint8Array([...encode('{"a":1}\n{"a":"é'), 0xff, ...encode('"}\n')]));
    for (const workers of ['1', '2']) {
      const r = await spawnErdl([
        'eval',
        'tests/fixtures/cli/quickstart.erdl.yaml',
        '--facts',
        file,
        '--workers',
        workers,
      ]);
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toEqual([
        `erdl: ${file}: not valid UTF-8 at byte 16`,
        `erdl：${file}：第 16 字节处不是有效的 UTF-8`,
      ]);
    }
    const csv = path.join(dir, 'facts.csv');
    writeFileSync(csv, new Uint8Array([...encode('a,b\n1,'), 0xc3, 0x28, ...encode('\n')]));
    const r = await spawnErdl(['eval', 'tests/fixtures/cli/quickstart.erdl.yaml', '--facts', csv]);
    expect(r.stderr).toContain('not valid UTF-8 at byte 6');
  }, 90_000);
});
