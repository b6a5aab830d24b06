/**
 * docs/scale.md's local recipes, run as written (with this checkout's `erdl` on PATH: the built
 * command when lib/ is up to date, else the sources through tsx, as e2e/support/cli.ts chooses)
 * on a fact file with bad records and blank lines among the good ones: GNU parallel's output is
 * line for line what `erdl eval --facts` prints for the whole file (error records included, their
 * `line` counted within each block), and the pairing recipe puts every fact next to its own
 * result. Skipped, saying why, where GNU parallel is not installed (.ci/run installs it).
 */
import { execFileSync, execSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erdlCommand } from '../e2e/support/cli';

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

/** The shell block of docs/scale.md after the sentence "tests/scale-doc.test.ts runs <what>". */
function localRecipe(what: string): string {
  const doc = readFileSync(path.join(ROOT, 'docs/scale.md'), 'utf8');
  const words = ['tests/scale-doc.test.ts', 'runs', ...what.split(' ')];
  const mention = new RegExp(
    words.map((w) => w.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('\\s+'),
  );
  const at = mention.exec(doc)?.index;
  if (at === undefined) throw new Error(`docs/scale.md: no mention of the test running ${what}`);
  const block = /```sh\n([\s\S]*?)```/.exec(doc.slice(at))?.[1];
  if (!block) throw new Error('docs/scale.md: no local recipe after the test mention');
  return block;
}

/** Bad records among the facts (by 0-based index), and blank lines that are not records. */
const BAD: ReadonlyMap<number, string> = new Map([
  [0, '{oops'],
  [5, '[]'],
  [333, '42'],
  [700, 'null'],
  [701, '""'],
  [1199, '{"tool":'],
]);
const amountOf = (i: number) => (i * 37) % 10000;
const toolOf = (i: number) => (i % 3 ? 'issue_refund' : 'other');

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'erdl-scale-'));
  const erdl = path.join(dir, 'bin', 'erdl');
  execFileSync('mkdir', ['-p', path.dirname(erdl)]);
  writeFileSync(
    erdl,
    `#!/bin/sh\nexec ${erdlCommand()
      .map((a) => `"${a}"`)
      .join(' ')} "$@"\n`,
  );
  chmodSync(erdl, 0o755);
  writeFileSync(
    path.join(dir, 'rules.erdl.yaml'),
    readFileSync(path.join(ROOT, 'tests/fixtures/cli/quickstart.erdl.yaml')),
  );
  const facts = Array.from(
    { length: 1200 },
    (_, i) =>
      BAD.get(i) ?? JSON.stringify({ tool: { name: toolOf(i), args: { amount: amountOf(i) } } }),
  );
  // Blank lines (and one of spaces and a tab) here and there: not records, so no output lines.
  for (const at of [1100, 640, 2]) facts.splice(at, 0, at === 640 ? ' \t' : '');
  writeFileSync(path.join(dir, 'facts.jsonl'), `${facts.join('\n')}\n`);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs a shell recipe; its exit status (parallel: the number of blocks with a bad record). */
function sh(recipe: string, env: NodeJS.ProcessEnv): number {
  try {
    execSync(recipe, { cwd: dir, env, shell: '/bin/sh', stdio: ['ignore', 'ignore', 'ignore'] });
    return 0;
  } catch (e) {
    return (e as { status: number }).status;
  }
}

/** An output line with an error record's `line` removed (it counts lines within a block). */
const withoutLine = (l: string) => {
  const o = JSON.parse(l);
  if ('error' in o) {
    delete o.line;
    delete o.error.line;
  }
  return JSON.stringify(o);
};

describe.skipIf(!hasParallel)('docs/scale.md: GNU parallel and pairing, locally', () => {
  it('gives, in order, what erdl eval --facts gives for the whole file; each fact pairs with its result', () => {
    const env = { ...process.env, PATH: `${path.join(dir, 'bin')}:${process.env.PATH}` };
    // Smaller blocks than the recipe's 1M, so that the 1,200 facts make several (three) blocks.
    const recipe = localRecipe('this recipe')
      .replace('--block 1M', '--block 20k')
      .replace('-j "$(nproc)"', '-j 2');
    // Every block holds a bad record, and parallel says how many blocks did.
    expect(sh(recipe, env)).toBeGreaterThan(0);
    const piped = readFileSync(path.join(dir, 'results.jsonl'), 'utf8');
    let whole = '';
    try {
      execFileSync(
        'erdl',
        ['eval', 'rules.erdl.yaml', '--facts', 'facts.jsonl', '--fields', 'decision,matched_rules'],
        {
          cwd: dir,
          env,
          encoding: 'utf8',
          maxBuffer: 1 << 26,
          stdio: ['ignore', 'pipe', 'ignore'],
        },
      );
    } catch (e) {
      // Bad records: exit 2, and the output is complete.
      expect((e as { status: number }).status).toBe(2);
      whole = (e as { stdout: string }).stdout;
    }
    expect(piped.split('\n')).toHaveLength(1201);
    expect(whole.split('\n')).toHaveLength(1201);
    expect(piped.trim().split('\n').map(withoutLine)).toEqual(
      whole.trim().split('\n').map(withoutLine),
    );
    expect(new Set(piped.trim().split('\n')).size).toBeGreaterThan(2);

    // The pairing recipe, on the results of the recipe above.
    expect(sh(localRecipe('this pairing'), env)).toBe(0);
    const pairs = readFileSync(path.join(dir, 'pairs.tsv'), 'utf8').trim().split('\n');
    expect(pairs).toHaveLength(1200);
    pairs.forEach((pair, i) => {
      const tab = pair.lastIndexOf('\t');
      const fact = pair.slice(0, tab);
      const result = JSON.parse(pair.slice(tab + 1));
      const bad = BAD.get(i);
      if (bad !== undefined) {
        expect(fact, `pair ${i + 1}`).toBe(bad);
        expect(result, `pair ${i + 1}`).toHaveProperty('error');
      } else {
        expect(JSON.parse(fact), `pair ${i + 1}`).toEqual({
          tool: { name: toolOf(i), args: { amount: amountOf(i) } },
        });
        const human = toolOf(i) === 'issue_refund' && amountOf(i) > 5000;
        expect(result.decision, `pair ${i + 1}`).toBe(human ? 'REQUEST_HUMAN' : 'ALLOW');
      }
    });
  }, 300_000);
});
