/**
 * A test case's value in one column of the scenario sheet, as text: what the sheet's editor starts
 * with, and what a typed text writes into the suite. Typed text is read by the column's type with
 * the grid's own cell reader (table-edit/cell-reader.ts, docs/table-cells.md): `20,000` is the
 * number 20000 in a number column, `gold` the text "gold" in a text column, `yes` true in a yes/no
 * column. A case holds one value per field, so only a cell that reads as `= value` is a value;
 * `-` or an empty text removes the field; anything else is refused, saying why, in both languages.
 */

import { stringifyExact } from '../data/json-number';
import type { Bilingual } from '../diagnostics/diagnostic';
import { isList, isNumeric, isRecord, numberText, toExactJson, type Value } from '../eval/values';
import { quote } from '../projection/yaml-out';
import { type ColumnType, readCell } from '../table-edit/cell-reader';
import { zhQuote } from '../util/quote';

export type ScenarioValueRead =
  /** `text`: the YAML (and JSON) scalar to write; null removes the field from the fact. */
  | { readonly ok: true; readonly text: string | null }
  | { readonly ok: false; readonly message: Bilingual };

const refuse = (en: string, zh: string): ScenarioValueRead => ({ ok: false, message: { en, zh } });

/** Reads a typed value for a column of `type` (see the module comment). */
export function readScenarioValue(input: string, type: ColumnType): ScenarioValueRead {
  if (type === 'list')
    return refuse(
      'a list is written in the suite text (Tests panel): the sheet edits one value per column',
      '列表请在测试集文本中编写（“测试”面板）：此表每列只编辑一个值',
    );
  const read = readCell(input, type);
  if (!read.ok) return read;
  const cell = read.cell;
  if (cell.kind === 'any') return { ok: true, text: null };
  const v = cell.value;
  if (cell.op !== 'eq' || v === undefined || v.kind !== 'scalar') {
    const shown = input.trim();
    return refuse(
      `a test case holds one value, not a condition: write the value itself (700), not "${shown}"`,
      `测试用例只保存一个值，而不是条件：请直接写值（如 700），而不是${zhQuote(shown)}`,
    );
  }
  if (typeof v.value === 'number') return { ok: true, text: v.source };
  if (typeof v.value === 'string') return { ok: true, text: quote(v.value) };
  return { ok: true, text: v.value === null ? 'null' : String(v.value) };
}

/**
 * The text the sheet's editor starts with for a value: one that reads back as the same value in
 * the column (a number's digits without grouping, a text bare when the column reads it bare, else
 * quoted), or the value's JSON for a list or a mapping (those are edited in the suite text).
 */
export function scenarioValueText(v: Value, type: ColumnType): string {
  if (v === undefined) return '';
  if (v === null) return 'null';
  if (typeof v === 'boolean') return String(v);
  if (isNumeric(v)) return numberText(v);
  if (typeof v === 'string') {
    if (type === 'string' || type === 'date') {
      const back = readScenarioValue(v, type);
      if (back.ok && back.text === quote(v)) return v;
    }
    return quote(v);
  }
  if (isList(v) || isRecord(v)) return stringifyExact(toExactJson(v), 0);
  return String(v);
}
