/**
 * The package as others get it: `npm run pack` (scripts/pack.mjs: builds lib/), installed from
 * the tarball alone into an empty folder (it has no runtime dependencies: the command and the
 * kernel are bundled), then used from plain Node — the documented example of docs/kernel-api.md,
 * the `erdl` bin, and `erdl eval --facts` on worker threads.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const exec = promisify(execFile);
const ROOT = path.resolve(__dirname, '..');
const QUICKSTART = path.join(ROOT, 'tests/fixtures/cli/quickstart.erdl.yaml');
let dir: string;
let tarball: string;

async function sh(cmd: string, args: string[], cwd = dir) {
  return exec(cmd, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'erdl-pack-'));
  const packed = await sh(process.execPath, [path.join(ROOT, 'scripts/pack.mjs'), dir], ROOT);
  tarball = packed.stdout.trim().split('\n').at(-1) as string;
  const app = path.join(dir, 'app');
  await sh('mkdir', ['-p', app]);
  writeFileSync(path.join(app, 'package.json'), '{"name":"app","private":true,"type":"module"}\n');
  await sh('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], app);
  dir = app;
}, 600_000);

afterAll(() => rmSync(path.dirname(dir), { recursive: true, force: true }));

describe('the packed erdl-studio', () => {
  it('holds the built command and kernel, not the sources', async () => {
    const list = await sh('tar', ['-tzf', tarball]);
    const files = list.stdout.split('\n').filter(Boolean);
    expect(files).toContain('package/bin/erdl.js');
    expect(files).toContain('package/lib/erdl.js');
    expect(files).toContain('package/lib/kernel.js');
    expect(files).toContain('package/lib/types/kernel/index.d.ts');
    expect(files.some((f) => f.startsWith('package/src/'))).toBe(false);
    const manifest = JSON.parse(
      readFileSync(path.join(dir, 'node_modules/erdl-studio/package.json'), 'utf8'),
    );
    expect(manifest.dependencies ?? {}).toEqual({});
  });

  it("runs docs/kernel-api.md's example from plain Node", async () => {
    const doc = readFileSync(path.join(ROOT, 'docs/kernel-api.md'), 'utf8');
    const example = /```js\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(example, 'docs/kernel-api.md has a ```js example').toBeTruthy();
    writeFileSync(path.join(dir, 'example.mjs'), example as string);
    writeFileSync(path.join(dir, 'refund-guard.erdl.yaml'), readFileSync(QUICKSTART));
    const { stdout } = await sh(process.execPath, ['example.mjs']);
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toBe('REQUEST_HUMAN SEC-001-refund-limit');
    expect(lines[1]).toBe('ALLOW');
  });

  it('types the kernel for TypeScript users', () => {
    const types = readFileSync(
      path.join(dir, 'node_modules/erdl-studio/lib/types/kernel/index.d.ts'),
      'utf8',
    );
    expect(types).toContain('compileDocument');
    expect(types).toContain('Evaluator');
  });

  it('installs the erdl command: help, check, and eval --facts on two workers', async () => {
    const erdl = path.join(dir, 'node_modules/.bin/erdl');
    expect((await sh(erdl, ['--help'])).stdout).toContain('Usage: erdl <command>');
    expect((await sh(erdl, ['check', QUICKSTART])).stdout).toBe('');
    const facts = Array.from({ length: 1000 }, (_, i) =>
      JSON.stringify({ tool: { name: 'issue_refund', args: { amount: i * 10 } } }),
    );
    writeFileSync(path.join(dir, 'facts.jsonl'), `${facts.join('\n')}\n`);
    const { stdout } = await sh(erdl, [
      'eval',
      QUICKSTART,
      '--facts',
      'facts.jsonl',
      '--fields',
      'name,decision',
      '--workers',
      '2',
    ]);
    const rows = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows).toHaveLength(1000);
    rows.forEach((row, i) => {
      expect(row).toEqual({
        name: `line ${i + 1}`,
        decision: i * 10 > 5000 ? 'REQUEST_HUMAN' : 'ALLOW',
      });
    });
  });
});
