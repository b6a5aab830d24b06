import type { Bilingual, TextEdit } from '../diagnostics/diagnostic';
import { load } from '../document/load';
import { get, isMap, isSeq, toPlain } from '../document/ynode';
import { columnType, readCell } from '../table-edit/cell-reader';
import { type CellInput, type CellParse, formatCell } from '../table-edit/cell-text';
import { editTable, type TableOp } from '../table-edit/edit-table';
import {
  ROW_TEXT_KEYS,
  type RowModel,
  type RowTextKey,
  type TableModel,
} from '../table-edit/model';
import { readTables } from '../table-edit/read-tables';
import { fallbackDecisionOf } from '../table-edit/structure-ops';
import { lessBlocking, type RowWidening, rowWidening } from '../table-edit/widening';
import { zhQuote } from '../util/quote';
import { isDecision } from '../vocabulary/decisions';
import { isTableColumnType } from '../vocabulary/document';
import type { DocumentImport, ImportNote } from './convert-table';
import { tableToGrid } from './csv';
import { importGrid } from './index';
import { notationOf } from './notation';

/**
 * A decision table through a spreadsheet and back without change (docs/table-import.md, "Round
 * trips"): the export writes the table's sheet (the CSV shape, tableToGrid) and a second sheet,
 * `erdl`, naming what the cells cannot carry — the entry's name and description, each column's
 * field, label and declared type, each row's name, and the document's fallback decision. Importing
 * such a sheet into the table it came from (`planSheetUpdate`) changes only what the sheet changed:
 * a cell whose text reads as the cell the table already has keeps the document's text as written.
 * Pure kernel code, shared by the studio and the CLI.
 */

/** The name of the meta sheet, and the first cell of its first row (with the layout version). */
export const META_SHEET = 'erdl';
export const META_MARK = 'erdl-table';
export const META_VERSION = '1';

export interface SheetMeta {
  readonly entry: string;
  readonly description: string | null;
  /** The document's `metadata.decision`, or null when it has none. */
  readonly fallback: string | null;
  readonly columns: readonly { field: string; label: string; type: string }[];
  /** Each table row's name ("" when it has none), in order. */
  readonly rows: readonly string[];
  /**
   * The rule entry's keys beside its table that decide or explain (`priority`, `explanation`,
   * `alternative`, §4.1), each as JSON.
   */
  readonly rule?: readonly { readonly key: RuleKey; readonly json: string }[];
  /** The meta sheet's rows not read (1-based, with their first cell): named, never dropped. */
  readonly unread?: readonly { readonly row: number; readonly key: string }[];
}

/** The rule entry's keys the meta sheet carries (`rule` rows), beside name, description, when. */
export const RULE_KEYS = ['priority', 'explanation', 'alternative'] as const;
export type RuleKey = (typeof RULE_KEYS)[number];

/** A rule key's value as the meta sheet holds it: JSON of an integer, a string or `{zh, en}`. */
function ruleValueOk(key: RuleKey, value: unknown): boolean {
  if (key === 'priority') return Number.isInteger(value);
  if (typeof value === 'string') return true;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  return Object.entries(value).every(
    ([k, v]) => (k === 'zh' || k === 'en') && typeof v === 'string',
  );
}

/** The rule entry's RULE_KEYS as written in the document, each as JSON. */
function ruleKeysOf(text: string, ruleIndex: number): { key: RuleKey; json: string }[] {
  const loaded = load(text);
  const rules = loaded.root ? get(loaded.root, 'rules') : undefined;
  const entry = isSeq(rules) ? rules.items[ruleIndex] : undefined;
  if (!isMap(entry)) return [];
  const out: { key: RuleKey; json: string }[] = [];
  for (const key of RULE_KEYS) {
    const node = get(entry, key);
    const value = node ? toPlain(node) : undefined;
    if (value !== undefined && ruleValueOk(key, value))
      out.push({ key, json: JSON.stringify(value) });
  }
  return out;
}

/** The table's two sheets as cell texts: the table (CSV shape) and the meta sheet. */
export function tableSheets(
  text: string,
  table: TableModel,
): { readonly grid: string[][]; readonly meta: string[][] } {
  const meta = sheetMetaRows({
    entry: table.entry,
    description: table.description ?? null,
    fallback: fallbackDecisionOf(text),
    columns: table.columns.map((c) => ({
      field: c.field,
      label: c.label === undefined ? '' : JSON.stringify(c.label),
      type: c.type ?? '',
    })),
    rows: table.rows.map((r) => r.name ?? ''),
    rule: ruleKeysOf(text, table.ruleIndex),
  });
  return { grid: tableToGrid(table), meta };
}

/** The meta sheet's rows (docs/table-import.md "Round trips"): `readSheetMeta` reads them back. */
export function sheetMetaRows(meta: SheetMeta): string[][] {
  return [
    [META_MARK, META_VERSION],
    ['entry', meta.entry],
    ['description', meta.description ?? ''],
    ['fallback', meta.fallback ?? ''],
    ...meta.columns.map((c) => ['column', c.field, c.label, c.type]),
    ...meta.rows.map((name) => ['row', name]),
    ...(meta.rule ?? []).map((r) => ['rule', r.key, r.json]),
  ];
}

/** The meta sheet's rows read back, or null when they are not a meta sheet (a plain workbook). */
export function readSheetMeta(rows: readonly (readonly string[])[]): SheetMeta | null {
  const first = rows[0];
  if (!first || first[0]?.trim() !== META_MARK || first[1]?.trim() !== META_VERSION) return null;
  let entry: string | null = null;
  let description: string | null = null;
  let fallback: string | null = null;
  const columns: { field: string; label: string; type: string }[] = [];
  const names: string[] = [];
  const unread: { row: number; key: string }[] = [];
  const rule: { key: RuleKey; json: string }[] = [];
  const ruleRow = (key: string, json: string): boolean => {
    if (!(RULE_KEYS as readonly string[]).includes(key) || rule.some((r) => r.key === key))
      return false;
    try {
      if (!ruleValueOk(key as RuleKey, JSON.parse(json))) return false;
    } catch {
      return false;
    }
    rule.push({ key: key as RuleKey, json });
    return true;
  };
  rows.slice(1).forEach((r, k) => {
    const [key = '', a = '', b = '', c = ''] = r;
    if (key === 'entry') entry = a;
    else if (key === 'description') description = a === '' ? null : a;
    else if (key === 'fallback' && (a.trim() === '' || isDecision(a.trim())))
      fallback = a.trim() === '' ? null : a.trim();
    else if (key === 'column') columns.push({ field: a, label: b, type: c });
    else if (key === 'row') names.push(a);
    else if (key === 'rule' && ruleRow(a, b)) return;
    else if (r.some((x) => x.trim() !== '')) unread.push({ row: k + 2, key: `${key} ${a}`.trim() });
  });
  if (entry === null) return null;
  return {
    entry,
    description,
    fallback,
    columns,
    rows: names,
    ...(rule.length > 0 ? { rule } : {}),
    ...(unread.length > 0 ? { unread } : {}),
  };
}

/**
 * A table sheet with its meta sheet as a new document (what "New document" makes of a workbook
 * ERDL exported): the sheet is read as any sheet (importGrid), then given the meta sheet's entry
 * name, description, declared column types and the document's fallback decision — so the new
 * document decides every fact as the one exported. A meta column whose field is not the sheet's
 * is left out, with a note.
 */
export function importSheetWithMeta(
  grid: readonly (readonly string[])[],
  meta: SheetMeta,
  origin: string,
  place?: (line: number, column: number) => Bilingual,
): DocumentImport {
  const base = importGrid(grid, meta.entry, origin, place);
  if (base.text === null) return base;
  let text = base.text;
  const notes: ImportNote[] = [];
  for (const u of meta.unread ?? [])
    notes.push({
      level: 'warning',
      message: {
        en: `row ${u.row} of the "${META_SHEET}" sheet (${JSON.stringify(u.key)}) is not read: it is not one of entry, description, fallback (a decision), column, row`,
        zh: `未读取“${META_SHEET}”工作表第 ${u.row} 行（${zhQuote(u.key)}）：它不是 entry、description、fallback（一种决策）、column、row 之一`,
      },
    });
  // The fallback as exported: without it a fact no row matches would be decided otherwise. One
  // that blocks less than the import's own DENY is said, never taken silently.
  if (meta.fallback !== null && meta.fallback !== 'DENY') {
    text = text.replace(/^ {2}decision: DENY$/m, `  decision: ${meta.fallback}`);
    if (lessBlocking('DENY', meta.fallback))
      notes.push({
        level: 'info',
        message: {
          en: `the document's fallback decision (where no row decides) is ${meta.fallback}, as the workbook's "${META_SHEET}" sheet says, not DENY`,
          zh: `文档的兜底决策（没有行作出决策时）按工作簿“${META_SHEET}”工作表所写为 ${meta.fallback}，而不是 DENY`,
        },
      });
  }
  const ops: TableOp[] = [];
  if (meta.description !== null)
    ops.push({ kind: 'setTableDescription', description: meta.description });
  const first = readTables(text);
  const table = first.ok ? first.tables[0] : undefined;
  meta.columns.forEach((c, i) => {
    const column = table?.columns[i];
    if (column && column.field === c.field && c.type === '') return;
    if (!column || column.field !== c.field || !isTableColumnType(c.type)) {
      const sameField = column?.field === c.field;
      notes.push({
        level: 'warning',
        message: sameField
          ? {
              en: `the "${META_SHEET}" sheet's column ${i + 1} (${c.field}) has the type ${JSON.stringify(c.type)}, which is not a column type (number, string, boolean, date, list); no type is declared`,
              zh: `“${META_SHEET}”工作表第 ${i + 1} 列（${c.field}）的类型${zhQuote(c.type)}不是列类型（number、string、boolean、date、list）；未声明类型`,
            }
          : {
              en: `the "${META_SHEET}" sheet's column ${i + 1} (${c.field}, type ${c.type || 'none'}) is not the table's; its type is not declared`,
              zh: `“${META_SHEET}”工作表的第 ${i + 1} 列（${c.field}，类型 ${c.type || '无'}）与决策表的列不一致；未声明其类型`,
            },
      });
      return;
    }
    if (column.type !== c.type) ops.push({ kind: 'setColumnType', column: i, type: c.type });
  });
  for (const op of ops) {
    const read = readTables(text);
    const now = read.ok ? read.tables[0] : undefined;
    const result = now ? editTable(text, now, op) : null;
    if (!result?.ok) {
      const why = result && !result.ok ? result.message : { en: 'unreadable', zh: '无法读取' };
      notes.push({
        level: 'warning',
        message: {
          en: `the "${META_SHEET}" sheet's ${op.kind === 'setColumnType' ? `type of column ${op.column + 1}` : 'description'} is not applied: ${why.en}`,
          zh: `未应用“${META_SHEET}”工作表中的${op.kind === 'setColumnType' ? `第 ${op.column + 1} 列类型` : '描述'}：${why.zh}`,
        },
      });
      continue;
    }
    text = applyEdits(text, result.edits);
  }
  // The rule entry's priority, explanation and alternative, as exported (JSON is YAML flow).
  for (const r of meta.rule ?? []) {
    if (r.key === 'priority') text = text.replace(/^ {4}priority: 10$/m, `    priority: ${r.json}`);
    else text = `${text.replace(/\n$/, '')}\n    ${r.key}: ${r.json}\n`;
  }
  const rules = text.indexOf('\nrules:\n');
  return {
    text,
    tables: [{ name: meta.entry, entry: text.slice(rules + 8), notes }],
    notes: [],
  };
}

/** A cell of the preview: the grid column (condition columns, then the row's other columns). */
export interface CellChange {
  /** A condition column (0-based), the decision, the priority or a row text. */
  readonly at: number | 'then' | 'priority' | RowTextKey;
  /** The column's header cell in the sheet. */
  readonly column: string;
  readonly was: string;
  /** As the document writes it (a condition cell: the grid's text for the typed one). */
  readonly becomes: string;
  /**
   * A condition cell whose typed text is written in ERDL's notation: the text typed and why the
   * YAML cannot hold it as typed (notation.ts); absent when it is written as typed.
   */
  readonly typed?: { readonly text: string; readonly why: Bilingual };
}

export type RowChange =
  | {
      readonly kind: 'changed';
      /** 0-based row of the table as it is. */
      readonly row: number;
      readonly name: string | null;
      readonly cells: readonly CellChange[];
      readonly widening: RowWidening | null;
      /** The row's decision now blocks less (§6 order). */
      readonly lessBlocking: boolean;
    }
  | {
      readonly kind: 'added';
      /** 1-based row of the sheet (the header is row 1). */
      readonly sheetRow: number;
      readonly name: string | null;
      /** Its condition cells as the document writes them, then its decision. */
      readonly cells: readonly string[];
      /** Its condition cells typed in another notation than ERDL writes (as for a changed cell). */
      readonly typed: readonly {
        readonly column: number;
        readonly text: string;
        readonly why: Bilingual;
      }[];
      /** Its decision blocks less than the default row's, which decided its inputs before. */
      readonly lessBlocking: boolean;
    }
  | {
      readonly kind: 'removed';
      readonly row: number;
      readonly name: string | null;
      readonly cells: readonly string[];
      /** Its decision blocks more than the default row's, which now decides its inputs. */
      readonly mayWiden: boolean;
    };

export type SheetUpdate =
  | {
      readonly ok: true;
      readonly changes: readonly RowChange[];
      /** One edit of the document (null when the sheet changes nothing). */
      readonly edit: TextEdit | null;
      /** The workbook's fallback decision when it differs from the document's (never applied). */
      readonly fallback: { readonly sheet: string | null; readonly document: string | null } | null;
      /** The workbook names another table (its meta sheet's entry). */
      readonly otherEntry: string | null;
    }
  | { readonly ok: false; readonly problems: readonly Bilingual[] };

const problem = (en: string, zh: string): SheetUpdate => ({
  ok: false,
  problems: [{ en, zh }],
});

/** Whether a sheet's header is the table's (the same condition columns, in order). */
export function headerMatches(table: TableModel, header: readonly string[]): boolean {
  const own = tableToGrid({ ...table, rows: [] })[0] as string[];
  const fields = table.columns.length;
  if (header.length < fields + 1) return false;
  for (let i = 0; i < fields; i++)
    if (fieldOf(header[i] ?? '') !== table.columns[i]?.field) return false;
  return own.slice(fields).includes((header[fields] ?? '').trim().toLowerCase());
}

const fieldOf = (cell: string) => cell.trim().split(/\s+/)[0] ?? '';

interface SheetRow {
  readonly line: number;
  readonly cells: readonly string[];
  readonly then: string;
  readonly priority: string;
  readonly texts: Readonly<Record<RowTextKey, string>>;
  readonly name: string;
}

/**
 * What importing `grid` (a sheet in the CSV shape) into `table` changes, and the one edit that
 * does it. Rows are matched by name, then by place; a sheet cell that reads (by its column's type)
 * as the cell the row already has is no change, so the document keeps its notation. Column
 * changes are refused (edit the columns in the grid); so is anything the cell reader refuses.
 */
export function planSheetUpdate(
  text: string,
  table: TableModel,
  grid: readonly (readonly string[])[],
  meta: SheetMeta | null,
): SheetUpdate {
  const header = (grid[0] ?? []).map((h) => h.trim());
  const fields = table.columns.length;
  if (!headerMatches(table, header))
    return problem(
      `the sheet's columns are not the table ${JSON.stringify(table.entry)}'s (${table.columns.map((c) => c.field).join(', ')}, then the decision)`,
      `工作表的列与决策表${zhQuote(table.entry)}的列（${table.columns.map((c) => c.field).join('、')}，然后是决策）不一致`,
    );
  const at = (word: string) => header.findIndex((h, i) => i >= fields && h.toLowerCase() === word);
  const thenAt = at('then') >= 0 ? at('then') : at('decision');
  const priorityAt = at('priority');
  const nameAt = at('name');
  const textAt = ROW_TEXT_KEYS.map((k) => at(k));
  const rows: SheetRow[] = [];
  grid.slice(1).forEach((r, k) => {
    if (!r.some((c) => c.trim() !== '')) return;
    const texts = {} as Record<RowTextKey, string>;
    ROW_TEXT_KEYS.forEach((key, i) => {
      const a = textAt[i] as number;
      texts[key] = a < 0 ? '' : (r[a] ?? '');
    });
    rows.push({
      line: k + 2,
      cells: Array.from({ length: fields }, (_, i) => r[i] ?? ''),
      then: thenAt < 0 ? '' : (r[thenAt] ?? '').trim().toUpperCase(),
      priority: priorityAt < 0 ? '' : (r[priorityAt] ?? '').trim(),
      texts,
      name: nameAt < 0 ? '' : (r[nameAt] ?? '').trim(),
    });
  });
  const problems: Bilingual[] = [];
  // Each sheet row's table row: by name first, then the unnamed rows by place.
  const taken = new Set<number>();
  const match: (number | null)[] = rows.map((s) => {
    if (s.name === '') return null;
    const i = table.rows.findIndex((r) => r.name === s.name);
    if (i < 0 || taken.has(i)) return null;
    taken.add(i);
    return i;
  });
  const rowsGrid = tableToGrid(table).slice(1);
  // Rows are alike when they read alike: a cell in another notation (`任意` for `-`) is the same
  // cell, so identical rows keep their places whichever notation each was written in.
  const sheetKeys = rows.map((s) =>
    readingKey(s.cells, s.then, (c, i) => readCell(c, columnType(table, i))),
  );
  const ownKeys = table.rows.map((r, i) =>
    readingKey((rowsGrid[i] as string[]).slice(0, fields), (r.then ?? '').toUpperCase(), (c, j) => {
      const cell = r.cells[j];
      return cell && cell.kind !== 'invalid'
        ? ({ ok: true, cell } as CellParse)
        : readCell(c, columnType(table, j));
    }),
  );
  alignUnnamed(
    rows.map((s, k) => (match[k] === null && s.name === '' ? k : -1)).filter((k) => k >= 0),
    table.rows.map((r, i) => (r.name === null && !taken.has(i) ? i : -1)).filter((i) => i >= 0),
    (k, i) => sheetKeys[k] === ownKeys[i],
    (k, i) => {
      match[k] = i;
    },
  );
  const headerCells = tableToGrid({ ...table, rows: [] })[0] as string[];
  const changes: RowChange[] = [];
  const ops: { row: number; op: TableOp }[] = [];
  const defaultRow = table.rows.find((r) => r.isDefault) ?? null;
  const readRow = (s: SheetRow) => {
    const cells: (CellInput | null)[] = s.cells.map((c, i) => {
      const read = readCell(c, columnType(table, i));
      if (read.ok) return read.cell;
      problems.push({
        en: `sheet row ${s.line}, ${headerCells[i]}: ${read.message.en}`,
        zh: `工作表第 ${s.line} 行，${headerCells[i]}：${read.message.zh}`,
      });
      return null;
    });
    if (!isDecision(s.then))
      problems.push({
        en: `sheet row ${s.line}: ${JSON.stringify(s.then)} is not one of the 13 decisions`,
        zh: `工作表第 ${s.line} 行：${zhQuote(s.then)}不是 13 种决策之一`,
      });
    if (s.priority !== '' && !/^-?\d+$/.test(s.priority))
      problems.push({
        en: `sheet row ${s.line}: priority ${JSON.stringify(s.priority)} is not a whole number`,
        zh: `工作表第 ${s.line} 行：优先级${zhQuote(s.priority)}不是整数`,
      });
    return cells;
  };
  rows.forEach((s, k) => {
    const target = match[k] as number | null;
    const sheetDefault = s.cells.every((c) => c.trim() === '');
    const cells = readRow(s);
    if (target === null) {
      if (sheetDefault) {
        problems.push({
          en: `sheet row ${s.line}: a new default row (no conditions) is not added by an update; add it in the grid`,
          zh: `工作表第 ${s.line} 行：更新不会新增默认行（无条件）；请在表格中添加`,
        });
        return;
      }
      const notations = s.cells.map((c, i) => {
        const cell = cells[i];
        return cell ? notationOf(c, cell) : { written: c.trim(), why: null };
      });
      changes.push({
        kind: 'added',
        sheetRow: s.line,
        name: s.name === '' ? null : s.name,
        cells: [...notations.map((n) => n.written), s.then],
        typed: notations.flatMap((n, column) =>
          n.why === null ? [] : [{ column, text: (s.cells[column] as string).trim(), why: n.why }],
        ),
        lessBlocking: lessBlocking(defaultRow?.then ?? null, s.then),
      });
      return;
    }
    const r = table.rows[target] as RowModel;
    if (r.isDefault !== sheetDefault) {
      problems.push({
        en: `sheet row ${s.line}: row ${target + 1} ${r.isDefault ? 'is the default row, which has no conditions' : 'has conditions; leaving them all empty would make it a default row'}`,
        zh: `工作表第 ${s.line} 行：第 ${target + 1} 行${r.isDefault ? '是默认行，没有条件' : '有条件；全部留空会使它变成默认行'}`,
      });
      return;
    }
    const cellChanges: CellChange[] = [];
    const after = new Map<number, CellInput>();
    if (!r.isDefault)
      cells.forEach((cell, i) => {
        const before = r.cells[i];
        if (!cell || !before) return;
        if (before.kind !== 'invalid' && formatCell(before) === formatCell(cell)) return;
        after.set(i, cell);
        const typed = (s.cells[i] as string).trim();
        const notation = notationOf(typed, cell);
        cellChanges.push({
          at: i,
          column: headerCells[i] as string,
          was: formatCell(before),
          becomes: notation.written,
          ...(notation.why === null ? {} : { typed: { text: typed, why: notation.why } }),
        });
        ops.push({ row: target, op: { kind: 'setCell', row: target, column: i, cell } });
      });
    if (isDecision(s.then) && s.then !== r.then) {
      cellChanges.push({ at: 'then', column: 'then', was: r.then ?? '', becomes: s.then });
      ops.push({ row: target, op: { kind: 'setDecision', row: target, decision: s.then } });
    }
    const priorityWas = r.priority === null ? '' : String(r.priority);
    if (/^-?\d+$|^$/.test(s.priority) && s.priority !== priorityWas) {
      cellChanges.push({
        at: 'priority',
        column: 'priority',
        was: priorityWas,
        becomes: s.priority,
      });
      ops.push({
        row: target,
        op: {
          kind: 'setPriority',
          row: target,
          priority: s.priority === '' ? null : Number(s.priority),
        },
      });
    }
    ROW_TEXT_KEYS.forEach((key) => {
      const before = r.texts[key]?.value ?? '';
      const value = s.texts[key];
      if (value === before) return;
      if (r.texts[key] && !r.texts[key]?.editable) {
        problems.push({
          en: `sheet row ${s.line}: the ${key} of row ${target + 1} is written as a map; edit it in the text`,
          zh: `工作表第 ${s.line} 行：第 ${target + 1} 行的 ${key} 写作映射；请在文本中编辑`,
        });
        return;
      }
      cellChanges.push({ at: key, column: key, was: before, becomes: value });
      ops.push({
        row: target,
        op: { kind: 'setRowText', row: target, key, value: value === '' ? null : value },
      });
    });
    if (cellChanges.length === 0) return;
    const widening = after.size === 0 ? null : rowWidening(table, target, after);
    changes.push({
      kind: 'changed',
      row: target,
      name: r.name,
      cells: cellChanges,
      widening: widening && widening.verdict !== 'none' ? widening : null,
      lessBlocking: isDecision(s.then) && s.then !== r.then && lessBlocking(r.then, s.then),
    });
  });
  const removed = table.rows.map((r, i) => ({ r, i })).filter(({ i }) => !match.includes(i));
  for (const { r, i } of removed) {
    if (r.isDefault) {
      problems.push({
        en: 'the sheet has no default row (no conditions); remove the default row in the grid',
        zh: '工作表没有默认行（无条件）；请在表格中删除默认行',
      });
      continue;
    }
    changes.push({
      kind: 'removed',
      row: i,
      name: r.name,
      cells: [...(rowsGrid[i] as string[]).slice(0, fields), r.then ?? ''],
      mayWiden: lessBlocking(r.then, defaultRow?.then ?? null),
    });
  }
  if (problems.length > 0) return { ok: false, problems };
  // The edits, one table operation at a time on the text the previous one made, as one edit.
  let current = text;
  const step = (op: TableOp): Bilingual | null => {
    const read = readTables(current);
    const now = read.ok ? read.tables.find((t) => t.entry === table.entry) : undefined;
    if (!now) return { en: 'the table cannot be read', zh: '无法读取该决策表' };
    const result = editTable(current, now, op);
    if (!result.ok) return result.message;
    if (result.rejected.length > 0) return result.rejected[0]?.message ?? null;
    current = applyEdits(current, result.edits);
    return null;
  };
  const fail = (m: Bilingual): SheetUpdate => ({ ok: false, problems: [m] });
  for (const { op } of ops) {
    const m = step(op);
    if (m) return fail(m);
  }
  for (const { i } of [...removed].reverse()) {
    const m = step({ kind: 'deleteRow', row: i });
    if (m) return fail(m);
  }
  // New rows go in at their place among the rows kept (above the default row).
  let place = 0;
  for (let k = 0; k < rows.length; k++) {
    const s = rows[k] as SheetRow;
    if (match[k] !== null) {
      place += 1;
      continue;
    }
    const read = readTables(current);
    const now = read.ok ? read.tables.find((t) => t.entry === table.entry) : undefined;
    const defaultAt = now ? now.rows.findIndex((r) => r.isDefault) : -1;
    const row = defaultAt >= 0 ? Math.min(place, defaultAt) : place;
    for (const op of [
      { kind: 'addRow', at: row } as TableOp,
      ...s.cells.map(
        (c, i) =>
          ({
            kind: 'setCell',
            row,
            column: i,
            cell: (readCell(c, columnType(table, i)) as { cell: CellInput }).cell,
          }) as TableOp,
      ),
      { kind: 'setDecision', row, decision: s.then } as TableOp,
      {
        kind: 'setPriority',
        row,
        priority: s.priority === '' ? null : Number(s.priority),
      } as TableOp,
      ...ROW_TEXT_KEYS.map(
        (key) =>
          ({
            kind: 'setRowText',
            row,
            key,
            value: s.texts[key] === '' ? null : s.texts[key],
          }) as TableOp,
      ),
    ]) {
      const m = step(op);
      if (m) return fail(m);
    }
    if (s.name !== '') {
      const after = readTables(current);
      const t = after.ok ? after.tables.find((x) => x.entry === table.entry) : undefined;
      const r = t?.rows[row];
      if (!r) return fail({ en: 'the table cannot be read', zh: '无法读取该决策表' });
      const named = nameRow(current, r, s.name);
      if (named === null)
        return fail({
          en: `sheet row ${s.line}: the new row cannot be given its name`,
          zh: `工作表第 ${s.line} 行：无法为新行设置名称`,
        });
      current = named;
    }
    place += 1;
  }
  const docFallback = fallbackDecisionOf(text);
  const fallback =
    meta && meta.fallback !== docFallback ? { sheet: meta.fallback, document: docFallback } : null;
  return {
    ok: true,
    changes,
    edit: oneEdit(text, current),
    fallback,
    otherEntry: meta && meta.entry !== table.entry ? meta.entry : null,
  };
}

/** Pairs of sheet and table rows above this many compared by place only (the alignment is m × n). */
const MAX_ALIGNED_PAIRS = 4_000_000;

/**
 * Pairs unnamed sheet rows with unnamed table rows: rows written alike are anchors (a longest
 * common subsequence), and between two anchors rows pair by place; the rest are added or removed.
 */
function alignUnnamed(
  sheet: readonly number[],
  own: readonly number[],
  same: (k: number, i: number) => boolean,
  pair: (k: number, i: number) => void,
): void {
  const n = sheet.length;
  const m = own.length;
  const anchors: [number, number][] = [];
  if (n * m <= MAX_ALIGNED_PAIRS) {
    const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
    for (let a = n - 1; a >= 0; a--)
      for (let b = m - 1; b >= 0; b--)
        (lcs[a] as Uint32Array)[b] = same(sheet[a] as number, own[b] as number)
          ? ((lcs[a + 1] as Uint32Array)[b + 1] as number) + 1
          : Math.max(
              (lcs[a + 1] as Uint32Array)[b] as number,
              (lcs[a] as Uint32Array)[b + 1] as number,
            );
    let a = 0;
    let b = 0;
    while (a < n && b < m) {
      if (same(sheet[a] as number, own[b] as number)) {
        anchors.push([a, b]);
        a++;
        b++;
      } else if (
        ((lcs[a + 1] as Uint32Array)[b] as number) >= ((lcs[a] as Uint32Array)[b + 1] as number)
      )
        a++;
      else b++;
    }
  }
  anchors.push([n, m]);
  let a = 0;
  let b = 0;
  for (const [x, y] of anchors) {
    while (a < x && b < y) pair(sheet[a++] as number, own[b++] as number);
    a = x;
    b = y;
    if (x < n && y < m) pair(sheet[x] as number, own[y] as number);
    a = x + 1;
    b = y + 1;
  }
}

/**
 * What a row reads as, one string: each cell as the column's type reads it (its canonical text),
 * or its trimmed text where the reader refuses it, then the decision.
 */
function readingKey(
  cells: readonly string[],
  then: string,
  read: (text: string, column: number) => CellParse,
): string {
  return JSON.stringify([
    ...cells.map((c, i) => {
      const r = read(c, i);
      return r.ok ? ['cell', formatCell(r.cell)] : ['text', c.trim()];
    }),
    then,
  ]);
}

/** Applies edits (non-overlapping) to a text, last first. */
function applyEdits(text: string, edits: readonly TextEdit[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.range.start - a.range.start))
    out = out.slice(0, e.range.start) + e.newText + out.slice(e.range.end);
  return out;
}

/**
 * A row's item given the name `name`: its `name:` line rewritten when it has one (rows get their
 * numbers as names when rows are added or removed, I-90), else `name:` as its first key.
 */
function nameRow(text: string, row: RowModel, name: string): string | null {
  const start = row.range.start;
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const indent = ' '.repeat(start - lineStart);
  const line = `name: ${JSON.stringify(name)}`;
  if (row.name !== null) {
    const body = text.slice(start, row.range.end);
    const at = body.startsWith('name:') ? 0 : body.indexOf(`\n${indent}name:`) + 1 + indent.length;
    if (at < 0 || !body.startsWith('name:', at)) return null;
    const end = body.indexOf('\n', at);
    const stop = end < 0 ? body.length : end;
    return text.slice(0, start + at) + line + text.slice(start + stop);
  }
  const dash = text.lastIndexOf('-', start);
  if (dash < lineStart || text.slice(dash + 1, start).trim() !== '') return null;
  return `${text.slice(0, start)}${line}\n${indent}${text.slice(start)}`;
}

/** The one edit turning `before` into `after`: the span between their common prefix and suffix. */
export function oneEdit(before: string, after: string): TextEdit | null {
  if (before === after) return null;
  let start = 0;
  const max = Math.min(before.length, after.length);
  while (start < max && before[start] === after[start]) start++;
  let end = 0;
  while (end < max - start && before[before.length - 1 - end] === after[after.length - 1 - end])
    end++;
  return {
    range: { start, end: before.length - end },
    newText: after.slice(start, after.length - end),
  };
}
