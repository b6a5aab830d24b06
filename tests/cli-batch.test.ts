/**
 * `erdl eval RULES --facts FILE` in-process through run(), with the real file system and worker
 * threads: one JSON line per fact in input order whatever the number of workers, the same result
 * as the single-fact form, --fields, CSV, per-row as_of, an error record in place of every record
 * that cannot be read (so output line N is always about record N), and every refusal as a
 * bilingual usage error.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

/** The real io (streamed reads), with output captured. */
function io(): CliIo & { stdout: string[]; stderr: string[] } {
  const real = nodeIo();
  const stdout: string[] = [];
  const stderr: string[] = [];
  const { progress: _progress, drained: _drained, outClosed: _outClosed, ...rest } = real;
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

  // Before issue #35 a bad row was skipped: the output had one line fewer and every later result
  // was paired with the wrong fact. Now it gets an error record in its place.
  it('prints an error record in place of a bad row, positioned in both languages, exits 2', async () => {
    writeFileSync(
      file('bad.jsonl'),
      `${JSON.stringify(refund(1))}\n{oops\n${JSON.stringify(refund(9999))}\n`,
    );
    const cap = io();
    expect(
      await run(['eval', QUICKSTART, '--facts', file('bad.jsonl'), '--fields', 'decision'], cap),
    ).toBe(2);
    expect(cap.stdout).toHaveLength(3);
    expect(cap.stdout[0]).toBe('{"decision":"ALLOW"}');
    expect(JSON.parse(cap.stdout[1] as string)).toEqual({
      line: 2,
      error: {
        code: 'factset-json',
        line: 2,
        column: 2,
        message: {
          en: 'JSON: unexpected "o", expected a key in double quotes',
          zh: 'JSON 语法错误：意外的“o”，应为带双引号的键',
        },
      },
    });
    expect(cap.stdout[2]).toBe('{"decision":"REQUEST_HUMAN"}');
    expect(
      cap.stderr.some((l) => l.startsWith(`${file('bad.jsonl')}:2:2: error factset-json`)),
    ).toBe(true);
    expect(cap.stderr.at(-2)).toBe(
      `erdl: ${file('bad.jsonl')}: 1 of 3 record(s) could not be read (line 2); each has an error record in its place in the output`,
    );
    expect(cap.stderr.at(-1)).toBe(
      `erdl：${file('bad.jsonl')}：3 条记录中有 1 条无法读取（第 2 行）；输出中每条都以一条错误记录占位`,
    );
  }, 60_000);

  it('keeps every later result in place: 5 bad lines among 2,005 give 2,005 lines, on 1 and 3 workers', async () => {
    const bad = new Map<number, string>([
      [0, '{oops'],
      [17, '[]'],
      [256, '42'],
      [1024, 'null'],
      [2004, '""'],
    ]);
    const lines = Array.from(
      { length: 2005 },
      (_, i) => bad.get(i) ?? JSON.stringify(refund((i * 7919) % 10000)),
    );
    // Blank lines and lines of spaces and tabs are not records: they get no output line.
    writeFileSync(file('five-bad.jsonl'), `\n${lines.join('\n')}\n \t\n`);
    const outputs: string[][] = [];
    for (const workers of ['1', '3']) {
      const cap = io();
      const code = await run(
        [
          'eval',
          QUICKSTART,
          '--facts',
          file('five-bad.jsonl'),
          '--fields',
          'name,decision',
          '--workers',
          workers,
        ],
        cap,
      );
      expect(code).toBe(2);
      outputs.push(cap.stdout);
    }
    expect(outputs[0]).toEqual(outputs[1]);
    const out = (outputs[0] as string[]).map((l) => JSON.parse(l));
    expect(out).toHaveLength(2005);
    out.forEach((row, i) => {
      const line = i + 2; // the file starts with a blank line
      if (bad.has(i)) {
        expect(row).toMatchObject({ line, error: { line } });
        expect(row.error.code).toBe(i === 0 ? 'factset-json' : 'suite-type');
        expect(row).not.toHaveProperty('decision');
      } else {
        const amount = (i * 7919) % 10000;
        expect(row).toEqual({
          name: `line ${line}`,
          decision: amount > 5000 ? 'REQUEST_HUMAN' : 'ALLOW',
        });
      }
    });
  }, 120_000);

  it('gives every bad record its error record, beyond the 100 problems listed on stderr', async () => {
    const lines = Array.from({ length: 400 }, (_, i) =>
      i % 3 === 1 ? JSON.stringify(refund(i)) : `bad ${i}`,
    );
    writeFileSync(file('many-bad.jsonl'), `${lines.join('\n')}\n`);
    const cap = io();
    expect(
      await run(
        ['eval', QUICKSTART, '--facts', file('many-bad.jsonl'), '--fields', 'decision'],
        cap,
      ),
    ).toBe(2);
    expect(cap.stdout).toHaveLength(400);
    cap.stdout.forEach((l, i) => {
      expect(JSON.parse(l), `line ${i + 1}`).toEqual(
        i % 3 === 1
          ? { decision: 'ALLOW' }
          : expect.objectContaining({ line: i + 1, error: expect.anything() }),
      );
    });
    expect(cap.stderr.some((l) => l.includes('167 more problems not shown'))).toBe(true);
    expect(cap.stderr.at(-2)).toMatch(
      /: 267 of 400 record\(s\) could not be read \(lines 1, 3, 4, 6, 7, 9, 10, 12, 13, 15, …\)/,
    );
    expect(cap.stderr.at(-1)).toMatch(
      /400 条记录中有 267 条无法读取（第 1、3、4、6、7、9、10、12、13、15 行等）/,
    );
  }, 60_000);

  it('names a CSV record by its line range; an unbalanced quote is refused naming the lines it took in', async () => {
    writeFileSync(
      file('quote.csv'),
      [
        'tool.name,tool.args.amount,tool.args.note',
        'issue_refund,9000,',
        'issue_refund,1,"two', // a quoted cell that spans two lines: one record, lines 3–4
        'lines"',
        '"issue_refund,2,', // an unbalanced quote: it takes in lines 6–8
        'issue_refund,3,',
        'issue_refund,4,',
        '"issue_refund",5,',
        'issue_refund,6,',
        '',
      ].join('\n'),
    );
    const cap = io();
    expect(
      await run(
        ['eval', QUICKSTART, '--facts', file('quote.csv'), '--fields', 'name,decision'],
        cap,
      ),
    ).toBe(2);
    expect(cap.stdout.map((l) => JSON.parse(l))).toEqual([
      { name: 'line 2', decision: 'REQUEST_HUMAN' },
      { name: 'lines 3–4', decision: 'ALLOW' },
      {
        line: 5,
        last_line: 8,
        error: {
          code: 'factset-csv',
          line: 5,
          column: 1,
          message: {
            en: 'the quote opened at line 5, column 1 is closed only at line 8, column 1, where "i" follows the closing quote: the quote is probably unbalanced, and the cell takes in lines 6–8 (write "" for a quote inside a quoted cell)',
            zh: '第 5 行第 1 列的引号直到第 8 行第 1 列才闭合，且右引号后出现“i”：引号很可能不成对，该单元格吞并了第 6–8 行（引号内的引号请写作 ""）',
          },
        },
      },
      { name: 'line 9', decision: 'ALLOW' },
    ]);
    // Counted in records (4), the bad one named by its lines.
    expect(cap.stderr.at(-2)).toMatch(/: 1 of 4 record\(s\) could not be read \(lines 5–8\)/);
  }, 60_000);

  it('a quote left open to the end of a CSV names where it opened and every line it took in', async () => {
    writeFileSync(
      file('open.csv'),
      'tool.name,tool.args.amount\nissue_refund,9000\n"issue_refund,1\nissue_refund,2\nissue_refund,3\n',
    );
    const cap = io();
    expect(
      await run(['eval', QUICKSTART, '--facts', file('open.csv'), '--fields', 'decision'], cap),
    ).toBe(2);
    expect(cap.stdout).toHaveLength(2);
    expect(JSON.parse(cap.stdout[1] as string)).toMatchObject({
      line: 3,
      last_line: 5,
      error: {
        message: {
          en: 'the quote opened at line 3, column 1 is not closed before the end of the file: the cell takes in lines 4–5',
          zh: '第 3 行第 1 列的引号直到文件末尾都没有闭合：该单元格吞并了第 4–5 行',
        },
      },
    });
  }, 60_000);

  it('under an unusable CSV header every row gets an error record naming the header', async () => {
    writeFileSync(file('header.csv'), 'tool.name,tool.name\na,b\n\nc,d\n');
    const cap = io();
    expect(
      await run(['eval', QUICKSTART, '--facts', file('header.csv'), '--fields', 'decision'], cap),
    ).toBe(2);
    expect(cap.stdout.map((l) => JSON.parse(l))).toEqual(
      [2, 4].map((line) => ({
        line,
        error: {
          code: 'factset-csv-header',
          line: 1,
          column: 1,
          message: {
            en: 'the header (line 1) cannot be used, so no row can be read',
            zh: '表头（第 1 行）无法使用，因此所有行都无法读取',
          },
        },
      })),
    );
    expect(cap.stderr[0]).toContain('column "tool.name" appears twice');
  }, 60_000);

  it('an empty JSON Lines file has no records (exit 0); a CSV without its header is refused', async () => {
    writeFileSync(file('empty.jsonl'), '\n \n');
    writeFileSync(file('empty.csv'), '');
    const jsonl = io();
    expect(await run(['eval', QUICKSTART, '--facts', file('empty.jsonl')], jsonl)).toBe(0);
    expect(jsonl.stdout).toEqual([]);
    const csv = io();
    expect(await run(['eval', QUICKSTART, '--facts', file('empty.csv')], csv)).toBe(2);
    expect(csv.stdout).toEqual([]);
    expect(csv.stderr[0]).toContain('factset-csv-header the CSV has no header row');
  }, 60_000);

  it('refuses unknown fields, bad worker counts, other formats, FACT with --facts, --fields without it', async () => {
    const cases: [string[], RegExp][] = [
      [['--facts', file('facts.jsonl'), '--fields', 'decision,nope'], /unknown field\(s\) "nope"/],
      [['--facts', file('facts.jsonl'), '--workers', '0'], /--workers "0"/],
      // More than MAX_WORKERS: refused before any thread starts (each has its own heap).
      [['--facts', file('facts.jsonl'), '--workers', '65'], /--workers "65": .* 1 to 64/],
      [['--facts', file('facts.jsonl'), '--workers', '9999'], /--workers "9999"/],
      [['--facts', file('facts.jsonl'), '--workers', '064'], /--workers "064"/],
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

  it('names every unknown field whole in both languages, hidden characters made visible', async () => {
    const cap = io();
    const args = ['--facts', file('facts.jsonl'), '--fields', 'decision,bogus,nope,\u202Eeno'];
    expect(await run(['eval', QUICKSTART, ...args], cap)).toBe(2);
    expect(cap.stdout).toEqual([]);
    expect(cap.stderr[0]).toContain('unknown field(s) "bogus", "nope", "⟨U+202E⟩eno";');
    expect(cap.stderr[1]).toContain('未知字段“bogus”、“nope”、“⟨U+202E⟩eno”；');
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
  it('is shown only through a terminal’s progress line, then cleared, in the CLI’s language', async () => {
    if (!process.stderr.isTTY) expect(nodeIo().progress).toBeUndefined();
    // English without --lang; the Chinese run is a short one on one worker (it checks the words)
    for (const [lang, line, workers] of [
      [[], /^erdl eval: \d+ facts, \d+ facts\/s$/, []],
      [['--lang', 'zh'], /^erdl eval：已求值 \d+ 条事实，每秒 \d+ 条$/, ['--workers', '1']],
    ] as const) {
      const shown: string[] = [];
      const cap = io();
      const terminal: CliIo = { ...cap, progress: (l) => void shown.push(l) };
      const argv = ['eval', QUICKSTART, '--facts', file('facts.jsonl'), '--fields', 'decision'];
      expect(await run([...lang, ...argv, ...workers], terminal)).toBe(0);
      expect(shown.length).toBeGreaterThanOrEqual(2);
      expect(shown[0]).toMatch(line);
      expect(shown.at(-1)).toBe('');
      expect(cap.stderr).toEqual([]);
      expect(cap.stdout).toHaveLength(3000);
    }
  }, 120_000);
});

describe('erdl eval --facts NAME without a known extension', () => {
  it('a directory or a missing file is named for that, not for its extension; a file for its format', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'erdl-facts-dir-'));
    try {
      const notes = path.join(folder, 'notes.txt');
      writeFileSync(notes, '{}\n');
      const cases: [string, string, string][] = [
        [folder, 'it is a directory, not a file', '这是目录，不是文件'],
        [path.join(folder, 'missing'), 'no such file', '文件不存在'],
        [
          notes,
          '--facts reads JSON Lines (.jsonl, .ndjson) or CSV (.csv)',
          '--facts 只读取 JSON Lines',
        ],
      ];
      for (const [file, en, zh] of cases) {
        const cap = io();
        expect(await run(['eval', QUICKSTART, '--facts', file], cap)).toBe(2);
        expect(cap.stdout).toEqual([]);
        expect(cap.stderr).toHaveLength(2);
        expect(cap.stderr[0]).toContain(en);
        expect(cap.stderr[1]).toContain(zh);
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
