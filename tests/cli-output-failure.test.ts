/**
 * Standard output that cannot be written for a reason other than its reader going away — a full
 * disk (`erdl convert RULES > out.yaml` on a full file system: ENOSPC), an I/O error — leaves what
 * was printed incomplete. The command says so once, in both languages, and exits 2; it used to
 * call it "internal error … a bug in erdl", and `erdl eval --facts` said that its reader had closed
 * it and then the internal error as well. A reader that goes away (`| head`, EPIPE) is no error.
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erdlCommand } from '../e2e/support/cli';
import { run } from '../src/cli/run';
import { captureIo, captureNodeIo, ROOT } from './cli-support';

const QUICKSTART = 'tests/fixtures/cli/quickstart.erdl.yaml';
const FULL = [
  'erdl: cannot write standard output (no space left on the device): what was printed is incomplete',
  'erdl：无法写入标准输出（设备空间已满）：已输出的内容不完整',
];

let dir = '';
/** Three facts as JSON Lines. */
let facts = '';
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'erdl-output-'));
  facts = path.join(dir, 'facts.jsonl');
  writeFileSync(facts, '{"a":1}\n{"a":2}\n{"a":3}\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An in-memory io whose standard output failed with `code`. */
function failing(code: string, files: Record<string, string> = {}) {
  return Object.assign(captureIo(files), { outFailed: () => code });
}

/** `erdl ARGS` with its standard output on /dev/full (every write fails with ENOSPC). */
function toFullDisk(args: readonly string[]): Promise<{ code: number | null; stderr: string }> {
  const [program, ...leading] = erdlCommand();
  return new Promise((done) => {
    const full = openSync('/dev/full', 'w');
    const child = spawn(program as string, [...leading, ...args], {
      cwd: ROOT,
      env: { ...process.env, LANG: 'C', ERDL_DEBUG: '' },
      stdio: ['ignore', full, 'pipe'],
    });
    closeSync(full);
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('close', (code) => done({ code, stderr }));
  });
}

describe('erdl: standard output that cannot be written', () => {
  it('is said once in both languages, exit 2, whatever the verb printed', async () => {
    for (const argv of [['hash', QUICKSTART], ['tree', QUICKSTART], ['--version'], ['help']]) {
      const io = failing('ENOSPC');
      expect(await run(argv, io), argv.join(' ')).toBe(2);
      expect(io.stderr).toEqual(FULL);
    }
  });

  it('in the language asked for, naming other causes', async () => {
    const io = failing('EIO');
    expect(await run(['--lang', 'zh', 'hash', QUICKSTART], io)).toBe(2);
    expect(io.stderr).toEqual(['erdl：无法写入标准输出（输入输出错误）：已输出的内容不完整']);
    const other = failing('EBADF');
    expect(await run(['--lang', 'en', 'hash', QUICKSTART], other)).toBe(2);
    expect(other.stderr).toEqual([
      'erdl: cannot write standard output (error EBADF): what was printed is incomplete',
    ]);
  });

  it('turns a failed check (exit 1) into 2; an input error keeps its own message alone', async () => {
    const broken = failing('ENOSPC');
    expect(await run(['check', 'tests/fixtures/cli/broken.erdl.yaml'], broken)).toBe(2);
    expect(broken.stderr).toEqual(FULL);
    const missing = failing('ENOSPC');
    expect(await run(['hash', 'no/such/file.yaml'], missing)).toBe(2);
    expect(missing.stderr.join('\n')).not.toContain('standard output');
  });

  it('stops eval --facts with one message naming the cause, not its reader', async () => {
    const io = Object.assign(captureNodeIo(), { outClosed: () => true, outFailed: () => 'ENOSPC' });
    expect(await run(['eval', QUICKSTART, '--facts', facts], io)).toBe(2);
    expect(io.stderr).toEqual([
      `erdl: ${facts}: cannot write standard output (no space left on the device): the results printed are incomplete and the remaining facts were not evaluated`,
      `erdl：${facts}：无法写入标准输出（设备空间已满）：已输出的结果不完整，其余事实未求值`,
    ]);
  });

  it('the spawned command on /dev/full: no "internal error", exit 2', async () => {
    const hash = await toFullDisk(['hash', QUICKSTART]);
    expect(hash.code).toBe(2);
    expect(hash.stderr.trim().split('\n')).toEqual(FULL);
    const batch = await toFullDisk(['eval', QUICKSTART, '--facts', facts, '--workers', '1']);
    expect(batch.code).toBe(2);
    expect(batch.stderr).toContain('cannot write standard output (no space left on the device)');
    expect(batch.stderr).not.toContain('internal error');
    expect(batch.stderr).not.toContain('closed by its reader');
    expect(batch.stderr.trim().split('\n')).toHaveLength(2);
  }, 90_000);
});
