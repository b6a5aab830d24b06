/**
 * `erdl eval RULES --facts FILE` in-process through run(), with the real file system and worker
 * threads: one JSON line per fact in input order whatever the number of workers, the same result
 * as the single-fact form, --fields, CSV, per-row as_of, bad rows positioned and skipped, and
 * every refusal as a bilingual usage error.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliIo, nodeIo } from '../src/cli/io';
import { run } from '../src/cli/run';
import { ROOT } from './cli-support';

const QUICKSTART = path.join(ROOT, 'tests/fixtures/cli/quickstart.erdl.yaml');
let dir: string;

/** The real io (streamed reads), with output captured. */
function io(): CliIo & { stdout: string[]; stderr: string[] } {
  const real = nodeIo();
  const stdout: string[] = [];
  const stderr: string[] = [];
  const { progress: _progress, drained: _drained, ...rest } = real;
  return {
    ...rest,
    stdout,
    stderr,
    out: (l) => void stdout.push(l),
    err: (l) => void stderr.push(l),
  };
}

const refund = (amount: number) => ({ tool: { name: 'issue_refund', args: { amount } } });

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'erdl-batch-'));
  const facts = Array.from({ length: 3000 }, (_, i) => JSON.stringify(refund((i * 7919) % 10000)));
  writeFileSync(path.join(dir, 'facts.jsonl'), `${facts.join('\n')}\n`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const file = (name: string) => path.join(dir, name);

describe('erdl eval --facts', () => {
  it('prints one line per fact in input order, the same on 1 and 3 workers', async () => {
    const outputs: string[][] = [];
    for (const workers of ['1', '3']) {
      const cap = io();
      const code = await run(
        [
          'eval',
          QUICKSTART,
          '--facts',
          file('facts.jsonl'),
          '--fields',
          'name,decision',
          '--workers',
          workers,
        ],
        cap,
      );
      expect(code, cap.stderr.join('\n')).toBe(0);
      expect(cap.stderr).toEqual([]);
      outputs.push(cap.stdout);
    }
    expect(outputs[0]).toEqual(outputs[1]);
    const rows = (outputs[0] as string[]).map((l) => JSON.parse(l));
    expect(rows).toHaveLength(3000);
    rows.forEach((row, i) => {
      const amount = (i * 7919) % 10000;
      expect(row).toEqual({
        name: `line ${i + 1}`,
        decision: amount > 5000 ? 'REQUEST_HUMAN' : 'ALLOW',
      });
    });
  }, 120_000);

  it('gives each fact exactly the result of the single-fact form (all fields by default)', async () => {
    writeFileSync(file('one.jsonl'), `${JSON.stringify(refund(8000))}\n`);
    writeFileSync(file('one.json'), JSON.stringify(refund(8000)));
    const batch = io();
    expect(
      await run(
        ['eval', QUICKSTART, '--facts', file('one.jsonl'), '--as-of', '2026-09-03T00:00:00Z'],
        batch,
      ),
    ).toBe(0);
    const single = io();
    expect(
      await run(['eval', QUICKSTART, file('one.json'), '--as-of', '2026-09-03T00:00:00Z'], single),
    ).toBe(0);
    expect(batch.stdout).toHaveLength(1);
    expect(JSON.parse(batch.stdout[0] as string)).toEqual(JSON.parse(single.stdout.join('\n')));
  }, 60_000);

  it('reads CSV and a row’s own as_of (a case row)', async () => {
    writeFileSync(
      file('facts.csv'),
      'tool.name,tool.args.amount\nissue_refund,9000\nissue_refund,10\n',
    );
    const cap = io();
    expect(
      await run(['eval', QUICKSTART, '--facts', file('facts.csv'), '--fields', 'decision'], cap),
    ).toBe(0);
    expect(cap.stdout).toEqual(['{"decision":"REQUEST_HUMAN"}', '{"decision":"ALLOW"}']);

    writeFileSync(
      file('cases.jsonl'),
      `${JSON.stringify({ name: 'late', as_of: '2030-01-01T00:00:00Z', fact: refund(9000) })}\n`,
    );
    const cases = io();
    expect(
      await run(
        ['eval', QUICKSTART, '--facts', file('cases.jsonl'), '--fields', 'name,decision'],
        cases,
      ),
    ).toBe(0);
    expect(cases.stdout).toEqual(['{"name":"late","decision":"REQUEST_HUMAN"}']);
  }, 60_000);

  it('skips a bad row with its position in both languages, prints the others, exits 2', async () => {
    writeFileSync(
      file('bad.jsonl'),
      `${JSON.stringify(refund(1))}\n{oops\n${JSON.stringify(refund(9999))}\n`,
    );
    const cap = io();
    expect(
      await run(['eval', QUICKSTART, '--facts', file('bad.jsonl'), '--fields', 'decision'], cap),
    ).toBe(2);
    expect(cap.stdout).toEqual(['{"decision":"ALLOW"}', '{"decision":"REQUEST_HUMAN"}']);
    expect(
      cap.stderr.some((l) => l.startsWith(`${file('bad.jsonl')}:2:2: error factset-json`)),
    ).toBe(true);
    expect(cap.stderr.some((l) => l.includes('无法读取') && l.includes('已跳过'))).toBe(true);
  }, 60_000);

  it('refuses unknown fields, bad worker counts, other formats, FACT with --facts, --fields without it', async () => {
    const cases: [string[], RegExp][] = [
      [['--facts', file('facts.jsonl'), '--fields', 'decision,nope'], /unknown field\(s\) "nope"/],
      [['--facts', file('facts.jsonl'), '--workers', '0'], /--workers "0"/],
      [['--facts', file('one.json')], /JSON Lines \(\.jsonl, \.ndjson\) or CSV/],
      [[file('one.json'), '--facts', file('facts.jsonl')], /exactly one of FACT or --facts/],
      [[], /exactly one of FACT or --facts/],
      [[file('one.json'), '--fields', 'decision'], /--fields needs --facts/],
      [['--facts', file('missing.jsonl')], /no such file/],
    ];
    for (const [args, message] of cases) {
      const cap = io();
      expect(await run(['eval', QUICKSTART, ...args], cap), args.join(' ')).toBe(2);
      expect(cap.stdout).toEqual([]);
      expect(cap.stderr[0]).toMatch(message);
      expect(cap.stderr[1]).toMatch(/^erdl：/);
    }
  }, 60_000);

  it('reads the file in chunks (a large file is never read whole)', async () => {
    const seen: number[] = [];
    const cap = io();
    const streamed: CliIo = {
      ...cap,
      readBytes: (p) =>
        p.endsWith('big.jsonl') ? Promise.reject(new Error('read whole')) : cap.readBytes(p),
      readChunks: async function* (p) {
        for await (const chunk of nodeIo().readChunks!(p)) {
          seen.push(chunk.length);
          yield chunk;
        }
      },
    };
    const big = Array.from({ length: 20000 }, (_, i) => JSON.stringify(refund(i)));
    writeFileSync(file('big.jsonl'), `${big.join('\n')}\n`);
    expect(
      await run(
        ['eval', QUICKSTART, '--facts', file('big.jsonl'), '--fields', 'decision'],
        streamed,
      ),
    ).toBe(0);
    expect(cap.stdout).toHaveLength(20000);
    expect(seen.length).toBeGreaterThan(1);
    expect(Math.max(...seen)).toBeLessThanOrEqual(256 * 1024);
    expect((await readFile(file('big.jsonl'))).length).toBeGreaterThan(256 * 1024);
  }, 120_000);
});

describe('erdl eval --facts progress', () => {
  it('is shown only through a terminal’s progress line, then cleared', async () => {
    if (!process.stderr.isTTY) expect(nodeIo().progress).toBeUndefined();
    const shown: string[] = [];
    const cap = io();
    const terminal: CliIo = { ...cap, progress: (line) => void shown.push(line) };
    expect(
      await run(
        ['eval', QUICKSTART, '--facts', file('facts.jsonl'), '--fields', 'decision'],
        terminal,
      ),
    ).toBe(0);
    expect(shown.length).toBeGreaterThanOrEqual(2);
    expect(shown[0]).toMatch(/^erdl eval: \d+ facts, \d+ facts\/s$/);
    expect(shown.at(-1)).toBe('');
    expect(cap.stderr).toEqual([]);
    expect(cap.stdout).toHaveLength(3000);
  }, 120_000);
});
