import type { Bilingual } from '../diagnostics/diagnostic';
import { loadFragment } from '../document/load';
import type { YNode } from '../document/ynode';
import { quote } from '../projection/yaml-out';
import type { CellInput } from '../table-analysis/region-types';
import { zhQuote } from '../util/quote';
import {
  MAX_LIST_ITEMS,
  OPERATOR_ALIASES,
  type SimpleOperatorInfo,
  simpleOperatorInfo,
} from '../vocabulary/operators';
import type { CellModel, CellValue } from './model';

/**
 * One cell as one line of text — what the grid shows, what copy puts on the clipboard and what a
 * pasted or typed cell is read from: `-` (any), `>= 700`, `between [580, 699]`, `in ["a", "b"]`,
 * `exists`. A bare value means `=`.
 */

/** Comparison operators are shown as symbols; every other operator by its §5.2 name. */
const SYMBOLS: Readonly<Record<string, string>> = {
  eq: '=',
  ne: '!=',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
};

/** Symbols a user may type, longest first so `>=` is not read as `>`. */
const TYPED_SYMBOLS: readonly (readonly [string, string])[] = [
  ['>=', 'gte'],
  ['<=', 'lte'],
  ['!=', 'ne'],
  ['==', 'eq'],
  ['≥', 'gte'],
  ['≤', 'lte'],
  ['≠', 'ne'],
  ['<>', 'ne'],
  ['>', 'gt'],
  ['<', 'lt'],
  ['=', 'eq'],
];

export type { CellInput } from '../table-analysis/region-types';

export type CellParse =
  | { readonly ok: true; readonly cell: CellInput }
  | { readonly ok: false; readonly message: Bilingual };

export function formatValue(v: CellValue): string {
  if (v.kind === 'list') return `[${v.items.map(formatValue).join(', ')}]`;
  // A YAML double-quoted string that reads back exactly: DEL, C1 controls and U+2028/2029/FEFF
  // escaped too (JSON.stringify writes them raw, and the kernel refuses raw C1 as binary content).
  if (typeof v.value === 'string') return quote(v.value);
  return v.source;
}

/** The cell's one-line text (the grid's display, copy and edit text). */
export function formatCell(cell: CellModel | CellInput): string {
  if (cell.kind === 'any') return '-';
  if (cell.kind === 'invalid') return cell.source;
  const op = SYMBOLS[cell.op] ?? cell.op;
  return cell.value === undefined ? op : `${op} ${formatValue(cell.value)}`;
}

/**
 * The cell as YAML flow text, §2.3 style: the operator (an enum keyword) and numbers bare, strings
 * double-quoted; the "any" cell is the string "-".
 */
export function renderCellYaml(cell: CellInput, style: CellStyle = DEFAULT_CELL_STYLE): string {
  if (cell.kind === 'any') return style.any;
  const op = `${style.opQuote}${cell.op}${style.opQuote}`;
  return cell.value === undefined ? `[${op}]` : `[${op}, ${formatValue(cell.value)}]`;
}

/** How a table writes its cells: the operator bare or quoted, and the "any" cell's text. */
export interface CellStyle {
  readonly opQuote: '' | '"' | "'";
  readonly any: string;
}

export const DEFAULT_CELL_STYLE: CellStyle = { opQuote: '', any: '"-"' };

const fail = (en: string, zh: string): CellParse => ({ ok: false, message: { en, zh } });

/** A YNode read from a cell's value text, as a CellValue (maps are not cell values). */
export function cellValueOf(node: YNode): CellValue | null {
  if (node.kind === 'scalar') {
    const source = typeof node.value === 'number' ? node.source : JSON.stringify(node.value);
    return { kind: 'scalar', value: node.value, source };
  }
  if (node.kind === 'seq') {
    const items: CellValue[] = [];
    for (const item of node.items) {
      const v = cellValueOf(item);
      if (!v) return null;
      items.push(v);
    }
    return { kind: 'list', items };
  }
  return null;
}

/**
 * A cell's operator and the text of its value: refused when the operator is a modifier or unknown,
 * finished when it takes no value (exists), or a value is missing. A bare value means `eq`.
 */
export function operatorHead(
  text: string,
): CellParse | { readonly op: string; readonly info: SimpleOperatorInfo; readonly rest: string } {
  const { op: named, rest } = splitOperator(text);
  if (named === 'within' || named === 'rate')
    return fail(
      `${named} is a modifier and cannot be a table cell (§5.4)`,
      `${named} 是修饰符，不能用作决策表单元格（§5.4）`,
    );
  const op = named ?? 'eq';
  const info = simpleOperatorInfo(op);
  if (!info) return fail(`unknown operator ${op}`, `未知运算符 ${op}`);
  if (info.operand === 'none') {
    if (rest !== '')
      return fail(`${op} takes no value (got ${rest})`, `${op} 不接受值（收到 ${rest}）`);
    return { ok: true, cell: { kind: 'condition', op } };
  }
  if (rest === '') return fail(`${op} needs a value`, `${op} 需要一个值`);
  return { op, info, rest };
}

export function splitOperator(text: string): { op: string | null; rest: string } {
  for (const [symbol, op] of TYPED_SYMBOLS) {
    if (text.startsWith(symbol)) return { op, rest: text.slice(symbol.length).trim() };
  }
  const word = /^([a-z_]+)(?:\s+|$)/.exec(text);
  if (word) {
    const name = OPERATOR_ALIASES[word[1] as string] ?? (word[1] as string);
    if (simpleOperatorInfo(name)) return { op: name, rest: text.slice(word[0].length).trim() };
  }
  return { op: null, rest: text };
}

export function readValue(rest: string): CellValue | CellParse {
  const fragment = loadFragment(rest);
  const value = fragment && fragment.node.kind !== 'map' ? cellValueOf(fragment.node) : null;
  if (!value) {
    return fail(
      `cannot read the value ${JSON.stringify(rest)}: write a number, a "quoted string" or a [list]`,
      `无法读取值${zhQuote(rest)}：请写数字、"带引号的字符串"或 [列表]`,
    );
  }
  return value;
}

const isNumber = (v: CellValue) => v.kind === 'scalar' && typeof v.value === 'number';
const isString = (v: CellValue) => v.kind === 'scalar' && typeof v.value === 'string';
const isScalar = (v: CellValue) => v.kind === 'scalar';

/**
 * Reads one cell's text, checking the value against what the operator takes (§5.2). Only the
 * condition operators are allowed: `within` and `rate` cannot be table cells (§5.4, E508).
 */
export function parseCell(input: string): CellParse {
  const text = input.trim();
  if (text === '' || text === '-') return { ok: true, cell: { kind: 'any' } };
  if (/[\r\n]/.test(text)) return fail('a cell is one line of text', '单元格只能是一行文本');
  const head = operatorHead(text);
  if ('ok' in head) return head;
  const { op, info, rest } = head;
  // A bare "a, b" after in / not_in / between is a list.
  const wantsList = info.operand === 'list' || info.operand === 'range';
  const valueText = wantsList && !rest.startsWith('[') ? `[${rest}]` : rest;
  const read = readValue(valueText);
  if ('ok' in read) return read;
  const value = read;
  const problem = operandProblem(op, info.operand, value);
  if (problem) return { ok: false, message: problem };
  return { ok: true, cell: { kind: 'condition', op, value } };
}

export function operandProblem(op: string, operand: string, v: CellValue): Bilingual | null {
  const needs = (en: string, zh: string): Bilingual => ({
    en: `${op} needs ${en}`,
    zh: `${op} 需要${zh}`,
  });
  switch (operand) {
    case 'scalar':
      return isScalar(v) ? null : needs('a single value, not a list', '单个值，而不是列表');
    case 'ordered':
      return isNumber(v) || isString(v) ? null : needs('a number or a string', '数字或字符串');
    case 'string':
    case 'regex':
      return isString(v) ? null : needs('a "quoted string"', '"带引号的字符串"');
    case 'count':
      return v.kind === 'scalar' &&
        typeof v.value === 'number' &&
        Number.isInteger(v.value) &&
        v.value >= 0
        ? null
        : needs('a whole number ≥ 0', '≥ 0 的整数');
    case 'list':
      if (v.kind !== 'list' || !v.items.every(isScalar))
        return needs('a list of values like ["a", "b"]', '值列表，例如 ["a", "b"]');
      return v.items.length > MAX_LIST_ITEMS
        ? needs(`at most ${MAX_LIST_ITEMS} items`, `不超过 ${MAX_LIST_ITEMS} 项`)
        : null;
    case 'range': {
      if (v.kind !== 'list' || v.items.length !== 2 || !v.items.every(isNumber))
        return needs('a range [min, max] of two numbers', '由两个数字组成的区间 [最小, 最大]');
      const [lo, hi] = v.items as [CellValue & { value: number }, CellValue & { value: number }];
      return lo.value <= hi.value
        ? null
        : needs('min ≤ max in [min, max]', '[最小, 最大] 中最小值不大于最大值');
    }
    default:
      return needs('a value this grid cannot edit', '本表格无法编辑的值');
  }
}
