import type { Bilingual } from '../diagnostics/diagnostic';
import { type CellInput, formatCell } from '../table-edit/cell-text';

/**
 * A cell typed in a spreadsheet, as the document writes it (docs/table-import.md, "Notation").
 *
 * An ERDL table cell is YAML (§5.4, §2.3): `"-"`, or `[operator, value]` with the operator's
 * keyword (`gte`, `between`), numbers bare and texts in double quotes. What that syntax can hold of
 * a typed notation is kept: a number's digits and its decimal places (`0.450`, `1,250.50` →
 * `1250.50`), a text's characters, a list's items in their order. What it cannot hold is written in
 * ERDL's one notation, never in a form that would read otherwise — `100,000` in a YAML list is three
 * items, `700-749` a text, `yes` a text in YAML 1.2 — so a changed cell is written as the grid writes
 * the same typed text (`readCell`, then `setCell`: one writer), and `notationOf` says what of the
 * typed text was not kept, for the update's preview.
 */

export interface CellNotation {
  /** The cell as the document holds it and the grid shows it (`formatCell`). */
  readonly written: string;
  /**
   * Why the written text is not the typed text (what of its notation the YAML cannot hold), or
   * null when it is the typed text.
   */
  readonly why: Bilingual | null;
}

type Reason = readonly [en: string, zh: string];

const REASONS = {
  fullWidth: ['full-width characters are written in ASCII', '全角字符写作 ASCII 字符'],
  thousands: ['a number is written without thousands separators', '数字写作不带千位分隔符的形式'],
  plainNumber: [
    'a number is written without a plus sign or leading zeros',
    '数字写作不带正号、不带前导零的形式',
  ],
  range: ['a range is written between [min, max]', '区间写作 between [最小, 最大]'],
  comparison: [
    'a comparison is written =, !=, <, <=, > or >= and the value, with a space',
    '比较写作 =、!=、<、<=、> 或 >= 加空格再加值',
  ],
  bare: ['a value alone is written = value', '单独的值写作 = 值'],
  quotes: ['a text is written in double quotes', '文本写作带双引号的形式'],
  yesNo: ['yes and no are written true and false', '是 / 否写作 true / false'],
  any: ['any value is written -', '任意值写作 -'],
  list: ['a list is written [a, b] after its operator', '列表写作运算符后的 [a, b]'],
  operator: ['the operator is written by its ERDL name', '运算符写作其 ERDL 名称'],
  other: ['the cell is written in ERDL’s one notation', '单元格按 ERDL 的统一写法写出'],
} as const satisfies Record<string, Reason>;

const NUMBER_WITH_SIGN_OR_ZEROS = /(?:^|[^\d.,])(?:\+\d|0\d)/;
const COMPARISON = /^(?:>=|<=|!=|==|≥|≤|≠|<>|>|<|=)/;

/** The reasons the typed text `typed` is written as `cell` in another notation. */
function reasons(typed: string, cell: CellInput, written: string): Reason[] {
  const out: Reason[] = [];
  const text = typed.normalize('NFKC');
  if (text !== typed && /[\uff01-\uff5e\u3000]/.test(typed)) out.push(REASONS.fullWidth);
  if (cell.kind === 'any') {
    out.push(REASONS.any);
    return out;
  }
  const values =
    cell.value === undefined ? [] : cell.value.kind === 'list' ? cell.value.items : [cell.value];
  const numbers = values.some((v) => v.kind === 'scalar' && typeof v.value === 'number');
  const texts = values.some((v) => v.kind === 'scalar' && typeof v.value === 'string');
  const booleans = values.some((v) => v.kind === 'scalar' && typeof v.value === 'boolean');
  if (numbers && /\d,\d{3}/.test(text)) out.push(REASONS.thousands);
  if (numbers && NUMBER_WITH_SIGN_OR_ZEROS.test(` ${text}`)) out.push(REASONS.plainNumber);
  const op = cell.op;
  if (op === 'between' || op === 'not_between') {
    if (!text.startsWith(op === 'between' ? 'between [' : 'not_between [')) out.push(REASONS.range);
  } else if (op === 'in' || op === 'not_in') {
    if (!/^(?:in|not_in) \[/.test(text)) out.push(REASONS.list);
  } else if (['eq', 'ne', 'lt', 'lte', 'gt', 'gte'].includes(op)) {
    const symbol = COMPARISON.exec(text)?.[0];
    const head = written.split(' ')[0] as string;
    if (symbol === undefined) out.push(REASONS.bare);
    else if (symbol !== head || !text.startsWith(`${head} `)) out.push(REASONS.comparison);
  } else if (!text.startsWith(`${op} `) && text !== op) out.push(REASONS.operator);
  if (texts && !/"/.test(text)) out.push(REASONS.quotes);
  if (booleans && !/\b(?:true|false)\b/.test(text)) out.push(REASONS.yesNo);
  return out;
}

/**
 * How the document writes a typed cell that reads as `cell` (the reader's reading of `typed` in its
 * column): the written text and, when it is not the typed text, what the YAML could not hold.
 */
export function notationOf(typed: string, cell: CellInput): CellNotation {
  const written = formatCell(cell);
  const t = typed.trim();
  if (t === written) return { written, why: null };
  const found = reasons(t, cell, written);
  const list = found.length > 0 ? found : [REASONS.other];
  return {
    written,
    why: { en: list.map((r) => r[0]).join('; '), zh: list.map((r) => r[1]).join('；') },
  };
}
