import type { Bilingual, TextEdit } from '../diagnostics/diagnostic';
import { load } from '../document/load';
import { get, isSeq } from '../document/ynode';
import { isDecision } from '../vocabulary/decisions';
import { formatCell, parseCell, renderCellYaml } from './cell-text';
import { formatDelimited, parseDelimited } from './delimited';
import type { TableModel } from './model';
import { itemSpan } from './spans';

/**
 * A table as CSV: a header of field paths then `then` and `priority`, one line per row (cells as
 * the grid shows them; the default row has empty condition cells). Import reads the same shape.
 */
export function tableToCsv(table: TableModel): string {
  const header = [...table.columns.map((c) => c.field), 'then', 'priority'];
  const rows = table.rows.map((r) => [
    ...table.columns.map((_, i) => {
      const cell = r.cells[i];
      return r.isDefault || !cell ? '' : formatCell(cell);
    }),
    r.then ?? '',
    r.priority === null ? '' : String(r.priority),
  ]);
  return `${formatDelimited([header, ...rows], ',')}\n`;
}

export interface CsvProblem {
  /** 1-based line of the CSV (the header is line 1) and 1-based column. */
  readonly line: number;
  readonly column: number;
  readonly message: Bilingual;
}

export type CsvImport =
  | { readonly ok: true; readonly yaml: string }
  | { readonly ok: false; readonly problems: readonly CsvProblem[] };

/**
 * A CSV (as exported) as a new rule entry holding the table, at `indent` spaces (the column of the
 * document's rule items). Every cell is checked; any problem refuses the whole import.
 */
export function csvToTableEntry(csv: string, name: string, indent: number): CsvImport {
  const rows = parseDelimited(csv, csv.includes('\t') && !csv.includes(',') ? '\t' : ',');
  const problems: CsvProblem[] = [];
  const problem = (line: number, column: number, en: string, zh: string) =>
    problems.push({ line, column, message: { en, zh } });
  const header = rows[0]?.map((h) => h.trim()) ?? [];
  const thenAt = header.findIndex((h) => h.toLowerCase() === 'then');
  const priorityAt = header.findIndex((h) => h.toLowerCase() === 'priority');
  const fieldCount = thenAt < 0 ? -1 : thenAt;
  if (fieldCount < 1) {
    problem(
      1,
      1,
      'the header needs field paths, then a "then" column',
      '表头需要先写字段路径，再写 "then" 列',
    );
    return { ok: false, problems };
  }
  const fields = header.slice(0, fieldCount);
  fields.forEach((f, i) => {
    if (!/^[A-Za-z_][\w.]*$/.test(f))
      problem(
        1,
        i + 1,
        `${JSON.stringify(f)} is not a field path`,
        `${JSON.stringify(f)} 不是字段路径`,
      );
  });
  const pad = ' '.repeat(indent);
  const lines = [
    `${pad}- name: ${JSON.stringify(name)}`,
    `${pad}  description: "Imported from CSV"`,
    `${pad}  priority: 10`,
    `${pad}  when:`,
    `${pad}    kind: decision_table`,
    `${pad}    columns:`,
    ...fields.map((f) => `${pad}      - field: ${JSON.stringify(f)}`),
    `${pad}    rows:`,
  ];
  const body = rows.slice(1);
  if (body.length === 0) problem(2, 1, 'the CSV has no rows', 'CSV 没有数据行');
  body.forEach((r, k) => {
    const line = k + 2;
    const cells = fields.map((_, i) => {
      const parsed = parseCell(r[i] ?? '');
      if (!parsed.ok) {
        problems.push({ line, column: i + 1, message: parsed.message });
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
        `${JSON.stringify(r[thenAt] ?? '')} 不是 13 种决策之一`,
      );
    const priority = priorityAt < 0 ? '' : (r[priorityAt] ?? '').trim();
    if (priority !== '' && !/^-?\d+$/.test(priority))
      problem(
        line,
        priorityAt + 1,
        `priority ${JSON.stringify(priority)} is not a whole number`,
        `优先级 ${JSON.stringify(priority)} 不是整数`,
      );
    lines.push(`${pad}      - when: ${isDefault ? '[]' : `[${cells.join(', ')}]`}`);
    lines.push(`${pad}        then: ${then}`);
    if (priority !== '') lines.push(`${pad}        priority: ${priority}`);
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
