/**
 * Issue #41 point 4 for CSV: `erdl eval --facts` with the main thread only cutting the text into
 * parts of whole records (split-records.ts: a quote-state scan, a record spanning lines kept
 * whole, the header passed along) and the workers parsing, evaluating and printing them
 * (evaluate-lines.ts), joined in order (join-lines.ts). Without threads, as a property: the output
 * lines and the summary (records, rejected records named by their line ranges, problems listed
 * with the cap of 100 and the closing "N more" where the text ends, errors) are exactly those of
 * the path before — one parser over the whole stream, its facts cloned to a worker — for every
 * --fields, any chunk and part size, LF / CRLF / CR line breaks (in quoted cells too), a byte order
 * mark, empty lines, bad, missing or late headers, bad cells, cell counts and quotes, a runaway
 * quote; and with records "over the limit" (a small one here) read on the main thread.
 * Hostile: a 100 MB one-record file and a runaway quote over the 1 Mi-character limit are refused
 * as before, never held; with threads (run()), the records after a refused one keep their lines.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateCase, type WorkerSetup } from '../src/cli/batch/evaluate-batch';
import { evaluatePart, partReply } from '../src/cli/batch/evaluate-lines';
import { type BatchField, RESULT_FIELDS } from '../src/cli/batch/fields';
import { LinesJoin } from '../src/cli/batch/join-lines';
import { type CsvPart, createCsvSplitter } from '../src/cli/batch/split-records';
import { createCsvParser, MAX_ROW_CHARS } from '../src/kernel';
import {
  type BatchOutcome,
  commandBeside,
  expectSameOutcome,
  QUICKSTART,
  quickStart,
  referenceBatch,
} from './batch-support';
import { fuzzParams, fuzzTimeout } from './fuzz/runs';

const { rules, evaluator } = quickStart();
const AS_OF = '2026-01-15T00:00:00Z';

const onePass = (text: string, chunk: number, setup: WorkerSetup): BatchOutcome =>
  referenceBatch(createCsvParser(), text, chunk, evaluator, setup);

/**
 * The path of #41: parts cut on the main thread, each parsed and evaluated as a worker does (its
 * parser given `slice` characters at a time, cut after a line break, even inside a quoted cell); a
 * part read on the main thread (over `maxRecord`) printed as run-batch prints it — with the facts
 * it holds evaluated here, since a small limit lets it hold good records too.
 */
function inParts(
  text: string,
  chunk: number,
  partChars: number,
  setup: WorkerSetup,
  maxRecord?: number,
  slice?: number,
): BatchOutcome & { parts: CsvPart[] } {
  const splitter = createCsvSplitter(partChars, maxRecord);
  const join = new LinesJoin();
  const lines: string[] = [];
  const parts: CsvPart[] = [];
  let seq = 0;
  const send = (cut: CsvPart[]) => {
    for (const p of cut) {
      parts.push(p);
      const reply =
        p.kind === 'records'
          ? evaluatePart(evaluator, setup, { ...p, kind: 'csv', seq: seq++ }, slice)
          : partReply(seq++, p.batches, p.rows, p.base, (c) => evaluateCase(evaluator, setup, c));
      if (reply.records > 0) lines.push(...reply.out.split('\n'));
      join.add(reply);
    }
  };
  for (let i = 0; i < text.length; i += chunk) send(splitter.push(text.slice(i, i + chunk)));
  send(splitter.end());
  const end = splitter.endPlace;
  join.finish(end.line, end);
  if (!splitter.hasHeader) {
    join.problems.push(...createCsvParser().end().diagnostics);
    join.errors++;
  }
  return {
    lines,
    records: join.records,
    rejected: join.rejected,
    rejectedLines: join.rejectedLines,
    problems: join.problems,
    errors: join.errors,
    parts,
  };
}

const FIELD_SETS: readonly (readonly BatchField[])[] = [
  RESULT_FIELDS,
  ['name', 'decision'],
  ['decision', 'matched_rules', 'result_hash', 'name'],
];

const HEADERS = [
  'tool.name,tool.args.amount,tool.args.note',
  'name,tool.name,tool.args.amount',
  'as_of,tool.name,tool.args.amount',
  'tool.name,tool.name,x', // unusable: every row is refused naming it
  '"tool.name\nx",tool.args.amount,y', // a header spanning lines
  'tool.name,"a"b,c', // a quote problem in the header
];
/** Cells: good, JSON, multi-line quoted (LF, CRLF, CR), bad JSON, bad quotes, numbers refused. */
const CELLS = [
  'issue_refund',
  'send_email',
  '9000',
  '10',
  '9007199254740993',
  '1.5e300',
  '',
  '2030-01-01T00:00:00Z',
  '"two\nlines"',
  '"a ""quoted""\r\n\r\nword"',
  '"cr\ronly"',
  '"{""k"":1}"',
  '[1,2]',
  'true',
  '{oops',
  '1e999',
  'a"b',
  '""',
  '"closed"late',
  '"open\nthen"x',
  ' "spaced" ',
];
const cellArb = fc.constantFrom(...CELLS);
const eolArb = fc.constantFrom('\n', '\r\n', '\r');
/** A record: mostly three cells, sometimes more or fewer; rarely a quote never closed. */
const recordArb = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.array(cellArb, { minLength: 3, maxLength: 3 }).map((c) => c.join(',')),
  },
  {
    weight: 2,
    arbitrary: fc.array(cellArb, { minLength: 1, maxLength: 5 }).map((c) => c.join(',')),
  },
  { weight: 1, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: fc.constant('issue_refund,"runaway,1') },
);
const textArb = fc
  .record({
    bom: fc.boolean(),
    blanks: fc.array(eolArb, { maxLength: 2 }),
    header: fc.option(fc.constantFrom(...HEADERS), { freq: 8 }),
    records: fc.array(fc.tuple(recordArb, eolArb), { maxLength: 40 }),
    final: fc.boolean(),
  })
  .map(({ bom, blanks, header, records, final }) => {
    const body = records.map(([r, eol]) => r + eol).join('');
    const text = `${bom ? '\uFEFF' : ''}${blanks.join('')}${header === null ? '' : `${header}\n`}${body}`;
    // Without its last line break at times (a last record that ends the file).
    return final ? text : text.replace(/(\r\n|\r|\n)$/, '');
  });

describe('CSV parts parsed and evaluated apart give the output of one parser (property)', () => {
  it('any mix of records, headers, quotes and line breaks; every chunk and part size and --fields', {
    timeout: fuzzTimeout(6),
  }, () => {
    fc.assert(
      fc.property(
        textArb,
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 1, max: 300 }),
        fc.constantFrom(...FIELD_SETS),
        fc.option(fc.integer({ min: 1, max: 60 }), { freq: 2 }),
        fc.integer({ min: 1, max: 200 }),
        (text, chunk, partChars, fields, maxRecord, slice) => {
          const setup = { rules, asOf: AS_OF, fields };
          const max = maxRecord ?? undefined;
          const { parts, ...b } = inParts(text, chunk, partChars, setup, max, slice);
          expectSameOutcome(b, onePass(text, chunk, setup));
          // The parts of records rebuild the text after its empty lines before the header.
          const joined = parts.map((p) => (p.kind === 'records' ? p.text : '')).join('');
          if (maxRecord === null) expect(text.endsWith(joined)).toBe(true);
        },
      ),
      fuzzParams(4142, 100),
    );
  });

  it('more than 100 problems over many parts: the same 100, the count of the rest where the text ends', () => {
    const rows = Array.from({ length: 700 }, (_, i) =>
      i % 3 === 0 ? `issue_refund,{bad ${i},x` : `issue_refund,${i},"n\r\n${i}"`,
    );
    const text = `tool.name,tool.args.amount,tool.args.note\r\n${rows.join('\r\n')}`;
    const setup: WorkerSetup = { rules, asOf: AS_OF, fields: ['decision'] };
    for (const [chunk, partChars, slice] of [
      [1, 1, undefined],
      [97, 50, 1],
      [4096, 1000, 30],
      [4096, 1 << 20, 500],
    ] as const) {
      const { parts: _, ...b } = inParts(text, chunk, partChars, setup, undefined, slice);
      expectSameOutcome(b, onePass(text, chunk, setup));
    }
    const b = inParts(text, 4096, 1000, setup);
    expect(b.problems.at(-1)?.message.en).toBe(
      '134 more problems not shown (the first 100 are listed)',
    );
    // 234 one-line and 466 two-line rows after the header; the last ends the file without a break.
    expect(b.problems.at(-1)).toMatchObject({ line: 1167, column: 24 });
  });
});

/** A text of `size` characters streamed in chunks of the same string: never held whole here. */
function* streamed(head: string, size: number, tail = ''): Generator<string> {
  const block = 'x'.repeat(1 << 20);
  yield head;
  for (let n = 0; n < size; n += block.length) yield block;
  if (tail) yield tail;
}

function runStreamed(chunks: () => Iterable<string>, setup: WorkerSetup) {
  const splitter = createCsvSplitter(64 * 1024);
  const replies = [];
  let held = 0;
  for (const c of chunks())
    for (const p of splitter.push(c)) {
      if (p.kind === 'records') held = Math.max(held, p.text.length);
      replies.push(p);
    }
  replies.push(...splitter.end());
  const reference = createCsvParser();
  const ref = [...chunks()].flatMap((c) => [reference.push(c)]).concat(reference.end());
  const ours = replies.map((p) =>
    p.kind === 'records'
      ? evaluatePart(evaluator, setup, { ...p, kind: 'csv', seq: 0 })
      : partReply(0, p.batches, p.rows, p.base, null),
  );
  return { ours, ref, held, rows: reference.rows };
}

describe('hostile CSV: records over the size limit are refused as before, never held', () => {
  const setup: WorkerSetup = { rules, asOf: AS_OF, fields: ['decision'] };

  it('a 100 MB record as the header: refused for its size, and the row after it for the header', {
    timeout: 120_000,
  }, () => {
    const { ours, ref, held } = runStreamed(() => streamed('', 100 * 1024 * 1024, '\nx\n'), setup);
    expect(held).toBe(0);
    const mine = ours.flatMap((r) => r.diagnostics);
    const theirs = ref.flatMap((b) => b.diagnostics);
    expect(mine).toEqual(theirs);
    expect(mine[0]?.message.en).toContain(`longer than ${MAX_ROW_CHARS} characters`);
    // The row after it is refused for the header, as before.
    expect(ours.reduce((n, r) => n + r.rejected, 0)).toBe(1);
  });

  it('a runaway quote over the limit between good rows: one error record, the next rows after it', () => {
    const head = 'tool.name,tool.args.amount\nissue_refund,9000\nissue_refund,"open\n';
    const chunks = () => streamed(head, 3 * MAX_ROW_CHARS, '\nmore"x,1\nsend_email,10\n');
    const { ours, ref, held, rows } = runStreamed(chunks, setup);
    expect(held).toBeLessThan(MAX_ROW_CHARS);
    const lines = ours.filter((r) => r.records > 0).flatMap((r) => r.out.split('\n'));
    expect(lines).toHaveLength(rows);
    expect(ours.flatMap((r) => r.diagnostics)).toEqual(ref.flatMap((b) => b.diagnostics));
    expect(JSON.parse(lines[1] as string)).toMatchObject({ line: 3, last_line: 5 });
    expect(JSON.parse(lines[2] as string)).toEqual({ decision: 'ALLOW' });
  });
});

describe('erdl eval --facts on CSV with a record over the size limit (threads)', () => {
  it('refuses it in its place, as one parser of the stream does; the rows after keep theirs', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => `issue_refund,${i * 50},"n\n${i}"`);
    const long = `issue_refund,1,"${'x'.repeat(MAX_ROW_CHARS * 2)}\nstill"`;
    const text = `\uFEFFtool.name,tool.args.amount,tool.args.note\r\n${[...rows, long, ...rows, '{bad,1,2'].join('\n')}`;
    const cap = await commandBeside(QUICKSTART, 'long.csv', text, onePass);
    const ref = cap.ref;
    expect(cap.code).toBe(2);
    expect(cap.stdout).toEqual(ref.lines);
    expect(cap.stdout).toHaveLength(602);
    expect(JSON.parse(cap.stdout[300] as string).error).toMatchObject({ code: 'factset-csv' });
    expect(JSON.parse(cap.stdout[301] as string)).toMatchObject({ name: 'lines 604–605' });
    expect(cap.stderr.join('\n')).toContain('2 of 602 record(s) could not be read');
  }, 120_000);
});
