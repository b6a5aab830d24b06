/**
 * Issue #41 point 5: `erdl impact OLD NEW FACTS` on a large JSON Lines fact set reads and evaluates
 * it on the batch workers (src/cli/batch/impact-pool.ts). Its output — the JSON report (the table
 * is drawn from the same report),
 * the problems on standard error and the exit code — is the one-thread path's (the kernel's
 * analyzeImpact over one parser of the whole file), byte for byte: on 6,000 facts × a 40-rule
 * change, and with a bad row among them (refused with the problems one parser lists).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDocument, generateFacts } from '../bench/generate';
import { impactWorkers } from '../src/cli/batch/impact-pool';
import { run } from '../src/cli/run';
import { readSuite } from '../src/cli/verbs/test';
import { analyzeImpact, compileDocument, createJsonLinesParser, parseFactSet } from '../src/kernel';
import { captureNodeIo } from './cli-support';

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
  it('prints the one-thread JSON report, byte for byte', async () => {
    const text = readFileSync(file('facts.jsonl'), 'utf8');
    // Large enough for the pool on 2 cores (the test is about the pooled path).
    expect(impactWorkers(file('facts.jsonl'), text, 2)).toBe(2);
    const report = oneThread('facts.jsonl');
    expect(report.total).toBe(6000);
    expect(report.changed).toBeGreaterThan(0);
    const args = ['impact', file('old.erdl.yaml'), file('new.erdl.yaml'), file('facts.jsonl')];
    // (The table is impactTable of this report, whichever path made it.)
    const json = captureNodeIo();
    expect(await run([...args, '--format', 'json'], json)).toBe(0);
    expect(json.stdout.join('\n')).toBe(JSON.stringify(report, null, 2));
    expect(json.stderr).toEqual([]);
  }, 60_000);

  it('refuses a set with a bad row as one parser of the whole file does', async () => {
    const bad = file('bad.jsonl');
    const pooled = captureNodeIo();
    const code = await run(['impact', file('old.erdl.yaml'), file('new.erdl.yaml'), bad], pooled);
    expect(code).toBe(2);
    expect(pooled.stdout).toEqual([]);
    // The verb's one-thread reading: one parser of the whole file, its problems printed.
    const whole = captureNodeIo();
    expect(readSuite(whole, bad, readFileSync(bad, 'utf8'))).toBeNull();
    expect(pooled.stderr).toEqual(whole.stderr);
    expect(pooled.stderr.join('\n')).toContain(`${bad}:4322:`);
  }, 60_000);
});
