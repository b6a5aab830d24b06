import type { Bilingual, TextEdit } from '../diagnostics/diagnostic';
import { load } from '../document/load';
import { get, isSeq } from '../document/ynode';
import { MAX_TABLE_CELL_CHARS, MAX_TABLE_FILE_BYTES } from '../file-limits';
import { quote } from '../projection/yaml-out';
import { type ColumnType, readCell } from '../table-edit/cell-reader';
import { type CellParse, formatCell, renderCellYaml } from '../table-edit/cell-text';
import { inferImportColumn } from '../table-edit/column-inference';
import { columnPlace } from '../table-edit/column-place';
import { formatDelimited, readDelimited } from '../table-edit/delimited';
import { ROW_TEXT_KEYS, type TableModel } from '../table-edit/model';
import { itemSpan } from '../table-edit/spans';
import { zhQuote } from '../util/quote';
import { isDecision } from '../vocabulary/decisions';
import { cellTooLongReason, tableFileTooLarge } from './limits';

/**
 * A table as CSV (docs/table-cells.md): a header of columns — each a field path, followed by its
 * label as JSON when it has one (`context.amount "loan amount"`, `context.x {"zh":"…","en":"…"}`)
 * — then `then`, `priority`, `message`, `instruction`, `explanation`, `correction` and the row's
 * `name` (I-75); one line per
 * row (cells as the grid shows them; the default row has empty condition cells, every other row
 * writes "-" for "any"). Import reads the same shape, so export → import loses nothing.
 */
export function tableToCsv(table: TableModel): string {
  return `${formatDelimited(tableToGrid(table), ',')}\n`;
}

/** The table as a grid of cell texts in the CSV shape: what CSV and spreadsheet exports write. */
export function tableToGrid(table: TableModel): string[][] {
  const header = [
    ...table.columns.map((c) =>
      c.label === undefined ? c.field : `${c.field} ${JSON.stringify(c.label)}`,
    ),
    'then',
    'priority',
    ...ROW_TEXT_KEYS,
    'name',
  ];
  const rows = table.rows.map((r) => [
    ...table.columns.map((_, i) => {
      const cell = r.cells[i];
      return r.isDefault || !cell ? '' : formatCell(cell);
    }),
    r.then ?? '',
    r.priority === null ? '' : String(r.priority),
    ...ROW_TEXT_KEYS.map((k) => r.texts[k]?.value ?? ''),
    r.name ?? '',
  ]);
  return [header, ...rows];
}

/** A header cell: the field path, then optionally its label as JSON (a string or {zh, en}). */
function headerColumn(
  cell: string,
): { field: string; label?: string | { zh?: string; en?: string } } | null {
  const m = /^(\S+)(?:\s+(.+))?$/.exec(cell.trim());
  if (!m) return null;
  const field = m[1] as string;
  if (m[2] === undefined) return { field };
  let label: unknown;
  try {
    label = JSON.parse(m[2]);
  } catch {
    return null;
  }
  if (typeof label === 'string') return { field, label };
  if (label && typeof label === 'object' && !Array.isArray(label)) {
    const { zh, en, ...rest } = label as Record<string, unknown>;
    if (Object.keys(rest).length > 0) return null;
    if (
      (zh !== undefined && typeof zh !== 'string') ||
      (en !== undefined && typeof en !== 'string')
    )
      return null;
    return {
      field,
      label: { ...(zh === undefined ? {} : { zh }), ...(en === undefined ? {} : { en }) },
    };
  }
  return null;
}

/** A row text as YAML: a string double-quoted, a bilingual `{zh, en}` (as exported) as a map. */
function textYamlOf(value: string): string | null {
  const t = value.trim();
  if (t.startsWith('{')) {
    try {
      const parsed = JSON.parse(t) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        const entries = Object.entries(parsed as Record<string, unknown>);
        if (entries.every(([k, v]) => (k === 'zh' || k === 'en') && typeof v === 'string'))
          return `{${entries.map(([k, v]) => `${k}: ${quote(v as string)}`).join(', ')}}`;
      }
    } catch {
      // Not JSON: an ordinary text that starts with a brace.
    }
  }
  return quote(value);
}

export interface CsvProblem {
  /** 1-based line of the CSV (the header is line 1) and 1-based column. */
  readonly line: number;
  readonly column: number;
  readonly message: Bilingual;
  /** The condition column by its label and field path (columnPlace), where the problem is in one. */
  readonly place?: Bilingual;
}

export type CsvImport =
  | { readonly ok: true; readonly yaml: string }
  | { readonly ok: false; readonly problems: readonly CsvProblem[] };

/**
 * A CSV (as exported) as a new rule entry holding the table, at `indent` spaces (the column of the
 * document's rule items). Every cell is checked; any problem refuses the whole import.
 */
export function csvToTableEntry(csv: string, name: string, indent: number): CsvImport {
  // A CSV over the table-file limit is refused before it is split into cells.
  if (csv.length > MAX_TABLE_FILE_BYTES)
    return {
      ok: false,
      problems: [{ line: 1, column: 1, message: tableFileTooLarge(csv.length) }],
    };
  const read = readDelimited(csv, csv.includes('\t') && !csv.includes(',') ? '\t' : ',');
  if (read.problems.length > 0) return { ok: false, problems: [...read.problems] };
  return gridToTableEntry(read.rows, name, indent, 'Imported from CSV');
}

/**
 * Header words a sheet may use for a column other than its own name — the same for a CSV file, an
 * Excel sheet and a pasted grid: the one list (docs/table-cells.md).
 */
export const HEADER_ALIASES: Readonly<Record<string, string>> = {
  decision: 'then',
  决策: 'then',
  消息: 'message',
};

/**
 * A grid of cell texts in the CSV shape (a header row, then one row per table row) as a new rule
 * entry holding the table: the one reader behind CSV, spreadsheet and DMN/JDM imports
 * (docs/table-import.md). `line` in a problem is the 1-based grid row (the header is 1).
 */
export function gridToTableEntry(
  rows: readonly (readonly string[])[],
  name: string,
  indent: number,
  description: string,
): CsvImport {
  const problems: CsvProblem[] = [];
  const problem = (line: number, column: number, en: string, zh: string) =>
    problems.push({ line, column, message: { en, zh } });
  // A cell over the limit refuses the table before any cell is read (each named by its place).
  for (let k = 0; k < rows.length; k++) {
    const r = rows[k] as readonly string[];
    for (let i = 0; i < r.length; i++) {
      const cell = r[i] as string;
      if (cell.length > MAX_TABLE_CELL_CHARS)
        problems.push({ line: k + 1, column: i + 1, message: cellTooLongReason(cell.length) });
    }
  }
  if (problems.length > 0) return { ok: false, problems };
  const header = rows[0]?.map((h) => HEADER_ALIASES[h.trim().toLowerCase()] ?? h.trim()) ?? [];
  const body = rows.slice(1);
  const thenAt = header.findIndex((h) => h.toLowerCase() === 'then');
  const priorityAt = header.findIndex((h) => h.toLowerCase() === 'priority');
  const fieldCount = thenAt < 0 ? -1 : thenAt;
  if (fieldCount < 1) {
    problem(
      1,
      1,
      'the header needs field paths, then a "then" column',
      '表头需要先写字段路径，再写“then”列',
    );
    return { ok: false, problems };
  }
  const columns = header.slice(0, fieldCount).map((h, i) => {
    const column = headerColumn(h);
    if (!column || !/^[A-Za-z_][\w.]*$/.test(column.field)) {
      problem(
        1,
        i + 1,
        `${JSON.stringify(h)} is not a field path (optionally followed by its label as JSON)`,
        `${zhQuote(h)}不是字段路径（其后可接 JSON 形式的标签）`,
      );
      return { field: h };
    }
    return column;
  });
  const fields = columns.map((c) => c.field);
  const textAt = ROW_TEXT_KEYS.map((k) => header.findIndex((h) => h.toLowerCase() === k));
  const nameAt = header.findIndex((h) => h.toLowerCase() === 'name');
  // Each column's type is read once, from all its cells at once, before any cell is read (not once
  // per cell: import stays linear); a text repeated in a column is read once for its type and once
  // as a cell of that type. A column whose type needed its words gets `type:` (I-91).
  const places = columns.map((c) => columnPlace(c));
  const inferred = fields.map((_, i) =>
    inferImportColumn(
      body.map((r) => r[i] ?? ''),
      places[i] as Bilingual,
    ),
  );
  inferred.forEach((c, i) => {
    if (c.problem)
      problems.push({ line: 1, column: i + 1, message: c.problem, place: places[i] as Bilingual });
  });
  if (problems.length > 0) return { ok: false, problems };
  const types = inferred.map((c) => c.type);
  const reads = fields.map(() => new Map<string, CellParse>());
  const readAt = (i: number, text: string): CellParse => {
    const seen = reads[i] as Map<string, CellParse>;
    let read = seen.get(text);
    if (read === undefined) {
      read = readCell(text, types[i] as ColumnType);
      seen.set(text, read);
    }
    return read;
  };
  const pad = ' '.repeat(indent);
  const lines = [
    `${pad}- name: ${JSON.stringify(name)}`,
    `${pad}  description: ${JSON.stringify(description)}`,
    `${pad}  priority: 10`,
    `${pad}  when:`,
    `${pad}    kind: decision_table`,
    `${pad}    columns:`,
    ...columns.flatMap((c, i) => [
      `${pad}      - field: ${JSON.stringify(c.field)}`,
      ...(c.label === undefined
        ? []
        : [
            `${pad}        label: ${
              typeof c.label === 'string'
                ? JSON.stringify(c.label)
                : `{${Object.entries(c.label)
                    .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
                    .join(', ')}}`
            }`,
          ]),
      ...(inferred[i]?.declare ? [`${pad}        type: ${inferred[i]?.declare}`] : []),
    ]),
    `${pad}    rows:`,
  ];
  if (body.length === 0) problem(2, 1, 'the CSV has no rows', 'CSV 没有数据行');
  body.forEach((r, k) => {
    const line = k + 2;
    const cells = fields.map((_, i) => {
      const parsed = readAt(i, r[i] ?? '');
      if (!parsed.ok) {
        problems.push({ line, column: i + 1, message: parsed.message, place: places[i] });
        return '"-"';
      }
      return renderCellYaml(parsed.cell);
    });
    const isDefault = fields.every((_, i) => (r[i] ?? '').trim() === '');
    const then = (r[thenAt] ?? '').trim().toUpperCase();
    if (!isDecision(then))
      problem(
        line,
        thenAt + 1,
        `${JSON.stringify(r[thenAt] ?? '')} is not one of the 13 decisions`,
        `${zhQuote(r[thenAt] ?? '')}不是 13 种决策之一`,
      );
    const priority = priorityAt < 0 ? '' : (r[priorityAt] ?? '').trim();
    if (priority !== '' && !/^-?\d+$/.test(priority))
      problem(
        line,
        priorityAt + 1,
        `priority ${JSON.stringify(priority)} is not a whole number`,
        `优先级${zhQuote(priority)}不是整数`,
      );
    const rowName = nameAt < 0 ? '' : (r[nameAt] ?? '').trim();
    const when = `when: ${isDefault ? '[]' : `[${cells.join(', ')}]`}`;
    if (rowName === '') lines.push(`${pad}      - ${when}`);
    else lines.push(`${pad}      - name: ${JSON.stringify(rowName)}`, `${pad}        ${when}`);
    lines.push(`${pad}        then: ${then}`);
    if (priority !== '') lines.push(`${pad}        priority: ${priority}`);
    // §4.1 order: message → instruction → correction → explanation.
    for (const key of ['message', 'instruction', 'correction', 'explanation'] as const) {
      const at = textAt[ROW_TEXT_KEYS.indexOf(key)] as number;
      const value = at < 0 ? '' : (r[at] ?? '');
      if (value !== '') lines.push(`${pad}        ${key}: ${textYamlOf(value)}`);
    }
  });
  return problems.length > 0
    ? { ok: false, problems }
    : { ok: true, yaml: `${lines.join('\n')}\n` };
}

/**
 * The edit appending a CSV as a new table entry at the end of the document's `rules` block
 * sequence, indented like its items.
 */
export function importCsvEdit(
  text: string,
  csv: string,
  name: string,
):
  | { readonly ok: true; readonly edit: TextEdit }
  | { readonly ok: false; readonly problems: readonly CsvProblem[] } {
  const loaded = load(text);
  const rules = loaded.root ? get(loaded.root, 'rules') : undefined;
  const last = isSeq(rules) && !rules.flow ? rules.items[rules.items.length - 1] : undefined;
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const span = last && itemSpan(text, { start: last.range.start + bom, end: last.range.end + bom });
  if (!span) {
    return {
      ok: false,
      problems: [
        {
          line: 1,
          column: 1,
          message: {
            en: 'the document needs a rules: list written in block style to import a table into',
            zh: '文档需要一个块式写法的 rules: 列表才能导入决策表',
          },
        },
      ],
    };
  }
  const entry = csvToTableEntry(csv, name, span.dashColumn);
  if (!entry.ok) return entry;
  const at = span.end;
  const newText =
    at === text.length && text[at - 1] !== '\n' ? `\n${entry.yaml.replace(/\n$/, '')}` : entry.yaml;
  return { ok: true, edit: { range: { start: at, end: at }, newText } };
}
