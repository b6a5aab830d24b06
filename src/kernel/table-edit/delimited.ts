import type { Bilingual } from '../diagnostics/diagnostic';
import { createCsvTokenizer } from '../util/csv-tokenizer';

/**
 * TSV / CSV as spreadsheets write them, read by the kernel's one CSV tokenizer
 * (util/csv-tokenizer.ts, shared with fact suites): RFC 4180 quoting — a cell holding the
 * delimiter, a quote or a line break is quoted and its quotes doubled. A pasted block with a tab
 * anywhere is TSV.
 */

export function detectDelimiter(text: string): '\t' | ',' {
  return text.includes('\t') ? '\t' : ',';
}

export interface DelimitedProblem {
  /** 1-based line and column of the text. */
  readonly line: number;
  readonly column: number;
  readonly message: Bilingual;
}

/** The rows of a TSV / CSV text, and what is malformed in it (a stray quote, an open quote). */
export function readDelimited(
  text: string,
  delimiter: '\t' | ',' = detectDelimiter(text),
): { readonly rows: string[][]; readonly problems: readonly DelimitedProblem[] } {
  const rows: string[][] = [];
  const problems: DelimitedProblem[] = [];
  const tokenizer = createCsvTokenizer({
    delimiter,
    onRecord: (record) => {
      rows.push([...record.fields]);
      if (record.problem)
        problems.push({
          line: record.problem.at.line,
          column: record.problem.at.column,
          message: record.problem.message,
        });
    },
  });
  tokenizer.push(text);
  tokenizer.end();
  return { rows, problems };
}

/** The rows of a TSV / CSV text (see readDelimited for its problems). */
export function parseDelimited(text: string, delimiter = detectDelimiter(text)): string[][] {
  return readDelimited(text, delimiter).rows;
}

export function formatDelimited(
  rows: readonly (readonly string[])[],
  delimiter: '\t' | ',',
): string {
  const quote = (cell: string) =>
    cell.includes(delimiter) || /["\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
  return rows.map((r) => r.map(quote).join(delimiter)).join('\n');
}
