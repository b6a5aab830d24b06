import type { Bilingual, TextEdit } from '../diagnostics/diagnostic';
import { quote as yamlQuote } from '../projection/yaml-out';
import { composeEdits } from '../util/text-edit';
import { applyTextEdits } from './apply';
import type { TableModel, TablesRead } from './model';
import { readTables } from './read-tables';
import { itemSpan } from './spans';

/**
 * Row identity (I-75, I-90): an unnamed row is `<entry>#<n>`, its position, so an edit that adds,
 * removes or reorders rows would rename every row below it (and fail the fact suites naming them).
 * Before such an edit, every unnamed row of the table is given `name: "<n>"` — its compiled name
 * stays exactly what it was — in the same edit (one undo step); then the rows are added, removed
 * or moved, and no other row's compiled name changes.
 */

/** The result a structural table edit returns (edit-table.ts's `TableEditResult`, structurally). */
type EditResult =
  | { readonly ok: true; readonly edits: readonly TextEdit[]; readonly note?: Bilingual }
  | { readonly ok: false; readonly message: Bilingual };

/** 1-based positions of the table's rows without a name (each is `<entry>#<n>`). */
export function unnamedRows(table: TableModel): number[] {
  return table.rows.filter((r) => r.name === null).map((r) => r.index);
}

/**
 * The edits that give every unnamed row of `table` `name: "<its position>"` as its first key, so
 * it compiles to the `<entry>#<n>` it already had: [] when every row has a name, null when a row
 * is not a block mapping on its own `- ` line (flow style), where a key cannot be added in place.
 * Zero-width inserts at each row's first key, so they combine with an edit of the same text that
 * does not touch those offsets (e.g. a row added after the last row). For an edit that removes or
 * moves rows, use `withRowNames`, which combines them for you.
 */
export function nameRowsFirst(text: string, table: TableModel): TextEdit[] | null {
  const edits: TextEdit[] = [];
  const single = singleQuoted(text, table);
  for (const row of table.rows) {
    if (row.name !== null) continue;
    const span = table.structural ? itemSpan(text, row.range) : null;
    if (!span) return null;
    const name = single ? `'${row.index}'` : yamlQuote(String(row.index));
    edits.push({
      range: { start: row.range.start, end: row.range.start },
      newText: `name: ${name}\n${' '.repeat(span.innerColumn)}`,
    });
  }
  return edits;
}

/** A table whose decisions are single-quoted writes its row names so too. */
function singleQuoted(text: string, table: TableModel): boolean {
  const then = table.rows.find((r) => r.thenRange)?.thenRange;
  return then !== undefined && then !== null && text[then.start] === "'";
}

/**
 * The note said with an edit that named rows: which rows now carry their numbers as names, and
 * why. `positions` are the names given (1-based row numbers before the edit).
 */
export function rowsNamedNote(positions: readonly number[]): Bilingual {
  const en = runs(positions, ', ');
  const zh = runs(positions, '、');
  return positions.length === 1
    ? {
        en: `Row ${en} now carries its number as its name, so inserting, moving or deleting rows keeps every row's name (and the suite's references).`,
        zh: `第 ${zh} 行现在以其行号为行名，因此插入、移动或删除行不会改变任何一行的名称，测试集中的引用依然有效。`,
      }
    : {
        en: `Rows ${en} now carry their numbers as names, so inserting, moving or deleting rows keeps every row's name (and the suite's references).`,
        zh: `第 ${zh} 行现在以各自的行号为行名，因此插入、移动或删除行不会改变任何一行的名称，测试集中的引用依然有效。`,
      };
}

/** `1, 2, 3, 5` → `1–3, 5`. */
function runs(positions: readonly number[], separator: string): string {
  const sorted = [...positions].sort((a, b) => a - b);
  const out: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && (sorted[j + 1] as number) === (sorted[j] as number) + 1) j++;
    const from = sorted[i] as number;
    const to = sorted[j] as number;
    out.push(
      to === from ? String(from) : to === from + 1 ? `${from}${separator}${to}` : `${from}–${to}`,
    );
    i = j + 1;
  }
  return out.join(separator);
}

/**
 * A structural edit of `table` made after every unnamed row is named (`nameRowsFirst`), as one
 * list of edits of `text` (one undo step), with the note saying which rows got names. `edit` is
 * computed on the named text and its table read again; `removed` (1-based, before the edit) is a
 * row the edit deletes, left out of the note. An edit that changes nothing names nothing. Tables
 * whose rows all have names are edited as they are.
 */
export function withRowNames<R extends EditResult>(
  text: string,
  table: TableModel,
  edit: (text: string, table: TableModel) => R,
  removed?: number,
  read: (text: string) => TablesRead = readTables,
): R | Extract<EditResult, { ok: false }> {
  const positions = unnamedRows(table);
  if (positions.length === 0) return edit(text, table);
  const naming = nameRowsFirst(text, table);
  const named = naming && applyTextEdits(text, naming);
  const reread = named === null ? null : read(named);
  const again = reread?.ok
    ? reread.tables.find((t) => t.ruleIndex === table.ruleIndex && t.entry === table.entry)
    : undefined;
  if (!naming || named === null || !again || unnamedRows(again).length > 0)
    return {
      ok: false,
      message: {
        en: 'the rows cannot be given their numbers as names here (a row is written in flow style); name them in the YAML first',
        zh: '此处无法以行号为各行命名（有的行用流式写法书写）；请先在 YAML 中为各行命名',
      },
    };
  const result = edit(named, again);
  if (!result.ok || result.edits.length === 0) return result;
  const kept = positions.filter((n) => n !== removed);
  return {
    ...result,
    edits: composeEdits(text, naming, result.edits),
    ...(kept.length > 0 ? { note: rowsNamedNote(kept) } : {}),
  };
}
