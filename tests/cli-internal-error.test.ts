/**
 * An exception no verb expected (a bug) is reported as an error in both languages and exit 2,
 * never as a bare stack trace (docs/security.md). The spawned command's standard output is made to
 * throw on its first write (tests/fixtures/cli/throwing-stdout.mjs, preloaded): `erdl hash` then
 * fails inside its verb. ERDL_DEBUG=1 adds where it happened.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { erdlCommand } from '../e2e/support/cli';
import { ROOT } from './cli-support';

const PRELOAD = pathToFileURL(path.join(ROOT, 'tests/fixtures/cli/throwing-stdout.mjs')).href;

function hash(debug: boolean): Promise<{ code: number; stderr: string }> {
  const [program, ...leading] = erdlCommand();
  return new Promise((done) => {
    execFile(
      program as string,
      [...leading, 'hash', path.join(ROOT, 'tests/fixtures/cli/quickstart.erdl.yaml')],
      {
        cwd: ROOT,
        timeout: 60_000,
        env: {
          ...process.env,
          LANG: 'C',
          NODE_OPTIONS: `--import=${PRELOAD}`,
          ...(debug ? { ERDL_DEBUG: '1' } : { ERDL_DEBUG: '' }),
        },
      },
      (error, _stdout, stderr) =>
        done({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stderr }),
    );
  });
}

describe('erdl: an unexpected exception', () => {
  it('is one error in each language, exit 2, no stack trace', async () => {
    const { code, stderr } = await hash(false);
    expect(code).toBe(2);
    const lines = stderr.trim().split('\n');
    expect(lines).toEqual([
      'erdl: internal error: stdout broke in the test (a bug in erdl, not in your input; ERDL_DEBUG=1 prints where it happened)',
      'erdl：内部错误：stdout broke in the test（这是 erdl 的缺陷，不是输入的问题；设置 ERDL_DEBUG=1 可输出出错位置）',
    ]);
  }, 90_000);

  it('with ERDL_DEBUG=1, also where it happened', async () => {
    const { code, stderr } = await hash(true);
    expect(code).toBe(2);
    expect(stderr).toContain('erdl: internal error: stdout broke in the test');
    expect(stderr).toMatch(/TypeError: stdout broke in the test\n\s+at /);
  }, 90_000);
});
