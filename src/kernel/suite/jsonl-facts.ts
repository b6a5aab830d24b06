/**
 * JSON Lines fact sets: one JSON object per line — a bare fact, or a case
 * `{"name", "fact", "as_of", "expect"}`. A line that is empty or holds only JSON whitespace
 * (spaces, tabs) is not a record and is skipped; every other line is a record, read or rejected
 * (ruling I-87). CRLF is accepted.
 */

import { NumberRefused } from '../data/read-fact';
import {
  type FactSetBatch,
  type FactSetParser,
  MAX_ROW_CHARS,
  RowProblems,
  rowToCase,
} from './fact-set';
import { readJsonExact } from './json-exact';
import { JsonError } from './json-value';
import type { SuiteCase } from './types';

/** A line of JSON's insignificant whitespace only (after its line break is removed). */
const JSON_BLANK = /^[ \t\r]*$/;

const ROW_SIZE = {
  en: `the line is longer than ${MAX_ROW_CHARS} characters`,
  zh: `该行超过 ${MAX_ROW_CHARS} 个字符`,
};

/**
 * `start`: where the text fed begins in a larger file (a part of it read by one worker of a
 * pool): the offset of its first character and the 1-based number of its first line, so names
 * (`line N`) and problem positions are those of the whole file.
 */
export function createJsonLinesParser(
  start: { readonly offset: number; readonly line: number } = { offset: 0, line: 1 },
): FactSetParser {
  const problems = new RowProblems();
  let pending = '';
  /** Offset (in the whole text) and 1-based number of the line `pending` starts. */
  let lineOffset = start.offset;
  let lineNumber = start.line;
  let consumed = 0;
  let rows = 0;
  /** Inside a line that was too long: drop text up to its end. */
  let overlong = false;

  const row = (line: string, cases: SuiteCase[]) => {
    const text = line.endsWith('\r') ? line.slice(0, -1) : line;
    const at = (column: number, length = text.length - (column - 1)) => ({
      range: { start: lineOffset + column - 1, end: lineOffset + column - 1 + Math.max(0, length) },
      line: lineNumber,
      column,
    });
    // A byte order mark before the first line is not part of the data.
    const body = lineNumber === 1 && text.startsWith('\uFEFF') ? ` ${text.slice(1)}` : text;
    // Not a record: an empty line, or one of JSON whitespace only (String.trim would also drop a
    // line of, say, no-break spaces, which is a record that is not JSON).
    if (JSON_BLANK.test(body)) return;
    const index = rows++;
    // A whole line that arrived in one chunk is held to the limit as a line still arriving is.
    if (text.length > MAX_ROW_CHARS) {
      problems.report('error', 'factset-row-size', at(1, 1), ROW_SIZE);
      problems.reject(index, at(1, 1));
      return;
    }
    let record: unknown;
    let plain = false;
    try {
      // Numbers keep every digit (ruling I-89); one out of range is refused as written.
      ({ value: record, plain } = readJsonExact(body));
    } catch (e) {
      if (!(e instanceof JsonError)) throw e;
      problems.report(
        'error',
        e instanceof NumberRefused ? 'factset-number' : 'factset-json',
        at(e.offset + 1, 1),
        e instanceof NumberRefused
          ? e.message
          : { en: `JSON: ${e.message.en}`, zh: `JSON 语法错误：${e.message.zh}` },
      );
      problems.reject(index, at(1));
      return;
    }
    const c = rowToCase(record, at(1), problems, plain);
    if (c) {
      problems.accept();
      cases.push(c);
    } else problems.reject(index, at(1));
  };

  const lines = (text: string, final: boolean): FactSetBatch => {
    const cases: SuiteCase[] = [];
    let from = 0;
    for (;;) {
      const nl = text.indexOf('\n', from);
      if (nl < 0) break;
      if (overlong) overlong = false;
      else row(text.slice(from, nl), cases);
      lineOffset += nl + 1 - from;
      lineNumber++;
      from = nl + 1;
    }
    pending = text.slice(from);
    if (final && pending !== '') {
      if (!overlong) row(pending, cases);
      lineOffset += pending.length;
      pending = '';
    } else if (pending.length > MAX_ROW_CHARS && !overlong) {
      const at = { range: { start: lineOffset, end: lineOffset + 1 }, line: lineNumber, column: 1 };
      problems.report('error', 'factset-row-size', at, ROW_SIZE);
      problems.reject(rows++, at);
      overlong = true;
      lineOffset += pending.length;
      pending = '';
    } else if (overlong) {
      lineOffset += pending.length;
      pending = '';
    }
    return { cases, diagnostics: problems.take(), rejected: problems.takeRejected() };
  };

  return {
    format: 'jsonl',
    push(chunk) {
      consumed += chunk.length;
      return lines(pending + chunk, false);
    },
    end() {
      const batch = lines(pending, true);
      const omitted = problems.finish({
        range: { start: lineOffset, end: lineOffset },
        line: lineNumber,
        column: 1,
      });
      return { ...batch, diagnostics: [...batch.diagnostics, ...problems.take()], omitted };
    },
    get consumed() {
      return consumed;
    },
    get rows() {
      return rows;
    },
    get skipped() {
      return problems.skipped;
    },
  };
}
