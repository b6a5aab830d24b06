/**
 * `erdl eval --facts` alignment, as a property (issue #35 §2): for any mix of good records, bad
 * records and blank lines — JSON Lines or CSV, CSV records spanning lines — the output has exactly
 * one line per record, in order; an error record stands exactly where each bad record is (naming
 * its line, and its last line when it spans lines); every other line is what the single-fact
 * `erdl eval RULES FACT` prints for that record's fact. Few runs of long mixes: each run starts
 * its worker threads, about a second each.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type CliIo, nodeIo } from '../src/cli/io';
import { run } from '../src/cli/run';
import { ROOT } from './cli-support';

// The batch workers start from lib/ when it is up to date (tests/batch-workers.ts).
vi.mock('node:worker_threads', async (original) =>
  (await import('./batch-workers')).builtBatchWorkers(await original()),
);

const QUICKSTART = path.join(ROOT, 'tests/fixtures/cli/quickstart.erdl.yaml');
let dir: string;

function io(): CliIo & { stdout: string[]; stderr: string[] } {
  const { progress: _progress, drained: _drained, ...rest } = nodeIo();
  const stdout: string[] = [];
  const stderr: string[] = [];
  return {
    ...rest,
    stdout,
    stderr,
    out: (l) => void stdout.push(l),
    err: (l) => void stderr.push(l),
  };
}

/** Good facts, each written as a JSON Lines row and as a CSV record (`note` may span lines). */
const GOOD = [
  { tool: { name: 'issue_refund', args: { amount: 9000 } } },
  { tool: { name: 'issue_refund', args: { amount: 10 } } },
  { tool: { name: 'send_email', args: { amount: 5001 } } },
  { tool: { name: 'issue_refund', args: { amount: 7000, note: 'two\nlines' } } },
  { tool: { name: 'issue_refund', args: { amount: 1, note: 'a "quoted"\n\nword' } } },
] as const;

/** Bad JSON Lines rows: not JSON, not a mapping, duplicate keys, a bad case, no-break space. */
const BAD_JSONL = [
  '{oops',
  '[]',
  '42',
  'null',
  '""',
  '\u00a0',
  '{"a":1,"a":2}',
  '{"fact":{},"expect":{"decision":"NOPE"}}',
  '{"tool":',
];
/** Lines that are not records. */
const BLANK_JSONL = ['', ' ', '\t', ' \t '];

const CSV_HEADER = 'tool.name,tool.args.amount,tool.args.note';
const csvCell = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);
const csvRecord = (f: (typeof GOOD)[number]) => {
  const note = 'note' in f.tool.args ? f.tool.args.note : '';
  return `${csvCell(f.tool.name)},${f.tool.args.amount},${csvCell(note)}`;
};
/** Bad CSV records: too few / too many cells (one spanning lines), a bad JSON cell, a stray quote. */
const BAD_CSV = [
  'issue_refund',
  'issue_refund,1,x,y',
  '"two\nlines",1',
  'issue_refund,"[1,",',
  '"issue_refund"x,1,',
  'issue_refund,1,"{""a"":}"',
];

type Item = { kind: 'good'; i: number } | { kind: 'bad'; i: number } | { kind: 'blank'; i: number };

const items = (bad: number, blank: number) =>
  fc.array(
    fc.oneof(
      { weight: 5, arbitrary: fc.nat(GOOD.length - 1).map((i) => ({ kind: 'good' as const, i })) },
      { weight: 2, arbitrary: fc.nat(bad - 1).map((i) => ({ kind: 'bad' as const, i })) },
      {
        weight: blank,
        arbitrary: fc.nat(Math.max(0, blank - 1)).map((i) => ({ kind: 'blank' as const, i })),
      },
    ),
    { maxLength: 60 },
  );

/** What the single-fact form prints for each good fact (computed once). */
const single: unknown[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'erdl-batch-prop-'));
  for (const [i, fact] of GOOD.entries()) {
    const f = path.join(dir, `good-${i}.json`);
    writeFileSync(f, JSON.stringify(fact));
    const cap = io();
    expect(await run(['eval', QUICKSTART, f], cap)).toBe(0);
    single.push(JSON.parse(cap.stdout.join('\n')));
  }
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Runs the batch and checks the output against the records written: `records` lists, per record,
 * its first and last line and the good fact it holds (null for a bad one).
 */
async function check(
  file: string,
  records: { line: number; last: number; good: number | null }[],
  workers: number,
): Promise<void> {
  const cap = io();
  const code = await run(['eval', QUICKSTART, '--facts', file, '--workers', String(workers)], cap);
  const bad = records.filter((r) => r.good === null).length;
  expect(code, cap.stderr.join('\n')).toBe(bad > 0 ? 2 : 0);
  expect(cap.stdout).toHaveLength(records.length);
  records.forEach((r, k) => {
    const out = JSON.parse(cap.stdout[k] as string);
    if (r.good === null) {
      expect(out, `output line ${k + 1}`).toEqual({
        line: r.line,
        ...(r.last > r.line ? { last_line: r.last } : {}),
        error: {
          code: expect.any(String),
          line: expect.any(Number),
          column: expect.any(Number),
          message: { en: expect.any(String), zh: expect.any(String) },
        },
      });
      expect(out.error.line).toBeGreaterThanOrEqual(r.line);
      expect(out.error.line).toBeLessThanOrEqual(r.last);
    } else expect(out, `output line ${k + 1}`).toEqual(single[r.good]);
  });
  if (bad > 0)
    expect(cap.stderr.at(-2)).toContain(`${bad} of ${records.length} record(s) could not be read`);
}

describe('erdl eval --facts: one output line per record, in order', () => {
  it('JSON Lines: good rows, bad rows and blank lines in any order', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        items(BAD_JSONL.length, BLANK_JSONL.length),
        fc.boolean(),
        async (list, crlf) => {
          const lines: string[] = [];
          const records: { line: number; last: number; good: number | null }[] = [];
          for (const item of list as Item[]) {
            const line = lines.length + 1;
            if (item.kind === 'blank') lines.push(BLANK_JSONL[item.i] as string);
            else if (item.kind === 'bad') {
              lines.push(BAD_JSONL[item.i] as string);
              records.push({ line, last: line, good: null });
            } else {
              lines.push(JSON.stringify(GOOD[item.i]));
              records.push({ line, last: line, good: item.i });
            }
          }
          const file = path.join(dir, `p${run++}.jsonl`);
          writeFileSync(file, lines.map((l) => `${l}${crlf ? '\r\n' : '\n'}`).join(''));
          await check(file, records, 1 + (run % 2));
        },
      ),
      { numRuns: 8 },
    );
  }, 300_000);

  it('CSV: good records, bad records (some spanning lines) and empty lines in any order', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(items(BAD_CSV.length, 1), async (list) => {
        let text = `${CSV_HEADER}\n`;
        let line = 2;
        const records: { line: number; last: number; good: number | null }[] = [];
        for (const item of list as Item[]) {
          const record =
            item.kind === 'blank'
              ? ''
              : item.kind === 'bad'
                ? (BAD_CSV[item.i] as string)
                : csvRecord(GOOD[item.i] as (typeof GOOD)[number]);
          const last = line + (record.match(/\n/g)?.length ?? 0);
          if (item.kind !== 'blank')
            records.push({ line, last, good: item.kind === 'good' ? item.i : null });
          text += `${record}\n`;
          line = last + 1;
        }
        const file = path.join(dir, `p${run++}.csv`);
        writeFileSync(file, text);
        await check(file, records, 1 + (run % 2));
      }),
      { numRuns: 8 },
    );
  }, 300_000);
});
