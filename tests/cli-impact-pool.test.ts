/**
 * Issue #41 point 5: `erdl impact OLD NEW FACTS` on a large JSON Lines fact set reads and evaluates
 * it on the batch workers (src/cli/batch/impact-pool.ts). Its output — the JSON report (the table
 * is drawn from the same report),
 * the problems on standard error and the exit code — is the one-thread path's (the kernel's
 * analyzeImpact over one parser of the whole file), byte for byte: on 6,000 facts × a 40-rule
 * change, and with a bad row among them (refused with the problems one parser lists). The verb
 * takes the pool on 3 cores or more (one is left to its own thread), so the pool is called here
 * directly as well as through the verb.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateDocument, generateFacts } from '../bench/generate';
import { impactOnPool, impactWorkers } from '../src/cli/batch/impact-pool';
import { run } from '../src/cli/run';
import { factSetReadable, readSuite } from '../src/cli/verbs/test';
import { analyzeImpact, compileDocument, createJsonLinesParser, parseFactSet } from '../src/kernel';
import { captureNodeIo } from './cli-support';

// The batch workers start from lib/ when it is up to date (tests/batch-workers.ts).
vi.mock('node:worker_threads', async (original) =>
  (await import('./batch-workers')).builtBatchWorkers(await original()),
);

let dir: string;
const file = (name: string) => path.join(dir, name);

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'erdl-impact-pool-'));
  const before = generateDocument(40);
  let changed = 0;
  const after = before.replace(/value: (\d+)\b/g, (m, n: string) =>
    changed++ < 6 ? `value: ${Number(n) * 2}` : m,
  );
  writeFileSync(file('old.erdl.yaml'), before);
  writeFileSync(file('new.erdl.yaml'), after);
  const lines = generateFacts(6000).map((f) => JSON.stringify(f));
  writeFileSync(file('facts.jsonl'), `${lines.join('\n')}\n`);
  lines[4321] = '{"tool": oops}';
  writeFileSync(file('bad.jsonl'), `${lines.join('\n')}\n`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The one-thread report of the file, as the verb computed it before the pool. */
function oneThread(facts: string) {
  const load = (name: string) => {
    const doc = compileDocument(readFileSync(file(name))).document;
    if (!doc) throw new Error(`${name} does not load`);
    return doc;
  };
  const read = parseFactSet(createJsonLinesParser(), readFileSync(file(facts), 'utf8'));
  return analyzeImpact(load('old.erdl.yaml'), load('new.erdl.yaml'), read.cases);
}

describe('erdl impact on the batch workers', () => {
  it('takes the pool on 3 cores or more, one core left to the verb', () => {
    const text = readFileSync(file('facts.jsonl'), 'utf8');
    expect(impactWorkers(file('facts.jsonl'), text, 2)).toBe(1);
    expect(impactWorkers(file('facts.jsonl'), text, 3)).toBe(2);
    expect(impactWorkers(file('facts.jsonl'), text, 4)).toBe(3);
    expect(impactWorkers(file('facts.csv'), text, 4)).toBe(1);
    expect(impactWorkers(file('facts.jsonl'), text.slice(0, 1000), 4)).toBe(1);
  });

  it('the pool gives the one-thread JSON report, byte for byte, and so does the verb', async () => {
    const text = readFileSync(file('facts.jsonl'), 'utf8');
    const report = oneThread('facts.jsonl');
    expect(report.total).toBe(6000);
    expect(report.changed).toBeGreaterThan(0);
    const pooled = await impactOnPool(
      readFileSync(file('old.erdl.yaml')),
      readFileSync(file('new.erdl.yaml')),
      text,
      2,
    );
    expect(pooled.facts).toBe(6000);
    expect(JSON.stringify(pooled.report, null, 2)).toBe(JSON.stringify(report, null, 2));
    // The verb, on whichever path this machine's cores give it.
    const args = ['impact', file('old.erdl.yaml'), file('new.erdl.yaml'), file('facts.jsonl')];
    const json = captureNodeIo();
    expect(await run([...args, '--format', 'json'], json)).toBe(0);
    expect(json.stdout.join('\n')).toBe(JSON.stringify(report, null, 2));
    expect(json.stderr).toEqual([]);
  }, 60_000);

  it('refuses a set with a bad row as one parser of the whole file does', async () => {
    const bad = file('bad.jsonl');
    const result = await impactOnPool(
      readFileSync(file('old.erdl.yaml')),
      readFileSync(file('new.erdl.yaml')),
      readFileSync(bad, 'utf8'),
      2,
    );
    expect(result.report).toBeNull();
    // The verb prints the pool's problems so (verbs/impact.ts).
    const pooled = captureNodeIo();
    expect(factSetReadable(pooled, bad, result.facts, result.diagnostics)).toBe(false);
    expect(pooled.stdout).toEqual([]);
    // The verb's one-thread reading: one parser of the whole file, its problems printed.
    const whole = captureNodeIo();
    expect(readSuite(whole, bad, readFileSync(bad, 'utf8'))).toBeNull();
    expect(pooled.stderr).toEqual(whole.stderr);
    expect(pooled.stderr.join('\n')).toContain(`${bad}:4322:`);
    // The verb itself, on whichever path: exit 2, the same problems.
    const verb = captureNodeIo();
    expect(await run(['impact', file('old.erdl.yaml'), file('new.erdl.yaml'), bad], verb)).toBe(2);
    expect(verb.stdout).toEqual([]);
    expect(verb.stderr).toEqual(whole.stderr);
  }, 60_000);
});
