/**
 * Issue #41 point 4: `erdl eval --facts` on JSON Lines, with the main thread only cutting the text
 * into parts of whole lines (split-lines.ts) and the workers parsing, evaluating and printing them
 * (evaluate-lines.ts), joined in order (join-lines.ts). Without threads, as properties:
 * - the parts rebuild the text and each knows its first line number, whatever the chunk and part
 *   sizes (1 character included), line breaks (LF, CRLF), empty lines and a last line without a
 *   line break;
 * - the output lines and the summary (records, rejected records named, problems listed with the
 *   cap of 100 and the closing "N more", errors) are exactly those of the path before #41 — one
 *   parser over the whole stream, its facts cloned to a worker and evaluated — for every --fields.
 * With threads (run()): a line over the row limit, still arriving or whole, is refused in place
 * with its line number as before, and the lines after it keep theirs.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { WorkerSetup } from '../src/cli/batch/evaluate-batch';
import { evaluatePart } from '../src/cli/batch/evaluate-lines';
import { type BatchField, RESULT_FIELDS } from '../src/cli/batch/fields';
import { LinesJoin } from '../src/cli/batch/join-lines';
import { createLineSplitter, type LinePart } from '../src/cli/batch/split-lines';
import { createJsonLinesParser, MAX_ROW_CHARS } from '../src/kernel';
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

/** Feeds `text` to the splitter in chunks of `chunk` characters. */
function split(text: string, chunk: number, partChars: number, maxLine?: number): LinePart[] {
  const s = createLineSplitter(partChars, maxLine);
  const parts: LinePart[] = [];
  for (let i = 0; i < text.length; i += chunk) parts.push(...s.push(text.slice(i, i + chunk)));
  parts.push(...s.end());
  return parts;
}

const lineArb = fc.oneof(
  fc.constantFrom('', ' ', '\t', '{}', '{"a":1}', '{oops', '\r', 'x\ry'),
  fc.string({ maxLength: 12 }).map((s) => s.replaceAll('\n', '')),
);
const textArb = fc
  .tuple(fc.array(lineArb, { maxLength: 40 }), fc.constantFrom('\n', '\r\n'), fc.boolean())
  .map(([lines, eol, last]) => lines.join(eol) + (last && lines.length > 0 ? eol : ''));

describe('cutting a text into parts of whole lines (split-lines.ts)', () => {
  it('rebuilds the text, each part starting on a line and knowing its number', () => {
    fc.assert(
      fc.property(
        textArb,
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 60 }),
        (text, chunk, partChars) => {
          const parts = split(text, chunk, partChars);
          expect(parts.map((p) => (p.kind === 'lines' ? p.text : '')).join('')).toBe(text);
          let offset = 0;
          for (const [i, p] of parts.entries()) {
            if (p.kind !== 'lines') throw new Error('no line is over the limit here');
            expect(p.text.length).toBeGreaterThan(0);
            expect(p.line).toBe(text.slice(0, offset).split('\n').length);
            if (offset > 0) expect(text[offset - 1]).toBe('\n');
            offset += p.text.length;
            // Every part but the last ends with a line break; each holds at least partChars
            // characters but the last two (the end cuts the whole lines left, then the rest).
            if (offset < text.length) expect(p.text.endsWith('\n')).toBe(true);
            if (i < parts.length - 2) expect(p.text.length).toBeGreaterThanOrEqual(partChars);
          }
        },
      ),
      fuzzParams(41, 300),
    );
  });

  it('cuts at every line with one-character chunks and parts; keeps a last line without a break', () => {
    const text = 'a\r\n\nbc\n\r\nlast';
    const parts = split(text, 1, 1);
    expect(parts).toEqual([
      { kind: 'lines', text: 'a\r\n', line: 1 },
      { kind: 'lines', text: '\n', line: 2 },
      { kind: 'lines', text: 'bc\n', line: 3 },
      { kind: 'lines', text: '\r\n', line: 4 },
      { kind: 'lines', text: 'last', line: 5 },
    ]);
    const s = createLineSplitter(1);
    for (const c of text) s.push(c);
    s.end();
    expect(s.lastLine).toBe(5);
  });

  it('refuses a line still arriving over the limit by its number and drops its text', () => {
    // Limit 5: "0123456" is over it once 6 of its characters are held after a chunk.
    const parts = split('ab\n0123456789\ncd\nxxxxxxxxxx', 3, 1, 5);
    expect(parts).toEqual([
      { kind: 'lines', text: 'ab\n', line: 1 },
      { kind: 'overlong', line: 2 },
      { kind: 'lines', text: 'cd\n', line: 3 },
      { kind: 'overlong', line: 4 },
    ]);
    // A whole line over the limit that arrives in one chunk is the parser's to refuse.
    expect(split('0123456789\n', 100, 1, 5)).toEqual([
      { kind: 'lines', text: '0123456789\n', line: 1 },
    ]);
  });
});

const GOOD = [
  '{"tool":{"name":"issue_refund","args":{"amount":9000}}}',
  '{"tool":{"name":"issue_refund","args":{"amount":10}}}',
  '{"tool":{"name":"send_email","args":{"amount":9007199254740993}}}',
  '{"name":"late","as_of":"2030-01-01T00:00:00Z","fact":{"tool":{"name":"issue_refund","args":{"amount":7000}}}}',
  '{"tool":{"name":"e\\u0301","args":{"amount":1.5e300}}}',
];
const BAD = [
  '{oops',
  '[]',
  '42',
  'null',
  '\u00a0',
  '{"a":1,"a":2}',
  '{"fact":{},"expect":{"decision":"NOPE"}}',
  '{"tool":',
  '{"a":1e999}',
];
const BLANK = ['', ' ', '\t '];

const FIELD_SETS: readonly (readonly BatchField[])[] = [
  RESULT_FIELDS,
  ['name', 'decision'],
  ['decision', 'matched_rules', 'result_hash', 'name'],
];

/** The path before #41: one parser over the stream, facts cloned to a worker, error records merged. */
const before = (text: string, chunk: number, setup: WorkerSetup): BatchOutcome =>
  referenceBatch(createJsonLinesParser(), text, chunk, evaluator, setup);

/**
 * The path of #41: parts cut on the main thread, each parsed and evaluated as a worker does, its
 * parser given `slice` characters at a time (cut after a line break).
 */
function after(
  text: string,
  chunk: number,
  partChars: number,
  setup: WorkerSetup,
  slice?: number,
): BatchOutcome {
  const splitter = createLineSplitter(partChars);
  const join = new LinesJoin();
  const lines: string[] = [];
  let seq = 0;
  const send = (parts: LinePart[]) => {
    for (const p of parts) {
      const reply = evaluatePart(
        evaluator,
        setup,
        { kind: 'lines', seq: seq++, text: p.kind === 'lines' ? p.text : null, line: p.line },
        slice,
      );
      if (reply.records > 0) lines.push(...reply.out.split('\n'));
      join.add(reply);
    }
  };
  for (let i = 0; i < text.length; i += chunk) send(splitter.push(text.slice(i, i + chunk)));
  send(splitter.end());
  join.finish(splitter.lastLine);
  return {
    lines,
    records: join.records,
    rejected: join.rejected,
    rejectedLines: join.rejectedLines,
    problems: join.problems,
    errors: join.errors,
  };
}

function expectSame(
  text: string,
  chunk: number,
  partChars: number,
  setup: WorkerSetup,
  slice?: number,
): void {
  expectSameOutcome(after(text, chunk, partChars, setup, slice), before(text, chunk, setup));
}

const recordArb = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...GOOD) },
  { weight: 2, arbitrary: fc.constantFrom(...BAD) },
  { weight: 1, arbitrary: fc.constantFrom(...BLANK) },
);

describe('parts parsed and evaluated apart give the output of one parser (property)', () => {
  it('any mix of records, blank lines, CRLF, a last line without a break, every --fields', {
    timeout: fuzzTimeout(4),
  }, () => {
    fc.assert(
      fc.property(
        fc.array(recordArb, { maxLength: 60 }),
        fc.constantFrom('\n', '\r\n'),
        fc.boolean(),
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 1, max: 300 }),
        fc.constantFrom(...FIELD_SETS),
        fc.integer({ min: 1, max: 200 }),
        (records, eol, final, chunk, partChars, fields, slice) => {
          const text = records.join(eol) + (final ? eol : '');
          const setup = { rules, asOf: '2026-01-15T00:00:00Z', fields };
          expectSame(text, chunk, partChars, setup, slice);
        },
      ),
      fuzzParams(4141, 60),
    );
  });

  it('more than 100 problems over many parts: the same 100 listed, the same count of the rest', () => {
    const text = `${Array.from({ length: 700 }, (_, i) => (i % 3 === 0 ? `{bad ${i}` : GOOD[i % GOOD.length])).join('\n')}\n`;
    for (const [chunk, partChars, slice] of [
      [1, 1, undefined],
      [97, 50, 1],
      [4096, 1000, 30],
      [4096, 1 << 20, 500],
    ] as const)
      expectSame(
        text,
        chunk,
        partChars,
        { rules, asOf: '2026-01-15T00:00:00Z', fields: ['decision'] },
        slice,
      );
    const b = after(text, 4096, 1000, {
      rules,
      asOf: '2026-01-15T00:00:00Z',
      fields: ['decision'],
    });
    expect(b.problems.at(-1)?.message.en).toBe(
      '134 more problems not shown (the first 100 are listed)',
    );
    expect(b.problems.at(-1)?.line).toBe(701);
  });
});

// Hostile: lines over the 1 Mi-character row limit, one still arriving when the chunk ends (dropped
// as it streams in, never held whole) and one whole; the lines after keep their numbers.
describe('erdl eval --facts with lines over the row limit (threads)', () => {
  it('refuses each in its place, as one parser of the stream does', async () => {
    const long = `{"a":"${'x'.repeat(MAX_ROW_CHARS * 3)}"}`;
    const blank = ' '.repeat(MAX_ROW_CHARS + 10);
    const text = [GOOD[0], long, GOOD[1], blank, '{oops', GOOD[2]].join('\n');
    // The reference reads the same chunks the command streams: the long line is over the limit
    // when a chunk ends, the blank one (a little over it) arrives whole and is no record.
    const cap = await commandBeside(QUICKSTART, 'long.jsonl', text, before);
    const ref = cap.ref;
    expect(cap.code).toBe(2);
    expect(cap.stdout).toEqual(ref.lines);
    expect(cap.stdout).toHaveLength(5);
    expect(JSON.parse(cap.stdout[1] as string).error).toMatchObject({
      code: 'factset-row-size',
      line: 2,
      column: 1,
    });
    expect(JSON.parse(cap.stdout[3] as string).error).toMatchObject({
      code: 'factset-json',
      line: 5,
    });
    expect(JSON.parse(cap.stdout[4] as string)).toMatchObject({ name: 'line 6' });
    expect(cap.stderr.join('\n')).toContain('2 of 5 record(s) could not be read (lines 2, 5)');
  }, 120_000);
});
