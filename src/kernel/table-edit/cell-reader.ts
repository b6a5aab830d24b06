import type { Bilingual } from '../diagnostics/diagnostic';
import { loadFragment } from '../document/load';
import { ISO_DATE } from '../tree/column-type';
import { zhQuote } from '../util/quote';
import { simpleOperatorInfo } from '../vocabulary/operators';
import {
  type CellInput,
  type CellParse,
  cellValueOf,
  formatValue,
  operandProblem,
  operatorHead,
  parseCell,
} from './cell-text';
import type { CellModel, CellValue, TableModel } from './model';

/**
 * Cells read by their column's type (docs/table-cells.md). A column's type is inferred from the
 * values its cells already compare with, else from the built-in field types below; the reader
 * accepts the notations people paste from spreadsheets when the type makes them unambiguous
 * (`1000-5000`, `≥ 700`, `<=1,000`, `yes`, `in a, b`) and refuses the rest with what it would
 * accept. A number column never gets a string operand.
 */
export type ColumnType = 'number' | 'string' | 'boolean' | 'date' | 'list' | 'unknown';

export const COLUMN_TYPES: readonly ColumnType[] = [
  'number',
  'string',
  'boolean',
  'date',
  'list',
  'unknown',
];

/** Types of the built-in dictionary's fields whose type is fixed by what they name. */
export const BUILTIN_FIELD_TYPES: ReadonlyMap<string, ColumnType> = new Map<string, ColumnType>([
  ['tool.args.amount', 'number'],
  ['tool.name', 'string'],
  ['tool.args.path', 'string'],
  ['tool.args.command', 'string'],
  ['tool.args.url', 'string'],
  ['tool.args.recipient', 'string'],
  ['agent.id', 'string'],
  ['agent.name', 'string'],
  ['agent.role', 'string'],
  ['task.id', 'string'],
  ['task.type', 'string'],
  ['task.status', 'string'],
  ['workflow.id', 'string'],
  ['workflow.state', 'string'],
  ['human.id', 'string'],
  ['human.role', 'string'],
]);

/** A number as spreadsheets show it: optional sign, optional thousands groups, optional decimals. */
const NUMBER = /^[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$/;
const PLAIN_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;
const NUM = String.raw`[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?`;
/** `a-b`, `a – b`, `a~b`, `a..b`, `a to b`, `a 至 b`: a closed range. */
const RANGE = new RegExp(String.raw`^(${NUM})\s*(?:-|–|—|~|～|\.\.|to|至|到)\s*(${NUM})$`, 'i');
const BRACKET_RANGE = new RegExp(String.raw`^\[\s*(${NUM})\s*\.\.\s*(${NUM})\s*\]$`);
const BETWEEN_WORDS = new RegExp(
  String.raw`^(not[ _]between|between)\s+\[?\s*(${NUM})\s*(?:and|,|;|、|\.\.|-|–|~|至|到)\s*(${NUM})\s*\]?$`,
  'i',
);
const ANY_WORDS = new Set(['', '-', 'any', '任意']);
const TRUE_WORDS = new Set(['true', 'yes', 'y', '是']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '否']);

/** A word the yes/no reader reads (`yes`, `n`, `是` …; `true` / `false` read in any column). */
export function isYesNoWord(text: string): boolean {
  const w = text.trim().toLowerCase();
  return TRUE_WORDS.has(w) || FALSE_WORDS.has(w);
}

const fail = (en: string, zh: string): CellParse => ({ ok: false, message: { en, zh } });
const ok = (cell: CellInput): CellParse => ({ ok: true, cell });

/** A number as written without separators: the source the YAML gets (never via a double). */
function numberSource(text: string): string | null {
  if (!NUMBER.test(text)) return null;
  let s = text.replaceAll(',', '');
  if (s.startsWith('+')) s = s.slice(1);
  // Leading zeros are dropped (0700 is 700); a decimal part is kept as written.
  const negative = s.startsWith('-');
  let digits = negative ? s.slice(1) : s;
  digits = digits.replace(/^0+(?=\d)/, '');
  const out = negative && !/^0(?:\.0+)?$/.test(digits) ? `-${digits}` : digits;
  return PLAIN_NUMBER.test(out) ? out : null;
}

function numberValue(text: string): CellValue | null {
  const source = numberSource(text);
  return source === null ? null : { kind: 'scalar', value: Number(source), source };
}

const stringValue = (s: string): CellValue => ({
  kind: 'scalar',
  value: s,
  source: JSON.stringify(s),
});

/** Values of a typed column are checked against the type as well as the operator. */
function valueOfType(v: CellValue, type: ColumnType): boolean {
  if (v.kind === 'list') return v.items.every((i) => valueOfType(i, type));
  switch (type) {
    case 'number':
      return typeof v.value === 'number';
    case 'string':
    case 'date':
      return typeof v.value === 'string';
    case 'boolean':
      return typeof v.value === 'boolean';
    default:
      return true;
  }
}

const TYPE_NAMES: Readonly<Record<ColumnType, Bilingual>> = {
  number: { en: 'number', zh: '数字' },
  string: { en: 'text', zh: '文本' },
  boolean: { en: 'yes/no', zh: '是/否' },
  date: { en: 'date', zh: '日期' },
  list: { en: 'list', zh: '列表' },
  unknown: { en: 'not yet known', zh: '尚未确定' },
};

export function columnTypeName(type: ColumnType): Bilingual {
  return TYPE_NAMES[type];
}

/** What a cell of each type accepts, for refusals. */
const ACCEPTS: Readonly<Record<ColumnType, Bilingual>> = {
  number: {
    en: 'write a number (700, 1,000, -2.5), a comparison (>= 700, ≤ 1,000), a range (1000-5000, [1000..5000], between 1000 and 5000), in 1, 2, 3, exists, or - for any',
    zh: '请写数字（700、1,000、-2.5）、比较（>= 700、≤ 1,000）、区间（1000-5000、[1000..5000]、between 1000 and 5000）、in 1, 2, 3、exists，或用 - 表示任意',
  },
  string: {
    en: 'write a text (gold, "gold"), a comparison (!= gold), in a, b, starts_with x, exists, or - for any',
    zh: '请写文本（gold、"gold"）、比较（!= gold）、in a, b、starts_with x、exists，或用 - 表示任意',
  },
  boolean: {
    en: 'write yes / no (or true / false), != yes, exists, or - for any',
    zh: '请写 yes / no（或 true / false、是 / 否）、!= yes、exists，或用 - 表示任意',
  },
  date: {
    en: 'write a date as YYYY-MM-DD (optionally with a time), a comparison (>= 2026-01-01), in a list of dates, exists, or - for any',
    zh: '请写 YYYY-MM-DD 格式的日期（可带时间）、比较（>= 2026-01-01）、日期列表 in、exists，或用 - 表示任意',
  },
  list: {
    en: 'write contains x, count_gt 2 (count_gte / count_lt / count_lte), exists, or - for any',
    zh: '请写 contains x、count_gt 2（或 count_gte / count_lt / count_lte）、exists，或用 - 表示任意',
  },
  unknown: {
    en: 'write a number, a "quoted text", a comparison (>= 700), a range (1000-5000), in [a, b], exists, or - for any',
    zh: '请写数字、"带引号的文本"、比较（>= 700）、区间（1000-5000）、in [a, b]、exists，或用 - 表示任意',
  },
};

export function acceptedNotations(type: ColumnType): Bilingual {
  return ACCEPTS[type];
}

function refuse(type: ColumnType, en: string, zh: string): CellParse {
  const a = ACCEPTS[type];
  return fail(`${en}; ${a.en}`, `${zh}；${a.zh}`);
}

function rangeCell(op: string, loText: string, hiText: string, type: ColumnType): CellParse {
  const lo = numberValue(loText);
  const hi = numberValue(hiText);
  if (!lo || !hi) return refuse(type, 'a range needs two numbers', '区间需要两个数字');
  const value: CellValue = { kind: 'list', items: [lo, hi] };
  const problem = operandProblem(op, 'range', value);
  if (problem) return fail(problem.en, problem.zh);
  return ok({ kind: 'condition', op, value });
}

/** Items of an unbracketed list: `a, b`, `a; b`, `a、b`, `a，b`. */
function splitList(rest: string, type: ColumnType): string[] {
  // In a number column a comma directly followed by three digits is a thousands separator, so
  // items are split on "comma space", ";" and "、"; elsewhere every comma splits.
  const parts =
    type === 'number' || type === 'unknown'
      ? rest.split(/\s*[;；、]\s*|\s*[,，]\s+/)
      : rest.split(/\s*[,，;；、]\s*/);
  return parts.map((p) => p.trim());
}

function scalarOf(text: string, type: ColumnType): CellValue | CellParse {
  const t = text.trim();
  if (t === '') return refuse(type, 'a value is missing', '缺少值');
  if (type === 'number') {
    const n = numberValue(t);
    if (n) return n;
    if (/^[+-]?[\d,.]+$/.test(t) && t.includes(','))
      return refuse(
        type,
        `${JSON.stringify(t)} is ambiguous: commas in a number must group thousands (1,000)`,
        `${zhQuote(t)}有歧义：数字中的逗号只能用作千位分隔（1,000）`,
      );
    if (/^["'].*["']$/.test(t))
      return refuse(
        type,
        `this column holds numbers, and the text ${t} would never equal one`,
        `此列是数字列，文本 ${t} 永远不会等于一个数字`,
      );
    return refuse(
      type,
      `${JSON.stringify(t)} is not a number (this column holds numbers)`,
      `${zhQuote(t)}不是数字（此列是数字列）`,
    );
  }
  if (type === 'boolean') {
    const w = t.toLowerCase();
    if (TRUE_WORDS.has(w)) return { kind: 'scalar', value: true, source: 'true' };
    if (FALSE_WORDS.has(w)) return { kind: 'scalar', value: false, source: 'false' };
    return refuse(type, `${JSON.stringify(t)} is not yes or no`, `${zhQuote(t)}不是是或否`);
  }
  if (t.startsWith('"') || t.startsWith("'")) {
    const fragment = loadFragment(t);
    const v = fragment ? cellValueOf(fragment.node) : null;
    if (v?.kind !== 'scalar' || typeof v.value !== 'string')
      return refuse(type, `cannot read the quoted text ${t}`, `无法读取带引号的文本 ${t}`);
    if (type === 'date' && !ISO_DATE.test(v.value))
      return refuse(type, `${t} is not a YYYY-MM-DD date`, `${t} 不是 YYYY-MM-DD 格式的日期`);
    return v;
  }
  if (type === 'date') {
    if (ISO_DATE.test(t)) return stringValue(t);
    return refuse(
      type,
      `${JSON.stringify(t)} is not a YYYY-MM-DD date (01/02/2026 could be January or February)`,
      `${zhQuote(t)}不是 YYYY-MM-DD 格式的日期（01/02/2026 可能指一月也可能指二月）`,
    );
  }
  if (type === 'unknown') {
    const n = numberValue(t);
    if (n) return n;
    if (t === 'true' || t === 'false') return { kind: 'scalar', value: t === 'true', source: t };
    // A word: the column's type is asked for ("Read as text" in the grid), never guessed (I-91).
    return fail(
      `this column has no type yet, so the word ${JSON.stringify(t)} is not guessed to be text: make the column a text column (its type in the header), or write the word in quotes`,
      `此列尚无类型，因此不会把${zhQuote(t)}猜作文本：请把此列设为文本列（在列标题中选择类型），或给该词加上引号`,
    );
  }
  // string / list: the text as written.
  return stringValue(t);
}

function listOf(rest: string, type: ColumnType): CellValue | CellParse {
  const t = rest.trim();
  if (t.startsWith('[') && type !== 'number' && /["']/.test(t)) {
    const fragment = loadFragment(t);
    const v = fragment ? cellValueOf(fragment.node) : null;
    if (v?.kind !== 'list') return refuse(type, `cannot read the list ${t}`, `无法读取列表 ${t}`);
    return v;
  }
  if (t.startsWith('[')) {
    if (t.includes('..')) return refuse(type, 'a list cannot hold a range', '列表中不能写区间');
    const inner = t.replace(/^\[/, '').replace(/\]$/, '');
    if (!t.endsWith(']')) return refuse(type, 'the list is not closed with ]', '列表缺少 ]');
    if (inner.trim() === '') return { kind: 'list', items: [] };
    return listOf(inner, type);
  }
  const items: CellValue[] = [];
  for (const part of splitList(t, type)) {
    const v = scalarOf(part, type);
    if ('ok' in v) return v;
    items.push(v);
  }
  return { kind: 'list', items };
}

function finish(op: string, value: CellValue | CellParse, type: ColumnType): CellParse {
  if ('ok' in value) return value;
  const info = simpleOperatorInfo(op);
  if (!info) return fail(`unknown operator ${op}`, `未知运算符 ${op}`);
  const problem = operandProblem(op, info.operand, value);
  if (problem) return fail(problem.en, problem.zh);
  if (!valueOfType(value, type)) {
    const name = TYPE_NAMES[type];
    return refuse(
      type,
      `this column holds ${name.en} values, and ${formatValue(value)} is not one`,
      `此列是${name.zh}列，${formatValue(value)} 不是该类型的值`,
    );
  }
  return ok({ kind: 'condition', op, value });
}

/**
 * Reads one cell's text as a cell of a column of `type`. Accepted input reads to exactly one
 * operator and value; anything ambiguous or foreign to the type is refused, saying what would be
 * accepted, in both languages.
 */
export function readCell(input: string, type: ColumnType): CellParse {
  const raw = input.trim();
  if (/[\r\n]/.test(raw)) return fail('a cell is one line of text', '单元格只能是一行文本');
  // Full-width operators and digits (＞＝１，０００) read as their ASCII forms in typed columns;
  // text values keep their characters.
  const text =
    type === 'number' || type === 'boolean' || type === 'date' ? raw.normalize('NFKC') : raw;
  if (ANY_WORDS.has(text.toLowerCase())) return ok({ kind: 'any' });
  if (type === 'number' || type === 'unknown') {
    const between = BETWEEN_WORDS.exec(text);
    if (between) {
      const op = /^not/i.test(between[1] as string) ? 'not_between' : 'between';
      return rangeCell(op, between[2] as string, between[3] as string, type);
    }
    const range = RANGE.exec(text) ?? BRACKET_RANGE.exec(text);
    if (range) return rangeCell('between', range[1] as string, range[2] as string, type);
    if (/^\[\s*\S+\s*,\s*\S+\s*\]$/.test(text) && type === 'number')
      return refuse(
        type,
        `${text} is ambiguous: a range or a list of two values`,
        `${text} 有歧义：可能是区间，也可能是两个值的列表`,
      );
  }
  const head = operatorHead(text);
  if ('ok' in head) return head;
  const { op, info, rest } = head;
  const misfit = operatorMisfit(op, type);
  if (misfit) return refuse(type, misfit.en, misfit.zh);
  switch (info.operand) {
    case 'range': {
      const r =
        BETWEEN_WORDS.exec(`${op} ${rest}`) ??
        new RegExp(String.raw`^(${op})\s+(${NUM})\s*[-–~]\s*(${NUM})$`).exec(`${op} ${rest}`);
      if (r) return rangeCell(op, r[2] as string, r[3] as string, type);
      if (type === 'number') {
        const br = BRACKET_RANGE.exec(rest);
        if (br) return rangeCell(op, br[1] as string, br[2] as string, type);
      }
      return refuse(type, `${op} needs a range of two numbers`, `${op} 需要由两个数字组成的区间`);
    }
    case 'list':
      return finish(op, listOf(rest, type), type);
    case 'count': {
      const n = numberValue(rest);
      return n
        ? finish(op, n, 'unknown')
        : refuse(type, `${op} needs a whole number`, `${op} 需要整数`);
    }
    case 'string':
    case 'regex': {
      const v = scalarOf(rest, type === 'list' ? 'string' : type === 'number' ? 'string' : type);
      if ('ok' in v) return v;
      if (type === 'number')
        return refuse(
          type,
          `${op} compares text and this column holds numbers`,
          `${op} 用于比较文本，而此列是数字列`,
        );
      return finish(op, v, type === 'list' ? 'string' : type);
    }
    default:
      return finish(op, scalarOf(rest, type), type);
  }
}

/**
 * Why an operator cannot be written in a column of `type`, or null: what a typed column's reader
 * accepts always fits the type (cellFitsType, I-91) — `count_*` counts a list's items, `length_*`
 * measures a text or a list, a range is of numbers, text operators test text, and a list column is
 * tested by contains / not_contains, count_* and length_*.
 */
function operatorMisfit(op: string, type: ColumnType): Bilingual | null {
  if (type === 'unknown') return null;
  const name = TYPE_NAMES[type];
  const no = (en: string, zh: string): Bilingual => ({ en, zh });
  if (op.startsWith('count_'))
    return type === 'list'
      ? null
      : no(
          `${op} counts the items of a list, and this column holds ${name.en} values`,
          `${op} 用于统计列表的项数，而此列是${name.zh}列`,
        );
  if (op.startsWith('length_'))
    return type === 'string' || type === 'date' || type === 'list'
      ? null
      : no(
          `${op} measures a text or a list, and this column holds ${name.en} values`,
          `${op} 用于度量文本或列表的长度，而此列是${name.zh}列`,
        );
  if (op === 'exists' || op === 'not_exists') return null;
  if (type === 'list')
    return op === 'contains' || op === 'not_contains'
      ? null
      : no(`${op} does not apply to a list field`, `${op} 不适用于列表字段`);
  const operand = simpleOperatorInfo(op)?.operand;
  if (operand === 'range' && type !== 'number')
    return no(
      `${op} needs a range of numbers, and this column holds ${name.en} values`,
      `${op} 需要数字区间，而此列是${name.zh}列`,
    );
  return null;
}

/** Reads a cell by its column: the column's type decides the notations. */
export function readColumnCell(table: TableModel, column: number, input: string): CellParse {
  return readCell(input, columnType(table, column));
}

/** The types a cell's values say its column holds (every item of a list value), into `votes`. */
function voteOf(cell: CellModel | CellInput | null | undefined, votes: Set<ColumnType>): void {
  if (cell?.kind !== 'condition' || !cell.value) return;
  if (/^count_/.test(cell.op)) {
    votes.add('list');
    return;
  }
  if (/^length_/.test(cell.op)) return;
  const info = simpleOperatorInfo(cell.op);
  if (info?.operand === 'regex') {
    votes.add('string');
    return;
  }
  const items = cell.value.kind === 'list' ? cell.value.items : [cell.value];
  for (const v of items) {
    if (v.kind !== 'scalar') continue;
    if (typeof v.value === 'number') votes.add('number');
    else if (typeof v.value === 'boolean') votes.add('boolean');
    else if (typeof v.value === 'string') votes.add(ISO_DATE.test(v.value) ? 'date' : 'string');
  }
}

/**
 * The one type of the values some cells compare with (a date column's strings are all ISO
 * dates); cells that disagree (numbers and strings) give unknown, so nothing is read by guess.
 * All cells are read at once, in one pass: the answer does not depend on their order.
 */
export function typeOfCells(
  cells: readonly (CellModel | CellInput | null | undefined)[],
): ColumnType | null {
  const votes = new Set<ColumnType>();
  for (const cell of cells) voteOf(cell, votes);
  if (votes.has('date') && votes.has('string')) votes.delete('date');
  if (votes.size === 1) return [...votes][0] as ColumnType;
  return votes.size > 1 ? 'unknown' : null;
}

/**
 * The column's type: its declared `type` (I-91), else the type of the values its cells compare
 * with (typeOfCells, all cells at once), else the built-in type of its field, else unknown.
 */
export function columnType(
  table: TableModel,
  column: number,
  fieldTypes: ReadonlyMap<string, ColumnType> = BUILTIN_FIELD_TYPES,
): ColumnType {
  const declared = table.columns[column]?.type;
  if (declared) return declared;
  const fromCells = typeOfCells(table.rows.map((r) => (r.isDefault ? null : r.cells[column])));
  if (fromCells) return fromCells;
  return fieldTypes.get(table.columns[column]?.field ?? '') ?? 'unknown';
}

const SYMBOL_TEXT: Readonly<Record<string, string>> = {
  eq: '=',
  ne: '≠',
  gt: '>',
  gte: '≥',
  lt: '<',
  lte: '≤',
};

function valueText(v: CellValue, lang: 'en' | 'zh'): string {
  if (v.kind === 'list')
    return v.items.map((i) => valueText(i, lang)).join(lang === 'zh' ? '、' : ', ');
  return formatValue(v);
}

function valueType(v: CellValue): Bilingual | null {
  const first = v.kind === 'list' ? v.items[0] : v;
  if (first?.kind !== 'scalar') return null;
  if (typeof first.value === 'number') return TYPE_NAMES.number;
  if (typeof first.value === 'string') return TYPE_NAMES.string;
  if (typeof first.value === 'boolean') return TYPE_NAMES.boolean;
  return null;
}

/**
 * How a cell reads, in words: `between 1000 and 5000 (number)`, `≤ 1000 (number)`,
 * `= "gold" (text)`, `any value`. The paste preview shows it for every pasted cell.
 */
export function describeCell(cell: CellInput): Bilingual {
  if (cell.kind === 'any') return { en: 'any value', zh: '任意值' };
  if (cell.value === undefined) {
    const info = simpleOperatorInfo(cell.op);
    return { en: info?.en ?? cell.op, zh: info?.zh ?? cell.op };
  }
  const v = cell.value;
  const type = valueType(v);
  const tag = (en: string, zh: string): Bilingual => ({
    en: type ? `${en} (${type.en})` : en,
    zh: type ? `${zh}（${type.zh}）` : zh,
  });
  if ((cell.op === 'between' || cell.op === 'not_between') && v.kind === 'list') {
    const [lo, hi] = v.items.map((i) => valueText(i, 'en'));
    return cell.op === 'between'
      ? tag(`between ${lo} and ${hi}`, `介于 ${lo} 与 ${hi} 之间`)
      : tag(`not between ${lo} and ${hi}`, `不在 ${lo} 与 ${hi} 之间`);
  }
  if (cell.op === 'in' || cell.op === 'not_in') {
    const en = valueText(v, 'en');
    const zh = valueText(v, 'zh');
    return cell.op === 'in'
      ? tag(`one of ${en}`, `属于 ${zh} 之一`)
      : tag(`none of ${en}`, `不属于 ${zh} 中任何一个`);
  }
  const symbol = SYMBOL_TEXT[cell.op];
  if (symbol) return tag(`${symbol} ${valueText(v, 'en')}`, `${symbol} ${valueText(v, 'zh')}`);
  const info = simpleOperatorInfo(cell.op);
  return tag(
    `${info?.en ?? cell.op} ${valueText(v, 'en')}`,
    `${info?.zh ?? cell.op} ${valueText(v, 'zh')}`,
  );
}

/** The strict reader (YAML values), kept for callers that read cell text the kernel wrote. */
export { parseCell };
