import { describe, expect, it } from 'vitest';
import { createCsvParser } from './csv-facts';
import {
  type FactSetBatch,
  type FactSetParser,
  factSetFormat,
  MAX_REPORTED_PROBLEMS,
  parseFactSet,
} from './fact-set';
import { createJsonLinesParser } from './jsonl-facts';

/** Feeds `text` in chunks of `size` characters, as the worker does with a file stream. */
function chunked(parser: FactSetParser, text: string, size: number): FactSetBatch {
  const cases = [];
  const diagnostics = [];
  const rejected = [];
  for (let i = 0; i < text.length; i += size) {
    const b = parser.push(text.slice(i, i + size));
    cases.push(...b.cases);
    diagnostics.push(...b.diagnostics);
    rejected.push(...(b.rejected ?? []));
  }
  const b = parser.end();
  return {
    cases: [...cases, ...b.cases],
    diagnostics: [...diagnostics, ...b.diagnostics],
    rejected: [...rejected, ...(b.rejected ?? [])],
  };
}

const JSONL = [
  '{"tool":{"name":"issue_refund","args":{"amount":8000}}}',
  '',
  '{"name":"small","fact":{"tool":{"name":"issue_refund","args":{"amount":10}}},"expect":{"decision":"ALLOW"}}',
  '{"fact":{"t":"中文"},"as_of":"2026-01-15T09:00:00Z","expect":{"decision":"DENY","matched_rules":["A"]}}',
].join('\r\n');

describe('JSON Lines fact sets', () => {
  it('reads bare facts and cases; blank lines and CRLF are fine; names default to the line', () => {
    const { cases, diagnostics } = parseFactSet(createJsonLinesParser(), JSONL);
    expect(diagnostics).toEqual([]);
    expect(cases.map((c) => c.name)).toEqual(['line 1', 'small', 'line 4']);
    expect(cases[0]?.fact).toEqual({ tool: { name: 'issue_refund', args: { amount: 8000 } } });
    expect(cases[0]?.expect).toBeUndefined();
    expect(cases[1]?.expect).toEqual({ decision: 'ALLOW' });
    expect(cases[2]).toMatchObject({
      as_of: '2026-01-15T09:00:00Z',
      fact: { t: '中文' },
      expect: { decision: 'DENY', matched_rules: ['A'] },
    });
    const r = cases[2]?.range;
    expect(r && JSONL.slice(r.start, r.end)).toBe(JSONL.split('\r\n')[3]);
  });

  it('gives the same rows whatever the chunk boundaries', () => {
    const whole = parseFactSet(createJsonLinesParser(), JSONL);
    for (const size of [1, 2, 3, 7, 50])
      expect(chunked(createJsonLinesParser(), JSONL, size)).toEqual(whole);
  });

  it('a bad row is reported at its line and column and skipped; the others import', () => {
    const text =
      '{"a":1}\n{"a":1,"a":2}\n{"a": tru}\n[1]\n{"expect":{"decision":"NOPE"},"fact":{}}\n{"b":2}';
    const parser = createJsonLinesParser();
    const { cases, diagnostics } = parseFactSet(parser, text);
    expect(cases.map((c) => c.name)).toEqual(['line 1', 'line 6']);
    expect(diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([
      ['factset-json', 2, 8],
      ['factset-json', 3, 7],
      ['suite-type', 4, 1],
      ['suite-decision', 5, 1],
    ]);
    expect(diagnostics[0]?.message.en).toBe('JSON: duplicate key "a"');
    expect(diagnostics[0]?.message.zh).toBe('JSON 语法错误：重复的键“a”');
    expect(diagnostics[1]?.message.en).toContain('unexpected "t", expected a JSON value');
    expect(parser.rows).toBe(6);
    expect(parser.skipped).toBe(4);
  });

  it('counts progress in characters consumed', () => {
    const parser = createJsonLinesParser();
    parser.push(JSONL.slice(0, 10));
    expect(parser.consumed).toBe(10);
    parser.push(JSONL.slice(10));
    expect(parser.consumed).toBe(JSONL.length);
  });

  it('caps the problems it lists and says how many more there were', () => {
    const text = Array.from({ length: MAX_REPORTED_PROBLEMS + 30 }, () => 'x').join('\n');
    const { diagnostics } = parseFactSet(createJsonLinesParser(), text);
    expect(diagnostics).toHaveLength(MAX_REPORTED_PROBLEMS + 1);
    expect(diagnostics.at(-1)?.message.en).toBe(
      `30 more problems not shown (the first ${MAX_REPORTED_PROBLEMS} are listed)`,
    );
  });

  it('reads 10,000 rows', () => {
    const lines = Array.from(
      { length: 10_000 },
      (_, i) =>
        `{"name":"r${i}","fact":{"tool":{"name":"t${i % 7}","args":{"amount":${i}}}},"expect":{"decision":"ALLOW"}}`,
    );
    const { cases, diagnostics } = chunked(createJsonLinesParser(), lines.join('\n'), 65_536);
    expect(diagnostics).toEqual([]);
    expect(cases).toHaveLength(10_000);
    expect(cases[9_999]?.fact).toEqual({ tool: { name: 't3', args: { amount: 9999 } } });
  });
});

const CSV = [
  '\uFEFFname,tool.name,tool.args.amount,tool.args.note,context.tags,expect.decision,expect.matched_rules',
  'big refund,issue_refund,8000,"say ""hi""",,REQUEST_HUMAN,SEC-001-refund-limit',
  ',issue_refund,10,"two',
  'lines",["a"],ALLOW,',
  'text number,issue_refund,"""8000""",,,,',
].join('\r\n');

describe('CSV fact sets', () => {
  it('maps dotted columns to nested facts, reads JSON cells, quoted cells and case columns', () => {
    const { cases, diagnostics } = parseFactSet(createCsvParser(), CSV);
    expect(diagnostics).toEqual([]);
    // The unnamed record spans lines 3–4 (a quoted cell with a line break): named by its range.
    expect(cases.map((c) => c.name)).toEqual(['big refund', 'lines 3–4', 'text number']);
    expect(cases[0]).toMatchObject({
      fact: { tool: { name: 'issue_refund', args: { amount: 8000, note: 'say "hi"' } } },
      expect: { decision: 'REQUEST_HUMAN', matched_rules: ['SEC-001-refund-limit'] },
    });
    // An empty cell leaves the field absent.
    expect(cases[0]?.fact).not.toHaveProperty('context');
    expect(cases[1]).toMatchObject({
      fact: { tool: { args: { amount: 10, note: 'two\r\nlines' } }, context: { tags: ['a'] } },
      expect: { decision: 'ALLOW' },
    });
    // A JSON string cell keeps digits as text.
    expect(cases[2]?.fact).toEqual({ tool: { name: 'issue_refund', args: { amount: '8000' } } });
    expect(cases[2]?.expect).toBeUndefined();
  });

  it('gives the same rows whatever the chunk boundaries (CRLF split, quotes split)', () => {
    const whole = parseFactSet(createCsvParser(), CSV);
    for (const size of [1, 2, 3, 5, 64])
      expect(chunked(createCsvParser(), CSV, size)).toEqual(whole);
  });

  it('reports header problems once and skips every row', () => {
    const parser = createCsvParser();
    const { cases, diagnostics } = parseFactSet(parser, 'a,a.b,expect.x,,a\n1,2,3,4,5\n');
    expect(cases).toEqual([]);
    expect(diagnostics.map((d) => [d.code, d.column, d.message.en])).toEqual([
      [
        'factset-csv-header',
        7,
        'column "expect.x": the case columns are name, as_of, expect.decision, expect.matched_rules; other columns are fact paths',
      ],
      ['factset-csv-header', 16, 'column 4 has no name'],
      ['factset-csv-header', 17, 'column "a" appears twice'],
      [
        'factset-csv-header',
        3,
        'column "a.b" is inside column "a": a field cannot be both a value and an object',
      ],
    ]);
    expect(diagnostics[3]?.message.zh).toContain('一个字段不能既是值又是对象');
    expect(parser.skipped).toBe(1);
  });

  it('names every column inside another, outer column first, at any depth', () => {
    const { diagnostics } = parseFactSet(createCsvParser(), 'a,a.b.c,a.b,x\n1,2,3,4\n');
    expect(diagnostics.map((d) => [d.column, d.message.en.split(':')[0]])).toEqual([
      [3, 'column "a.b.c" is inside column "a"'],
      [9, 'column "a.b" is inside column "a"'],
      [3, 'column "a.b.c" is inside column "a.b"'],
    ]);
  });

  it('reads a header of 100,000 columns in linear time (each pair compared took minutes)', () => {
    const n = 100_000;
    const header = Array.from({ length: n }, (_, i) => `f.c${i}`).join(',');
    const row = Array.from({ length: n }, (_, i) => String(i)).join(',');
    const { cases, diagnostics } = parseFactSet(createCsvParser(), `${header}\n${row}\n`);
    expect(diagnostics).toEqual([]);
    expect(cases).toHaveLength(1);
    const bad = parseFactSet(createCsvParser(), `f,${header}\n0,${row}\n`);
    // Every column is inside "f": the first 100 named, the rest counted, every row refused.
    expect(bad.cases).toEqual([]);
    expect(bad.diagnostics.at(-1)?.message.en).toBe(
      `${n - 100} more problems not shown (the first 100 are listed)`,
    );
  });

  it('a row with the wrong number of cells, a bad JSON cell, a stray quote or an open quote is positioned', () => {
    const text = 'x,expect.decision\n1\n"[1,",DENY\n"a"b,ALLOW\n2,DENIED\n"open,ALLOW\n';
    const { cases, diagnostics } = parseFactSet(createCsvParser(), text);
    expect(cases).toEqual([]);
    expect(diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([
      ['factset-csv-cells', 2, 1],
      ['factset-csv-cell', 3, 1],
      ['factset-csv', 4, 4],
      ['suite-decision', 5, 1],
      ['factset-csv', 6, 1],
    ]);
    expect(diagnostics[0]?.message.en).toBe('the row has 1 cells, the header has 2');
    expect(diagnostics[4]?.message.en).toBe(
      'a quoted cell is not closed before the end of the file',
    );
    expect(diagnostics[4]?.message.zh).toBe('带引号的单元格直到文件末尾都没有闭合');
  });

  it('an empty file has no header', () => {
    const { diagnostics } = parseFactSet(createCsvParser(), '');
    expect(diagnostics[0]?.code).toBe('factset-csv-header');
  });

  it('reads 10,000 rows in chunks', () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => `r${i},t${i % 7},${i},ALLOW`);
    const text = ['name,tool.name,tool.args.amount,expect.decision', ...rows].join('\n');
    const { cases, diagnostics } = chunked(createCsvParser(), text, 65_536);
    expect(diagnostics).toEqual([]);
    expect(cases).toHaveLength(10_000);
    expect(cases[9_999]).toMatchObject({
      name: 'r9999',
      fact: { tool: { name: 't3', args: { amount: 9999 } } },
    });
  });
});

describe('factSetFormat', () => {
  it('knows the streaming formats by extension', () => {
    expect(['a.jsonl', 'B.NDJSON', 'c.csv', 'd.facts.yaml', 'e.json'].map(factSetFormat)).toEqual([
      'jsonl',
      'jsonl',
      'csv',
      null,
      null,
    ]);
  });
});
