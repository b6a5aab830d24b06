/**
 * docs/scale.md's local GNU parallel recipe, run as written (with `erdl` from this checkout's
 * sources on PATH): its output is line for line what `erdl eval --facts` prints for the whole
 * file. Skipped, saying why, where GNU parallel is not installed (.ci/run installs it).
 */
import { execFileSync, execSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..');
const hasParallel = (() => {
  try {
    return execSync('parallel --version', { encoding: 'utf8' }).startsWith('GNU parallel');
  } catch {
    return false;
  }
})();
if (!hasParallel) {
  console.warn(
    'tests/scale-doc.test.ts: GNU parallel is not installed; the recipe test is skipped',
  );
}

/** The shell blocks of docs/scale.md that follow the sentence naming this test. */
function localRecipe(): string {
  const doc = readFileSync(path.join(ROOT, 'docs/scale.md'), 'utf8');
  const at = doc.indexOf('tests/scale-doc.test.ts runs this');
  const block = /```sh\n([\s\S]*?)```/.exec(doc.slice(at))?.[1];
  if (!block) throw new Error('docs/scale.md: no local recipe after the test mention');
  return block;
}

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'erdl-scale-'));
  const erdl = path.join(dir, 'bin', 'erdl');
  execFileSync('mkdir', ['-p', path.dirname(erdl)]);
  writeFileSync(
    erdl,
    `#!/bin/sh\nexec "${process.execPath}" "${ROOT}/node_modules/tsx/dist/cli.mjs" "${ROOT}/src/cli/main.ts" "$@"\n`,
  );
  chmodSync(erdl, 0o755);
  writeFileSync(
    path.join(dir, 'rules.erdl.yaml'),
    readFileSync(path.join(ROOT, 'tests/fixtures/cli/quickstart.erdl.yaml')),
  );
  const facts = Array.from({ length: 1200 }, (_, i) =>
    JSON.stringify({
      tool: { name: i % 3 ? 'issue_refund' : 'other', args: { amount: (i * 37) % 10000 } },
    }),
  );
  writeFileSync(path.join(dir, 'facts.jsonl'), `${facts.join('\n')}\n`);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!hasParallel)('docs/scale.md: GNU parallel, locally', () => {
  it('gives, in order, what erdl eval --facts gives for the whole file', () => {
    const env = { ...process.env, PATH: `${path.join(dir, 'bin')}:${process.env.PATH}` };
    // Smaller blocks than the recipe's 1M, so that the 1,200 facts make several (three) blocks.
    const recipe = localRecipe()
      .replace('--block 1M', '--block 20k')
      .replace('-j "$(nproc)"', '-j 2');
    execSync(recipe, { cwd: dir, env, shell: '/bin/sh', stdio: ['ignore', 'ignore', 'inherit'] });
    const piped = readFileSync(path.join(dir, 'results.jsonl'), 'utf8');
    const whole = execFileSync(
      'erdl',
      ['eval', 'rules.erdl.yaml', '--facts', 'facts.jsonl', '--fields', 'decision,matched_rules'],
      { cwd: dir, env, encoding: 'utf8', maxBuffer: 1 << 26 },
    );
    expect(piped.split('\n')).toHaveLength(1201);
    expect(piped).toBe(whole);
    expect(new Set(piped.trim().split('\n')).size).toBeGreaterThan(1);
  }, 300_000);
});
