/**
 * CSV fact sets (RFC 4180: comma-separated, `"` quoting with `""` inside, CRLF or LF, quoted
 * fields may span lines). The header names the columns: `name`, `as_of`, `expect.decision` and
 * `expect.matched_rules` are the case's; every other column is a dotted fact path
 * (`tool.args.amount`). A cell is JSON when it reads as a JSON number, true, false, null, a
 * "string", [list] or {object}; otherwise it is text; an empty cell leaves the field absent.
 */
import type { Bilingual, Range } from '../diagnostics/diagnostic';
import { defineKey } from '../eval/values';
import {
  type FactSetBatch,
  type FactSetParser,
  MAX_ROW_CHARS,
  RowProblems,
  rowToCase,
} from './fact-set';
import { JsonError, parseJson } from './json-value';
import type { SuiteCase } from './types';

const CASE_COLUMNS = ['name', 'as_of', 'expect.decision', 'expect.matched_rules'];
const UNQUOTED_STOP = /[,\r\n]/g;
const QUOTED_STOP = /["\r\n]/g;
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

interface Place {
  readonly range: Range;
  readonly line: number;
  readonly column: number;
}

interface Column {
  readonly name: string;
  /** Fact path segments; null for the case columns. */
  readonly path: readonly string[] | null;
}

enum State {
  FieldStart,
  Unquoted,
  Quoted,
  QuoteInQuoted,
}

export function createCsvParser(): FactSetParser {
  const problems = new RowProblems();
  let columns: Column[] | null = null;
  let headerBad = false;
  let consumed = 0;
  let rows = 0;

  // Scanner position in the whole text.
  let offset = 0;
  let line = 1;
  let lineStart = 0;
  let afterCR = false;
  let state: State = State.FieldStart;

  // The record being read.
  let cells: string[] = [];
  let cellPlaces: { offset: number; line: number; column: number }[] = [];
  let field = '';
  let recordStart = { offset: 0, line: 1, column: 1 };
  let recordChars = 0;
  let recordProblem: { at: Place; message: Bilingual } | null = null;
  let quotedSeen = false;

  const place = (start: number, end: number, l: number, column: number): Place => ({
    range: { start, end: Math.max(start, end) },
    line: l,
    column,
  });

  const startField = () => {
    cellPlaces.push({ offset, line, column: offset - lineStart + 1 });
  };

  const endField = () => {
    cells.push(field);
    field = '';
    state = State.FieldStart;
  };

  const endRecord = (cases: SuiteCase[]) => {
    const blank = cells.length === 1 && cells[0] === '' && !quotedSeen && !recordProblem;
    const whole = place(recordStart.offset, offset, recordStart.line, recordStart.column);
    if (!blank) handleRecord(cells, cellPlaces, whole, recordProblem, cases);
    cells = [];
    cellPlaces = [];
    recordChars = 0;
    recordProblem = null;
    quotedSeen = false;
  };

  const handleRecord = (
    values: readonly string[],
    places: readonly { offset: number; line: number; column: number }[],
    whole: Place,
    problem: { at: Place; message: Bilingual } | null,
    cases: SuiteCase[],
  ) => {
    if (!columns) {
      if (problem) {
        problems.report('error', 'factset-csv', problem.at, problem.message);
        headerBad = true;
        columns = [];
        return;
      }
      columns = readHeader(values, places, problems);
      headerBad = columns === null;
      columns ??= [];
      return;
    }
    rows++;
    if (headerBad) {
      problems.skipped++;
      return;
    }
    if (problem) {
      problems.skipped++;
      problems.report('error', 'factset-csv', problem.at, problem.message);
      return;
    }
    if (values.length !== columns.length) {
      problems.skipped++;
      problems.report('error', 'factset-csv-cells', whole, {
        en: `the row has ${values.length} cells, the header has ${columns.length}`,
        zh: `该行有 ${values.length} 个单元格，表头有 ${columns.length} 列`,
      });
      return;
    }
    const record = buildRecord(columns, values, places, problems);
    const c = record ? rowToCase(record, whole, problems) : null;
    if (c) cases.push(c);
    else problems.skipped++;
  };

  const checkSize = () => {
    if (recordChars > MAX_ROW_CHARS && !recordProblem) {
      recordProblem = {
        at: place(recordStart.offset, offset, recordStart.line, recordStart.column),
        message: {
          en: `the row is longer than ${MAX_ROW_CHARS} characters`,
          zh: `该行超过 ${MAX_ROW_CHARS} 个字符`,
        },
      };
    }
  };

  const scan = (text: string, cases: SuiteCase[]) => {
    for (let i = 0; i < text.length; i++) {
      const ch = text[i] as string;
      if (afterCR) {
        afterCR = false;
        // CRLF is one line break: after a record it is already handled, inside quotes it is text.
        if (ch === '\n') {
          if (state === State.Quoted && !recordProblem) field += ch;
          offset++;
          lineStart = offset;
          continue;
        }
      }
      if (recordChars === 0 && cells.length === 0 && state === State.FieldStart) {
        recordStart = { offset, line, column: offset - lineStart + 1 };
        // A byte order mark before the header is not part of the data.
        if (offset === 0 && ch === '\uFEFF') {
          offset++;
          continue;
        }
      }
      // Fast path: copy a run of ordinary characters inside a cell in one slice.
      if (state === State.Unquoted || state === State.Quoted) {
        const stop = state === State.Unquoted ? UNQUOTED_STOP : QUOTED_STOP;
        stop.lastIndex = i;
        const j = stop.exec(text)?.index ?? text.length;
        if (j > i) {
          recordChars += j - i;
          if (!recordProblem) field += text.slice(i, j);
          offset += j - i;
          i = j - 1;
          checkSize();
          continue;
        }
      }
      recordChars++;
      checkSize();
      const newline = ch === '\n' || ch === '\r';
      switch (state) {
        case State.FieldStart:
          startField();
          if (ch === '"') {
            state = State.Quoted;
            quotedSeen = true;
            break;
          }
          state = State.Unquoted;
          if (ch === ',') endField();
          else if (newline) {
            endField();
            endRecord(cases);
          } else field += ch;
          break;
        case State.Unquoted:
          if (ch === ',') endField();
          else if (newline) {
            endField();
            endRecord(cases);
          } else if (!recordProblem) field += ch;
          break;
        case State.Quoted:
          if (ch === '"') state = State.QuoteInQuoted;
          else if (!recordProblem) field += ch;
          break;
        case State.QuoteInQuoted:
          if (ch === '"') {
            field += '"';
            state = State.Quoted;
          } else if (ch === ',') endField();
          else if (newline) {
            endField();
            endRecord(cases);
          } else {
            recordProblem ??= {
              at: place(offset, offset + 1, line, offset - lineStart + 1),
              message: {
                en: `unexpected ${JSON.stringify(ch)} after a closing quote (write "" for a quote inside a quoted cell)`,
                zh: `右引号后出现意外的 ${JSON.stringify(ch)}（引号内的引号请写作 ""）`,
              },
            };
            state = State.Unquoted;
          }
          break;
      }
      offset++;
      if (newline) {
        line++;
        lineStart = offset;
        if (ch === '\r') afterCR = true;
      }
    }
  };

  return {
    format: 'csv',
    push(chunk) {
      consumed += chunk.length;
      const cases: SuiteCase[] = [];
      scan(chunk, cases);
      return { cases, diagnostics: problems.take() };
    },
    end(): FactSetBatch {
      const cases: SuiteCase[] = [];
      if (state === State.Quoted) {
        const start = cellPlaces[cellPlaces.length - 1] ?? recordStart;
        recordProblem ??= {
          at: place(start.offset, offset, start.line, start.column),
          message: {
            en: 'a quoted cell is not closed before the end of the file',
            zh: '带引号的单元格直到文件末尾都没有闭合',
          },
        };
      }
      if (state !== State.FieldStart || cells.length > 0) {
        endField();
        endRecord(cases);
      }
      if (!columns)
        problems.report('error', 'factset-csv-header', place(0, 0, 1, 1), {
          en: 'the CSV has no header row (column names such as tool.name, expect.decision)',
          zh: 'CSV 没有表头行（列名如 tool.name、expect.decision）',
        });
      problems.finish(place(offset, offset, line, offset - lineStart + 1));
      return { cases, diagnostics: problems.take() };
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

/** Checks the header; null when it is unusable (every row is then skipped). */
function readHeader(
  names: readonly string[],
  places: readonly { offset: number; line: number; column: number }[],
  problems: RowProblems,
): Column[] | null {
  const out: Column[] = [];
  let ok = true;
  const bad = (i: number, message: Bilingual) => {
    const p = places[i] ?? { offset: 0, line: 1, column: 1 };
    problems.report(
      'error',
      'factset-csv-header',
      {
        range: { start: p.offset, end: p.offset + (names[i]?.length ?? 0) },
        line: p.line,
        column: p.column,
      },
      message,
    );
    ok = false;
  };
  const seen = new Set<string>();
  for (let i = 0; i < names.length; i++) {
    const name = (names[i] as string).trim();
    const problem = headerProblem(name, i, seen);
    if (problem) {
      bad(i, problem);
      continue;
    }
    seen.add(name);
    out.push({ name, path: CASE_COLUMNS.includes(name) ? null : name.split('.') });
  }
  const facts = out.filter((c) => c.path !== null);
  for (const a of facts)
    for (const b of facts)
      if (b.name.startsWith(`${a.name}.`))
        bad(
          names.findIndex((n) => n.trim() === b.name),
          {
            en: `column "${b.name}" is inside column "${a.name}": a field cannot be both a value and an object`,
            zh: `列 "${b.name}" 位于列 "${a.name}" 之内：一个字段不能既是值又是对象`,
          },
        );
  if (ok && facts.length === 0)
    bad(0, {
      en: 'the header names no fact field (columns such as tool.name, context.amount)',
      zh: '表头没有事实字段列（如 tool.name、context.amount）',
    });
  return ok ? out : null;
}

function headerProblem(name: string, i: number, seen: ReadonlySet<string>): Bilingual | null {
  if (name === '') return { en: `column ${i + 1} has no name`, zh: `第 ${i + 1} 列没有列名` };
  if (seen.has(name)) return { en: `column "${name}" appears twice`, zh: `列 "${name}" 出现两次` };
  if (CASE_COLUMNS.includes(name)) return null;
  if (name.startsWith('expect.') || name === 'expect' || name === 'fact')
    return {
      en: `column "${name}": the case columns are ${CASE_COLUMNS.join(', ')}; other columns are fact paths`,
      zh: `列 "${name}"：用例列为 ${CASE_COLUMNS.join('、')}；其他列为事实字段路径`,
    };
  if (name.split('.').some((s) => s === ''))
    return {
      en: `column "${name}" is not a field path (empty segment)`,
      zh: `列 "${name}" 不是字段路径（含空段）`,
    };
  return null;
}

/** A data row as `{name?, fact, as_of?, expect?}`; null when a cell could not be read. */
function buildRecord(
  columns: readonly Column[],
  values: readonly string[],
  places: readonly { offset: number; line: number; column: number }[],
  problems: RowProblems,
): Record<string, unknown> | null {
  const fact: Record<string, unknown> = {};
  const record: Record<string, unknown> = { fact };
  const expect: Record<string, unknown> = {};
  let ok = true;
  columns.forEach((col, i) => {
    const text = values[i] ?? '';
    if (text === '') return;
    if (col.path === null) {
      if (col.name === 'name' || col.name === 'as_of') record[col.name] = text;
      else if (col.name === 'expect.decision') expect.decision = text.trim();
      else {
        const list = text.trimStart().startsWith('[') ? cell(text) : null;
        expect.matched_rules = list?.ok
          ? list.value
          : text
              .split(';')
              .map((s) => s.trim())
              .filter((s) => s !== '');
      }
      return;
    }
    const value = cell(text);
    if (!value.ok) {
      const p = places[i] ?? { offset: 0, line: 1, column: 1 };
      problems.report(
        'error',
        'factset-csv-cell',
        {
          range: { start: p.offset, end: p.offset + text.length },
          line: p.line,
          column: p.column,
        },
        {
          en: `column "${col.name}": ${value.message.en}`,
          zh: `列 "${col.name}"：${value.message.zh}`,
        },
      );
      ok = false;
      return;
    }
    const path = col.path;
    let target = fact;
    path.forEach((segment, j) => {
      if (j === path.length - 1) defineKey(target, segment, value.value);
      else {
        if (!Object.hasOwn(target, segment)) defineKey(target, segment, {});
        target = target[segment] as Record<string, unknown>;
      }
    });
  });
  if (Object.keys(expect).length > 0) record.expect = expect;
  return ok ? record : null;
}

function cell(text: string): { ok: true; value: unknown } | { ok: false; message: Bilingual } {
  if (text === 'true') return { ok: true, value: true };
  if (text === 'false') return { ok: true, value: false };
  if (text === 'null') return { ok: true, value: null };
  if (JSON_NUMBER.test(text)) return { ok: true, value: Number(text) };
  const first = text[0];
  if (first === '[' || first === '{' || first === '"') {
    try {
      return { ok: true, value: parseJson(text) };
    } catch (e) {
      if (!(e instanceof JsonError)) throw e;
      return {
        ok: false,
        message: {
          en: `the cell starts like JSON but is not: ${e.message.en} (at character ${e.offset + 1})`,
          zh: `单元格看起来是 JSON 但无效：${e.message.zh}（第 ${e.offset + 1} 个字符）`,
        },
      };
    }
  }
  return { ok: true, value: text };
}
