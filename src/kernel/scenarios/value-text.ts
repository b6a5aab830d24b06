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
import { enQuote, zhQuote } from '../util/quote';

export type ScenarioValueRead =
  /** `text`: the YAML (and JSON) scalar to write; null removes the field from the fact. */
  | { readonly ok: true; readonly text: string | null }
  | { readonly ok: false; readonly message: Bilingual };

const refuse = (en: string, zh: string): ScenarioValueRead => ({ ok: false, message: { en, zh } });

/** Reads a typed value for a column of `type` (see the module comment). */
export function readScenarioValue(input: string, type: ColumnType): ScenarioValueRead {
  if (type === 'list')
    return refuse(
      'a list is written in the suite text (Evaluate panel, Fact suite): the sheet edits one value per column',
      '列表请在测试集文本中编写（“求值”面板的事实测试集）：此表每列只编辑一个值',
    );
  const read = readCell(input, type);
  if (!read.ok) return notAValue(input.trim(), type) ?? read;
  const cell = read.cell;
  if (cell.kind === 'any') return { ok: true, text: null };
  const v = cell.value;
  if (cell.op !== 'eq' || v === undefined || v.kind !== 'scalar') {
    const shown = input.trim();
    return refuse(
      `a test case holds one value, not a condition: write the value itself (700), not ${enQuote(shown)}`,
      `测试用例只保存一个值，而不是条件：请直接写值（如 700），而不是${zhQuote(shown)}`,
    );
  }
  if (typeof v.value === 'number') return { ok: true, text: v.source };
  if (typeof v.value === 'string') return { ok: true, text: quote(v.value) };
  return { ok: true, text: v.value === null ? 'null' : String(v.value) };
}

/** What a value of the column looks like, when the grid's reason (about cells) would mislead. */
function notAValue(shown: string, type: ColumnType): ScenarioValueRead | null {
  const en = enQuote(shown);
  const zh = zhQuote(shown);
  switch (type) {
    case 'number':
      return refuse(
        `${en} is not a number: write a number such as 700, 1,000 or -2.5 (empty: the fact has no such field)`,
        `${zh}不是数字：请写数字，例如 700、1,000 或 -2.5（留空表示事实中没有该字段）`,
      );
    case 'boolean':
      return refuse(
        `${en} is not yes or no: write yes or no (also true or false)`,
        `${zh}不是“是”或“否”：请写“是”或“否”（也可写“true”或“false”）`,
      );
    case 'date':
      return refuse(
        `${en} is not a date: write a date such as 2026-01-31`,
        `${zh}不是日期：请写日期，例如 2026-01-31`,
      );
    case 'unknown':
      return refuse(
        `${en} cannot be read: this column's type is not known yet, so write a number (700), a quoted text ("gold"), true or false`,
        `无法读取${zh}：此列的类型尚未确定，请写数字（700）、带引号的文本（“"gold"”）、“true”或“false”`,
      );
    default:
      return null;
  }
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
