/**
 * A streamed fact set that never breaks its line — a device (`erdl eval RULES --facts /dev/zero
 * --format jsonl`), a binary file — is refused once 128 MiB pass without a line break, naming the
 * byte its line starts at, in both languages, exit 2. A line over the row limit is refused in its
 * place and dropped up to its end, which such input never reaches: it was read and dropped without
 * end, printing nothing (docs/security.md, fact sets).
 */
import { describe, expect, it } from 'vitest';
import { lineBounded, MAX_UNBROKEN_BYTES, NoLineBreak } from '../src/cli/io';
import { spawnErdl } from './cli-support';

const RULES = 'tests/fixtures/cli/quickstart.erdl.yaml';

async function* chunks(...texts: string[]): AsyncGenerator<Uint8Array> {
  for (const t of texts) yield new TextEncoder().encode(t);
}

async function drain(source: AsyncIterable<Uint8Array>): Promise<number> {
  let n = 0;
  for await (const c of source) n += c.length;
  return n;
}

describe('a fact set without line breaks', () => {
  it('passes lines of any number of bytes up to the limit, each chunk as it came', async () => {
    expect(await drain(lineBounded(chunks('aaaa', 'a\nbbbb', 'b\n', 'ccccc'), 5))).toBe(17);
  });

  it('stops once the line still arriving is over the limit, naming where it starts', async () => {
    const read = drain(lineBounded(chunks('ab\nccc', 'ccc', 'never read'), 5));
    await expect(read).rejects.toThrow(NoLineBreak);
    await expect(read).rejects.toMatchObject({ from: 3, limit: 5 });
  });

  it('is 128 MiB, as no file read whole may be larger', () => {
    expect(MAX_UNBROKEN_BYTES).toBe(128 * 1024 * 1024);
  });

  for (const format of ['jsonl', 'csv'])
    it(`/dev/zero as ${format}: refused in both languages, exit 2, not read without end`, async () => {
      const r = await spawnErdl(['eval', RULES, '--facts', '/dev/zero', '--format', format]);
      expect(r.code).toBe(2);
      expect(r.stdout.toString()).toBe('');
      expect(r.stderr.trim().split('\n')).toEqual([
        'erdl: /dev/zero: from byte 0 on, more than 128 MiB without a line break: a fact set has one record per line, so this is none (a device, a binary file); reading stopped',
        'erdl：/dev/zero：从第 0 字节起，超过 128 MiB 没有换行：事实集每行一条记录，这不是事实集（可能是设备或二进制文件）；已停止读取',
      ]);
    }, 60_000);
});
