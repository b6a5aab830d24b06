/**
 * "Add a test case for this row" (the scenario sheet, docs/fact-suites.md): a fact whose values
 * satisfy a decision-table row's cells, as a person writes them — the boundary 700 for `≥ 700`,
 * 699 for `< 700` in a column of whole numbers, the first item of an `in` list, a value the other
 * rows name for a `-` cell — chosen so that, when it can be, no earlier row takes the fact (the row
 * is the first match). Each candidate is run through the kernel's evaluator on the compiled rows
 * (table-analysis/probe.ts), so the fact returned is one the row matches, never one it only seems
 * to. Pure.
 */
import type { Bilingual } from '../diagnostics/diagnostic';
import type { CompiledDocument } from '../document/compiled';
import { compiledRowName, rowId } from '../document/row-rule-name';
import { firstMatch, type RunnableRow } from '../table-analysis/example-fact';
import { compileCell, factWith, run } from '../table-analysis/probe';
import type { ColumnType } from '../table-edit/cell-reader';
import type { CellModel, CellValue, TableModel } from '../table-edit/model';
import { enQuote, zhQuote } from '../util/quote';
import { type Decision, isBlockingDecision, isDecision } from '../vocabulary/decisions';

/** A field left out of the fact (the cell `-`, `not_exists`). */
export const ABSENT: unique symbol = Symbol('absent');
export type Candidate = unknown | typeof ABSENT;

export type RowFact =
  | {
      readonly ok: true;
      /** The fact: each column's field with its chosen value (absent ones left out). */
      readonly fact: { readonly [key: string]: unknown };
      /** The row's compiled rule (`<entry>#<name or n>`) and decision. */
      readonly rule: string;
      readonly decision: Decision;
      /** False when every fact found is taken by an earlier row: that row is `takenBy` (1-based). */
      readonly firstMatch: boolean;
      readonly takenBy?: number;
    }
  | { readonly ok: false; readonly message: Bilingual };

/** Combinations tried at most (each is a few cell evaluations). */
const MAX_TRIES = 512;
/** Candidates kept per column. */
const MAX_PER_COLUMN = 12;

/**
 * A fact for row `row` (0-based) of `table`, read from the text `document` was compiled from.
 * `types` are the columns' types (cell-reader.ts columnType).
 */
export function factForRow(
  document: CompiledDocument,
  table: TableModel,
  row: number,
  types: readonly ColumnType[],
): RowFact {
  const r = table.rows[row];
  const rules = document.rules.filter((x) => x.entry === table.entry && x.row !== undefined);
  const rule = r ? rules.find((x) => x.row === r.index) : undefined;
  if (!r || !rule || rule.name !== compiledRowName(table.entry, rowId(r)))
    return {
      ok: false,
      message: {
        en: 'the table changed meanwhile; try again once it is shown again',
        zh: '表格已被修改；请在其重新显示后再试',
      },
    };
  const runnable: RunnableRow[] = rules.map((x) => ({
    index: x.row as number,
    rule: x.name,
    then: x.then,
    blocking: isDecision(x.then) && isBlockingDecision(x.then),
    compiled: compileCell(x.when),
  }));
  const self = runnable.find((x) => x.index === r.index) as RunnableRow;
  const lists = table.columns.map((_, c) =>
    dedupe(
      r.isDefault || !r.cells[c] || r.cells[c]?.kind === 'any'
        ? anyCandidates(table, c, types[c] ?? 'unknown')
        : cellCandidates(r.cells[c] as CellModel, numberStep(table, c)),
    ).slice(0, MAX_PER_COLUMN),
  );
  let matched: { fact: { [key: string]: unknown }; takenBy: number } | null = null;
  let tries = 0;
  for (const point of product(lists.map((l) => l.length))) {
    if (++tries > MAX_TRIES) break;
    const fact = factWith(
      table.columns.map((col, c) => {
        const v = lists[c]?.[point[c] as number];
        return [col.field, v === ABSENT ? undefined : v] as const;
      }),
    );
    if (run(self.compiled, fact) !== true) continue;
    const first = firstMatch(runnable, fact);
    if (first?.index === r.index)
      return { ok: true, fact, rule: rule.name, decision: rule.then, firstMatch: true };
    matched ??= { fact, takenBy: first?.index ?? r.index };
  }
  if (matched)
    return {
      ok: true,
      fact: matched.fact,
      rule: rule.name,
      decision: rule.then,
      firstMatch: false,
      takenBy: matched.takenBy,
    };
  const name = rowId(r);
  return {
    ok: false,
    message: {
      en: `no values were found that row ${r.index} (${enQuote(name)}) matches; write the test case's fact in the suite text (Evaluate panel, Fact suite)`,
      zh: `未找到第 ${r.index} 行（${zhQuote(name)}）匹配的值；请在测试集文本中编写该测试用例的事实（“求值”面板的事实测试集）`,
    },
  };
}

/** Every point of the grid of candidate indices, in preference order (earlier columns vary last). */
function* product(sizes: readonly number[]): Generator<number[]> {
  if (sizes.some((n) => n === 0)) return;
  const point = sizes.map(() => 0);
  while (true) {
    yield [...point];
    let k = sizes.length - 1;
    while (k >= 0) {
      point[k] = (point[k] as number) + 1;
      if ((point[k] as number) < (sizes[k] as number)) break;
      point[k] = 0;
      k--;
    }
    if (k < 0) return;
  }
}

function dedupe(values: readonly Candidate[]): Candidate[] {
  const seen = new Set<string>();
  const out: Candidate[] = [];
  for (const v of values) {
    const key = v === ABSENT ? '\u0000absent' : JSON.stringify(v);
    if (key === undefined || seen.has(key)) continue;
    seen.add(key);
    out.push(v);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Candidates

/**
 * The values a person would write for a cell, best first: the cell's own value (the boundary of
 * `≥`/`≤`, the minimum of a range, the first item of a list), then the nearest value beyond it.
 */
export function cellCandidates(cell: CellModel, step: Step): Candidate[] {
  if (cell.kind === 'any') return [ABSENT];
  if (cell.kind === 'invalid') return [];
  const op = cell.op;
  const v = cell.value;
  if (op === 'exists') return [];
  if (op === 'not_exists') return [ABSENT];
  if (!v) return [];
  const scalar = v.kind === 'scalar' ? v.value : undefined;
  const items = v.kind === 'list' ? v.items.map(plain) : [];
  switch (op) {
    case 'eq':
      return [plain(v)];
    case 'ne':
      return typeof scalar === 'number'
        ? [add(v, step, 1), add(v, step, -1)]
        : typeof scalar === 'boolean'
          ? [!scalar]
          : typeof scalar === 'string'
            ? [otherText([scalar])]
            : [];
    case 'gt':
      return typeof scalar === 'number'
        ? [add(v, step, 1)]
        : typeof scalar === 'string'
          ? [laterDay(scalar, 1), `${scalar}a`]
          : [];
    case 'gte':
      return [plain(v)];
    case 'lt':
      return typeof scalar === 'number'
        ? [add(v, step, -1)]
        : typeof scalar === 'string'
          ? [laterDay(scalar, -1), '']
          : [];
    case 'lte':
      return [plain(v)];
    case 'between':
      return v.kind === 'list' ? items : [];
    case 'not_between':
      return v.kind === 'list' && v.items[0] && v.items[1]
        ? [add(v.items[0], step, -1), add(v.items[1], step, 1)]
        : [];
    case 'in':
      return items;
    case 'not_in': {
      const numbers = v.kind === 'list' ? v.items.filter(isNumberValue) : [];
      if (numbers.length > 0 && numbers.length === items.length) {
        const max = numbers.reduce((a, b) => (Number(a.source) >= Number(b.source) ? a : b));
        const min = numbers.reduce((a, b) => (Number(a.source) <= Number(b.source) ? a : b));
        return [add(max, step, 1), add(min, step, -1)];
      }
      return [otherText(items.filter((x): x is string => typeof x === 'string'))];
    }
    case 'contains':
      return typeof scalar === 'string' ? [scalar, [scalar]] : [[plain(v)]];
    case 'not_contains':
      return typeof scalar === 'string' ? [otherText([scalar]), []] : [[]];
    case 'starts_with':
    case 'ends_with':
      return typeof scalar === 'string' ? [scalar] : [];
    case 'not_starts_with':
    case 'not_ends_with':
      return typeof scalar === 'string' ? [otherText([scalar])] : [];
    case 'count_gt':
    case 'count_gte':
    case 'count_lt':
    case 'count_lte': {
      const n = typeof scalar === 'number' && Number.isInteger(scalar) ? scalar : null;
      if (n === null) return [];
      const size = op === 'count_gt' ? n + 1 : op === 'count_lt' ? n - 1 : n;
      return size >= 0 && size <= 100 ? [listOf(size)] : [];
    }
    case 'length_gt':
    case 'length_gte':
    case 'length_lt':
    case 'length_lte':
    case 'length_eq': {
      const n = typeof scalar === 'number' && Number.isInteger(scalar) ? scalar : null;
      if (n === null) return [];
      const size = op === 'length_gt' ? n + 1 : op === 'length_lt' ? n - 1 : n;
      return size >= 0 && size <= 1000 ? ['x'.repeat(size)] : [];
    }
    default:
      return [];
  }
}

/**
 * For a `-` cell: the values the column's other cells name and those just beyond them (so the
 * search can step around earlier rows), then the field left out.
 */
function anyCandidates(table: TableModel, c: number, type: ColumnType): Candidate[] {
  const step = numberStep(table, c);
  const out: Candidate[] = [];
  for (const row of table.rows) {
    const cell = row.isDefault ? undefined : row.cells[c];
    if (cell?.kind !== 'condition') continue;
    out.push(...cellCandidates(cell, step), ...beyond(cell, step));
  }
  if (out.length === 0) {
    if (type === 'number') out.push(0);
    else if (type === 'boolean') out.push(true, false);
    else if (type === 'string') out.push('other');
  }
  return [...out.filter((v) => v !== ABSENT), ABSENT];
}

/** Values just outside a cell (`< 580` → 580; `between [580, 699]` → 579 and 700). */
function beyond(cell: CellModel, step: Step): Candidate[] {
  if (cell.kind !== 'condition' || !cell.value) return [];
  const v = cell.value;
  switch (cell.op) {
    case 'gt':
    case 'lte':
      return isNumberValue(v) ? [add(v, step, cell.op === 'gt' ? 0 : 1)] : [];
    case 'gte':
    case 'lt':
      return isNumberValue(v) ? [add(v, step, cell.op === 'lt' ? 0 : -1)] : [];
    case 'between':
      return v.kind === 'list' && v.items[0] && v.items[1]
        ? [add(v.items[0], step, -1), add(v.items[1], step, 1)]
        : [];
    case 'eq':
      return isNumberValue(v) ? [add(v, step, 1)] : [];
    default:
      return [];
  }
}

// ---------------------------------------------------------------------------------------------
// Numbers: decimal steps on the source digits (never through a double's arithmetic)

/** The smallest step of a column's numbers: 1 for whole numbers, 0.01 when a cell says 0.35. */
export interface Step {
  /** Decimal places. */
  readonly scale: number;
}

export function numberStep(table: TableModel, c: number): Step {
  let scale = 0;
  const visit = (v: CellValue | undefined) => {
    if (!v) return;
    if (v.kind === 'list') v.items.forEach(visit);
    else if (typeof v.value === 'number') {
      const m = /\.(\d+)$/.exec(v.source);
      if (m) scale = Math.max(scale, (m[1] as string).length);
    }
  };
  for (const row of table.rows) {
    const cell = row.isDefault ? undefined : row.cells[c];
    if (cell?.kind === 'condition') visit(cell.value);
  }
  return { scale: Math.min(scale, 12) };
}

function isNumberValue(v: CellValue): v is CellValue & { kind: 'scalar'; value: number } {
  return v.kind === 'scalar' && typeof v.value === 'number';
}

/** The value as the fact holds it (numbers as numbers, lists as arrays). */
function plain(v: CellValue): unknown {
  return v.kind === 'list' ? v.items.map(plain) : v.value;
}

/** `v + k × step` for a number, as its decimal text read back; the value itself otherwise. */
function add(v: CellValue, step: Step, k: number): unknown {
  if (!isNumberValue(v)) return plain(v);
  if (k === 0) return v.value;
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(v.source);
  if (!m) return v.value + k;
  const fraction = m[3] ?? '';
  const scale = Math.max(step.scale, fraction.length);
  const units = BigInt(`${m[1]}${m[2]}${fraction.padEnd(scale, '0')}`) + BigInt(k);
  return Number(unitsText(units, scale));
}

function unitsText(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

// ---------------------------------------------------------------------------------------------
// Text, dates, lists

/** A text none of `taken` is: "other", else "other 2" … */
function otherText(taken: readonly string[]): string {
  const used = new Set(taken);
  if (!used.has('other')) return 'other';
  for (let n = 2; ; n++) if (!used.has(`other ${n}`)) return `other ${n}`;
}

/** An ISO date `days` after (before) `text`'s date, as `YYYY-MM-DD`; the text itself otherwise. */
function laterDay(text: string, days: number): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return text;
  const [y, mo, d] = civil(daysOf(Number(m[1]), Number(m[2]), Number(m[3])) + days);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(y, 4)}-${pad(mo)}-${pad(d)}`;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil). */
function daysOf(y0: number, m: number, d: number): number {
  const y = m <= 2 ? y0 - 1 : y0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The date of a day number (civil_from_days). */
function civil(z0: number): [number, number, number] {
  const z = z0 + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (m <= 2 ? 1 : 0), m, d];
}

function listOf(size: number): string[] {
  return Array.from({ length: size }, (_, i) => `item ${i + 1}`);
}
