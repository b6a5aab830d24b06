/**
 * Records of a fact set (issue #35 §2, ruling I-87): every record is either read or rejected —
 * never dropped unnamed — with its place among the records, its line range and its first error;
 * blank lines are not records; a CSV quote that takes in lines is named with the lines it took.
 */
import { describe, expect, it } from 'vitest';
import { type CsvRecord, createCsvTokenizer } from '../util/csv-tokenizer';
import { createCsvParser } from './csv-facts';
import { type FactSetParser, MAX_REPORTED_PROBLEMS, MAX_ROW_CHARS, parseFactSet } from './fact-set';
import { createJsonLinesParser } from './jsonl-facts';

/** Every record in order: the case's name, or `!code@line[-last]` for a rejected one. */
function records(parser: FactSetParser, text: string, chunk = text.length || 1): string[] {
  const out: { index: number; text: string }[] = [];
  let read = 0;
  const take = (b: ReturnType<FactSetParser['push']>) => {
    const rejected = b.rejected ?? [];
    const indices = new Set(rejected.map((r) => r.index));
    for (const r of rejected)
      out.push({
        index: r.index,
        text: `!${r.problem.code}@${r.line}${r.lastLine > r.line ? `-${r.lastLine}` : ''}`,
      });
    for (const c of b.cases) {
      while (indices.has(read)) read++;
      out.push({ index: read++, text: c.name });
    }
    while (indices.has(read)) read++;
  };
  for (let i = 0; i < text.length; i += chunk) take(parser.push(text.slice(i, i + chunk)));
  take(parser.end());
  return out.sort((a, b) => a.index - b.index).map((r) => r.text);
}

describe('JSON Lines records', () => {
  it('a line of spaces and tabs is not a record; any other line is one, read or rejected', () => {
    const text = [
      '{"a":1}',
      '',
      ' \t ',
      '[]',
      '42',
      'null',
      '""',
      '\u00a0', // a no-break space: a record, not JSON (String.trim would have dropped it)
      '\u3000',
      '{oops',
      '{"b":2}',
    ].join('\r\n');
    const parser = createJsonLinesParser();
    expect(records(parser, text)).toEqual([
      'line 1',
      '!suite-type@4',
      '!suite-type@5',
      '!suite-type@6',
      '!suite-type@7',
      '!factset-json@8',
      '!factset-json@9',
      '!factset-json@10',
      'line 11',
    ]);
    expect(parser.rows).toBe(9);
    expect(parser.skipped).toBe(7);
  });

  it('keeps every rejected record, with its first error, beyond the listed problems', () => {
    const n = MAX_REPORTED_PROBLEMS + 50;
    const text = Array.from({ length: n }, (_, i) => `x${i}`).join('\n');
    const read = parseFactSet(createJsonLinesParser(), text);
    expect(read.diagnostics).toHaveLength(MAX_REPORTED_PROBLEMS + 1);
    expect(read.rejected).toHaveLength(n);
    expect(read.rejected?.at(-1)).toMatchObject({
      index: n - 1,
      line: n,
      lastLine: n,
      problem: { code: 'factset-json', line: n, column: 1 },
    });
  });

  it('gives the same records whatever the chunks', () => {
    const text = '{"a":1}\n\n[1]\n{"a":\n  \n{"b":2}\n"x"';
    const whole = records(createJsonLinesParser(), text);
    for (const size of [1, 2, 3, 7])
      expect(records(createJsonLinesParser(), text, size)).toEqual(whole);
  });

  it('an over-long line is a rejected record too', () => {
    const text = `{"a":1}\n{"x":"${'y'.repeat(MAX_ROW_CHARS)}"}\n{"b":2}\n`;
    expect(records(createJsonLinesParser(), text, 65_536)).toEqual([
      'line 1',
      '!factset-row-size@2',
      'line 3',
    ]);
  });
});

describe('CSV records', () => {
  const HEADER = 'tool.name,tool.args.amount';

  it('a record that spans lines is one record named by its line range', () => {
    const text = `${HEADER}\nissue_refund,1\n"issue\nrefund",2\n\nissue_refund,3\n`;
    const parser = createCsvParser();
    expect(records(parser, text)).toEqual(['line 2', 'lines 3–4', 'line 6']);
    expect(parser.rows).toBe(3);
  });

  it('an unbalanced quote mid-file: one rejected record naming where the quote opened and the lines it took in', () => {
    const text = `${HEADER}\nissue_refund,1\n"issue_refund,2\nissue_refund,3\nissue_refund,4\n"issue_refund",5\nissue_refund,6\n`;
    const read = parseFactSet(createCsvParser(), text);
    expect(records(createCsvParser(), text)).toEqual(['line 2', '!factset-csv@3-6', 'line 7']);
    const d = read.diagnostics[0];
    expect([d?.line, d?.column]).toEqual([3, 1]);
    expect(d?.message.en).toBe(
      'the quote opened at line 3, column 1 is closed only at line 6, column 1, where "i" follows the closing quote: the quote is probably unbalanced, and the cell takes in lines 4–6 (write "" for a quote inside a quoted cell)',
    );
    expect(d?.message.zh).toBe(
      '第 3 行第 1 列的引号直到第 6 行第 1 列才闭合，且右引号后出现“i”：引号很可能不成对，该单元格吞并了第 4–6 行（引号内的引号请写作 ""）',
    );
  });

  it('a quote closed cleanly after taking in lines, with the wrong cell count, is named as well', () => {
    const text = `${HEADER}\n"issue_refund,1\nissue_refund,2\nissue_refund",3,4\n`;
    const read = parseFactSet(createCsvParser(), text);
    expect(read.rejected?.map((r) => [r.line, r.lastLine])).toEqual([[2, 4]]);
    expect(read.diagnostics[0]?.message.en).toBe(
      'the record (lines 2–4) has 3 cells, the header has 2; the quoted cell opened at line 2, column 1 takes in lines 3–4 — is a quote unbalanced?',
    );
    expect(read.diagnostics[0]?.message.zh).toBe(
      '该记录（第 2–4 行）有 3 个单元格，表头有 2 列；第 2 行第 1 列开始的带引号单元格吞并了第 3–4 行——是否有引号不成对？',
    );
  });

  it('a quote open at the end of the file names the lines it took in', () => {
    const text = `${HEADER}\nissue_refund,1\n"issue_refund,2\nissue_refund,3\r\nissue_refund,4\r\n`;
    const read = parseFactSet(createCsvParser(), text);
    expect(read.rejected?.map((r) => [r.line, r.lastLine])).toEqual([[3, 5]]);
    expect(read.diagnostics[0]?.message.en).toBe(
      'the quote opened at line 3, column 1 is not closed before the end of the file: the cell takes in lines 4–5',
    );
  });

  it('under an unusable header every row is a rejected record', () => {
    const read = parseFactSet(createCsvParser(), 'a,a\n1,2\n\n3,4\n');
    expect(read.rejected?.map((r) => [r.index, r.line, r.problem.code])).toEqual([
      [0, 2, 'factset-csv-header'],
      [1, 4, 'factset-csv-header'],
    ]);
  });

  it('a runaway quote over the size limit names the quote, not only the size', () => {
    const rows = Array.from({ length: 40_000 }, (_, i) => `issue_refund,${i}`);
    const text = `${HEADER}\n"issue_refund,0\n${rows.join('\n')}\n`;
    const read = parseFactSet(createCsvParser(), text);
    expect(read.rejected).toHaveLength(1);
    expect(read.rejected?.[0]).toMatchObject({ line: 2, lastLine: 40_002 });
    expect(read.diagnostics[0]?.message.en).toBe(
      'the quote opened at line 2, column 1 is not closed before the end of the file: the cell takes in lines 3–40002',
    );
  });

  it('a record over the size limit keeps nothing more, however many cells it has', () => {
    const got: CsvRecord[] = [];
    const t = createCsvTokenizer({
      delimiter: ',',
      maxRecordChars: 100,
      onRecord: (r) => got.push(r),
    });
    t.push(`${','.repeat(100_000)}\n"a\nb`);
    t.push(`${'x'.repeat(200)}"\n`);
    t.end();
    expect(got).toHaveLength(2);
    expect(got[0]?.fields.length).toBeLessThanOrEqual(101);
    expect(got[0]?.problem?.message.en).toBe('the row is longer than 100 characters');
    expect(got[1]).toMatchObject({
      whole: { line: 2, lastLine: 3 },
      spanning: { opened: { line: 2, column: 1 }, lastLine: 3 },
    });
    expect(got[1]?.problem?.message.en).toBe(
      'the record (lines 2–3) is longer than 100 characters; the quoted cell opened at line 2, column 1 takes in line 3 — is a quote unbalanced?',
    );
  });
});
