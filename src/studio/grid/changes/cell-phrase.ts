import type { CellInput, CellModel, CellValue } from '../../../kernel/table-edit';
import { decisionInfo } from '../../../kernel/vocabulary/decisions';
import { simpleOperatorInfo } from '../../../kernel/vocabulary/operators';
import { format } from '../../i18n/i18n';
import type { Lang } from '../../store/types';
import { gridStrings } from '../strings';
import { changeStrings } from './strings';

/**
 * A cell or a value as a person reads it in a sentence (not as YAML): `< 50,000`, `≥ 700`,
 * `580 to 699`, `one of “gold”, “platinum”`, `any value`. Numbers keep their digits as written and
 * get thousands separators (the Chinese UI writes the same digits); text is quoted “…”.
 */

const SYMBOLS: Readonly<Record<string, string>> = {
  eq: '=',
  ne: '≠',
  gt: '>',
  gte: '≥',
  lt: '<',
  lte: '≤',
};

/** `50000` → `50,000`, `-1234567.25` → `-1,234,567.25`; other spellings (1e5) as written. */
export function groupDigits(source: string): string {
  const m = /^([+-]?)(\d+)(\.\d+)?$/.exec(source);
  if (!m) return source;
  const [, sign, whole, fraction] = m as unknown as [string, string, string, string | undefined];
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ?? ''}`;
}

/** One value as a person reads it. */
export function valuePhrase(v: CellValue, lang: Lang): string {
  const p = gridStrings[lang].finding;
  if (v.kind === 'list')
    return v.items.map((i) => valuePhrase(i, lang)).join(changeStrings[lang].cell.valueSeparator);
  if (typeof v.value === 'number') return groupDigits(v.source);
  if (typeof v.value === 'string') return `${p.quoteOpen}${v.value}${p.quoteClose}`;
  if (typeof v.value === 'boolean') return v.value ? p.yes : p.no;
  return p.nullValue;
}

/** A cell as a person reads it: `< 50,000`, `580 to 699`, `any value`. */
export function cellPhrase(cell: CellModel | CellInput, lang: Lang): string {
  const s = changeStrings[lang].cell;
  if (cell.kind === 'any') return s.any;
  if (cell.kind === 'invalid') return cell.source;
  const v = cell.value;
  if (v === undefined) {
    if (cell.op === 'exists') return s.exists;
    if (cell.op === 'not_exists') return s.notExists;
    return simpleOperatorInfo(cell.op)?.[lang] ?? cell.op;
  }
  const symbol = SYMBOLS[cell.op];
  // A no-break space: a line never ends between the symbol and its value.
  if (symbol) return `${symbol}\u00a0${valuePhrase(v, lang)}`;
  if ((cell.op === 'between' || cell.op === 'not_between') && v.kind === 'list') {
    const [low, high] = v.items.map((i) => valuePhrase(i, lang));
    return format(cell.op === 'between' ? s.between : s.notBetween, {
      low: low ?? '',
      high: high ?? '',
    });
  }
  if (cell.op === 'in') return format(s.in, { values: valuePhrase(v, lang) });
  if (cell.op === 'not_in') return format(s.notIn, { values: valuePhrase(v, lang) });
  const op = simpleOperatorInfo(cell.op)?.[lang] ?? cell.op;
  return format(s.operatorValue, { op, value: valuePhrase(v, lang) });
}

/**
 * A decision as the grid's decision cells show it: its word in the UI language ("Escalate",
 * "升级"); not one of the 13, as written.
 */
export function decisionWord(decision: string, lang: Lang): string {
  const word = decisionInfo(decision)?.[lang];
  if (!word) return decision;
  return lang === 'en' ? word.charAt(0).toUpperCase() + word.slice(1) : word;
}
