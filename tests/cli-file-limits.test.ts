// Every file the `erdl` command reads whole has a size limit checked before it is read (issue #35
// §4, docs/security.md): a file over it is refused from its size alone, never read; a pipe or a
// device, whose size is unknown, is read one byte past the limit at most, then refused (a device
// without end, /dev/zero, used to be read until memory ran out). Key files (JWK, trusted keys,
// backups) have a smaller limit.
import { describe, expect, it } from 'vitest';
import { nodeIo } from '../src/cli/io';
import { run } from '../src/cli/run';
import { MAX_INPUT_FILE_BYTES, MAX_KEY_FILE_BYTES } from '../src/kernel/file-limits';
import { captureIo, captureNodeIo } from './cli-support';

const RULES = 'tests/fixtures/cli/quickstart.erdl.yaml';

/** A CliIo whose `path` reports `size` bytes and must never be read. */
function hugeFile(path: string, size: number) {
  const io = captureIo();
  const reads: string[] = [];
  const readBytes = io.readBytes;
  return Object.assign(io, {
    reads,
    fileSize: async (p: string) => (p === path ? size : null),
    readBytes: async (p: string) => {
      reads.push(p);
      if (p === path) throw new Error(`${p} was read`);
      return readBytes(p);
    },
  });
}

describe('erdl reads no file over its limit', () => {
  it('a rule document larger than any input is refused from its size, unread, exit 2', async () => {
    const io = hugeFile('huge.erdl.yaml', MAX_INPUT_FILE_BYTES + 1);
    expect(await run(['check', 'huge.erdl.yaml'], io)).toBe(2);
    expect(io.reads).not.toContain('huge.erdl.yaml');
    const err = io.stderr.join('\n');
    expect(err).toContain('134,217,729 bytes, more than the 128 MiB this file may be');
    expect(err).toContain('文件有 134,217,729 字节，超过此类文件的上限 128 MiB');
  });

  it('a fact file larger than any input is refused unread', async () => {
    const io = hugeFile('huge.json', 5_000_000_000);
    expect(await run(['eval', RULES, 'huge.json'], io)).toBe(2);
    expect(io.reads).not.toContain('huge.json');
    expect(io.stdout).toEqual([]);
  });

  it('a --trust file over the key-file limit is refused unread', async () => {
    const io = hugeFile('trust.jwk', MAX_KEY_FILE_BYTES + 1);
    const code = await run(['verify', `${RULES}.dsse.json`, '--trust', 'trust.jwk'], io);
    expect(code).not.toBe(0);
    expect(io.reads).not.toContain('trust.jwk');
    expect(io.stderr.join('\n')).toContain('262,145 bytes, more than the 256 KiB this file may be');
  });

  it('from a pipe (size unknown) the bytes read are checked', async () => {
    const io = captureIo({ 'big.jwk': `{"pad":"${'x'.repeat(MAX_KEY_FILE_BYTES)}"}` });
    const code = await run(['verify', `${RULES}.dsse.json`, '--trust', 'big.jwk'], io);
    expect(code).not.toBe(0);
    expect(io.stderr.join('\n')).toContain('more than the 256 KiB this file may be');
  });
});

describe('a device without end (/dev/zero) is read one byte past the limit, then refused', () => {
  it('the real io reads at most a chunk past the limit it is given', async () => {
    for (const limit of [0, 1000, 300_000]) {
      const bytes = await nodeIo().readBytes('/dev/zero', limit);
      expect(bytes.length).toBeGreaterThan(limit);
      expect(bytes.length).toBeLessThanOrEqual(limit + 256 * 1024);
    }
  });

  it('as rules: refused in both languages, exit 2, nothing on standard output', async () => {
    const io = captureNodeIo();
    expect(await run(['check', '/dev/zero'], io)).toBe(2);
    expect(io.stdout).toEqual([]);
    const err = io.stderr.join('\n');
    expect(err).toContain(
      'cannot read "/dev/zero": it holds more than the 128 MiB this file may be',
    );
    expect(err).toContain('无法读取“/dev/zero”：内容超过此类文件的上限 128 MiB');
  }, 30_000);

  it('as a key file: refused at the key-file limit', async () => {
    const io = captureNodeIo();
    const code = await run(['verify', `${RULES}.dsse.json`, '--trust', '/dev/zero'], io);
    expect(code).not.toBe(0);
    expect(io.stderr.join('\n')).toContain('more than the 256 KiB this file may be');
  });
});
