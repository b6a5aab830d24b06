/**
 * CSV fact sets (RFC 4180: comma-separated, `"` quoting with `""` inside, CRLF or LF, quoted
 * fields may span lines). The header names the columns: `name`, `as_of`, `expect.decision` and
 * `expect.matched_rules` are the case's; every other column is a dotted fact path
 * (`tool.args.amount`). A cell is JSON when it reads as a JSON number, true, false, null, a
 * "string", [list] or {object}; otherwise it is text; an empty cell leaves the field absent.
 */

import { exactJsonNumber, NumberRefused } from '../data/read-fact';
import { numberProblem, readNumberText } from '../data/read-number';
import type { Bilingual } from '../diagnostics/diagnostic';
import { defineKey } from '../eval/values';
import {
  type CsvRecord,
  createCsvTokenizer,
  type FieldStart,
  lineSpan,
} from '../util/csv-tokenizer';
import { zhQuote } from '../util/quote';
import {
  type FactSetBatch,
  type FactSetParser,
  MAX_ROW_CHARS,
  type RecordPlace,
  RowProblems,
  recordName,
  rowToCase,
} from './fact-set';
import { JsonError, parseJson } from './json-value';
import type { SuiteCase, SuiteDiagnostic } from './types';

const CASE_COLUMNS = ['name', 'as_of', 'expect.decision', 'expect.matched_rules'];
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

interface Column {
  readonly name: string;
  /** Fact path segments; null for the case columns. */
  readonly path: readonly string[] | null;
}

/**
 * A CSV text cut at record boundaries (erdl eval --facts on every core): a part after the first
 * is read with the file's header record (its text and where it starts), whose problems its own
 * part lists, and from where the part starts, so names and places are the whole file's.
 */
export interface CsvPartStart {
  readonly header?: { readonly text: string; readonly offset: number; readonly line: number };
  readonly start?: { readonly offset: number; readonly line: number };
}

export function createCsvParser(part: CsvPartStart = {}): FactSetParser {
  let problems = new RowProblems();
  let columns: Column[] | null = null;
  let headerBad = false;
  /** Why every row is rejected when the header is unusable (its first problem). */
  let headerProblemAt: SuiteDiagnostic | undefined;
  let consumed = 0;
  let rows = 0;
  let cases: SuiteCase[] = [];

  const handleRecord = (record: CsvRecord) => {
    if (record.blank) return;
    // A record that spans lines (a quoted cell with line breaks) is named by its line range.
    const { fields: values, places, problem, whole } = record;
    if (!columns) {
      if (problem) {
        problems.report('error', 'factset-csv', problem.at, problem.message);
        headerBad = true;
        columns = [];
      } else {
        columns = readHeader(values, places, problems);
        headerBad = columns === null;
        columns ??= [];
      }
      headerProblemAt = headerBad ? headerRefusal(whole) : undefined;
      problems.accept();
      return;
    }
    const index = rows++;
    if (headerBad) {
      problems.reject(index, whole, headerProblemAt);
      return;
    }
    if (problem) {
      problems.report('error', 'factset-csv', problem.at, problem.message);
      problems.reject(index, whole);
      return;
    }
    if (values.length !== columns.length) {
      const span = record.spanning;
      const taken = span ? lineSpan(span.opened.line + 1, span.lastLine) : null;
      problems.report('error', 'factset-csv-cells', whole, {
        en: `${span ? `the record (${recordName(whole)})` : 'the row'} has ${values.length} cells, the header has ${columns.length}${span && taken ? `; the quoted cell opened at line ${span.opened.line}, column ${span.opened.column} takes in ${taken.en} — is a quote unbalanced?` : ''}`,
        zh: `${span ? `该记录（${lineSpan(whole.line, whole.lastLine).zh}）` : '该行'}有 ${values.length} 个单元格，表头有 ${columns.length} 列${span && taken ? `；第 ${span.opened.line} 行第 ${span.opened.column} 列开始的带引号单元格吞并了${taken.zh}——是否有引号不成对？` : ''}`,
      });
      problems.reject(index, whole);
      return;
    }
    const built = buildRecord(columns, values, places, problems);
    const c = built ? rowToCase(built, whole, problems) : null;
    if (c) {
      problems.accept();
      cases.push(c);
    } else problems.reject(index, whole);
  };

  if (part.header) {
    const { text, offset, line } = part.header;
    const header = createCsvTokenizer({
      delimiter: ',',
      maxRecordChars: MAX_ROW_CHARS,
      start: { offset, line },
      onRecord: handleRecord,
    });
    header.push(text);
    header.end();
    problems = new RowProblems(); // the header's problems are the first part's to list
  }
  const tokenizer = createCsvTokenizer({
    delimiter: ',',
    maxRecordChars: MAX_ROW_CHARS,
    ...(part.start ? { start: part.start } : {}),
    onRecord: handleRecord,
  });
  const take = (): FactSetBatch => {
    const batch = { cases, diagnostics: problems.take(), rejected: problems.takeRejected() };
    cases = [];
    return batch;
  };

  return {
    format: 'csv',
    push(chunk) {
      consumed += chunk.length;
      tokenizer.push(chunk);
      return take();
    },
    end(): FactSetBatch {
      tokenizer.end();
      if (!columns)
        problems.report(
          'error',
          'factset-csv-header',
          { range: { start: 0, end: 0 }, line: 1, column: 1 },
          {
            en: 'the CSV has no header row (column names such as tool.name, expect.decision)',
            zh: 'CSV 没有表头行（列名如 tool.name、expect.decision）',
          },
        );
      const omitted = problems.finish(tokenizer.position());
      return { ...take(), omitted };
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

/** What every row under an unusable header is rejected with (the header's problems are listed). */
function headerRefusal(at: RecordPlace): SuiteDiagnostic {
  const where = lineSpan(at.line, at.lastLine ?? at.line);
  return {
    code: 'factset-csv-header',
    severity: 'error',
    range: at.range,
    line: at.line,
    column: at.column,
    message: {
      en: `the header (${where.en}) cannot be used, so no row can be read`,
      zh: `表头（${where.zh}）无法使用，因此所有行都无法读取`,
    },
  };
}

/** Checks the header; null when it is unusable (every row is then skipped). */
function readHeader(
  names: readonly string[],
  places: readonly FieldStart[],
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
  /** Each fact column's place among the names (its first: a repeated name is refused above). */
  const factIndex = new Map<string, number>();
  for (let i = 0; i < names.length; i++) {
    const name = (names[i] as string).trim();
    const problem = headerProblem(name, i, seen);
    if (problem) {
      bad(i, problem);
      continue;
    }
    seen.add(name);
    const path = CASE_COLUMNS.includes(name) ? null : name.split('.');
    if (path) factIndex.set(name, i);
    out.push({ name, path });
  }
  // A column inside another (`a.b` and `a`): each column's own prefixes looked up, linear in the
  // header's length (comparing every pair of 20,000 columns took seconds). Reported in the order of
  // the outer column, then the inner one, as a pairwise scan finds them.
  const inside: [outer: number, inner: number][] = [];
  for (const [name, inner] of factIndex)
    for (let dot = name.indexOf('.'); dot !== -1; dot = name.indexOf('.', dot + 1)) {
      const outer = factIndex.get(name.slice(0, dot));
      if (outer !== undefined) inside.push([outer, inner]);
    }
  inside.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  for (const [outer, inner] of inside) {
    const a = (names[outer] as string).trim();
    const b = (names[inner] as string).trim();
    bad(inner, {
      en: `column "${b}" is inside column "${a}": a field cannot be both a value and an object`,
      zh: `列${zhQuote(b)}位于列${zhQuote(a)}之内：一个字段不能既是值又是对象`,
    });
  }
  const facts = out.filter((c) => c.path !== null);
  if (ok && facts.length === 0)
    bad(0, {
      en: 'the header names no fact field (columns such as tool.name, context.amount)',
      zh: '表头没有事实字段列（如 tool.name、context.amount）',
    });
  return ok ? out : null;
}

function headerProblem(name: string, i: number, seen: ReadonlySet<string>): Bilingual | null {
  if (name === '') return { en: `column ${i + 1} has no name`, zh: `第 ${i + 1} 列没有列名` };
  if (seen.has(name))
    return { en: `column "${name}" appears twice`, zh: `列${zhQuote(name)}出现两次` };
  if (CASE_COLUMNS.includes(name)) return null;
  if (name.startsWith('expect.') || name === 'expect' || name === 'fact')
    return {
      en: `column "${name}": the case columns are ${CASE_COLUMNS.join(', ')}; other columns are fact paths`,
      zh: `列${zhQuote(name)}：用例列为 ${CASE_COLUMNS.join('、')}；其他列为事实字段路径`,
    };
  if (name.split('.').some((s) => s === ''))
    return {
      en: `column "${name}" is not a field path (empty segment)`,
      zh: `列${zhQuote(name)}不是字段路径（含空段）`,
    };
  return null;
}

/** A data row as `{name?, fact, as_of?, expect?}`; null when a cell could not be read. */
function buildRecord(
  columns: readonly Column[],
  values: readonly string[],
  places: readonly FieldStart[],
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
          zh: `列${zhQuote(col.name)}：${value.message.zh}`,
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
  // Numbers keep every digit (ruling I-89); one out of range is refused as written.
  if (JSON_NUMBER.test(text)) {
    const n = readNumberText(text);
    return n.ok
      ? { ok: true, value: n.value }
      : { ok: false, message: numberProblem(text, n.problem) };
  }
  const first = text[0];
  if (first === '[' || first === '{' || first === '"') {
    try {
      return { ok: true, value: parseJson(text, undefined, exactJsonNumber) };
    } catch (e) {
      if (!(e instanceof JsonError)) throw e;
      if (e instanceof NumberRefused) return { ok: false, message: e.message };
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
