import { loadFragment } from '../document/load';
import {
  and as andBits,
  type Bits,
  emptyBits,
  firstBit,
  isEmpty,
  isSubset,
  minus,
} from '../table-analysis/bits';
import { cellSet } from '../table-analysis/cell-set';
import { compileCell, factWith, run } from '../table-analysis/probe';
import { buildDomain, type FieldDomain } from '../table-analysis/value-classes';
import { compileCondition } from '../tree/compile-simple';
import { CompileContext } from '../tree/context';
import type { ExprNode } from '../tree/types';
import { decisionInfo } from '../vocabulary/decisions';
import { simpleOperatorInfo } from '../vocabulary/operators';
import { type CellInput, formatCell, formatValue } from './cell-text';
import type { CellModel, TableModel } from './model';
import type { PlannedRow } from './paste-plan';

/**
 * Whether an edit widens a row: whether the row, as edited, would match a fact it did not match
 * before (docs/table-cells.md "What a paste widens"). A paste, a fill or a multi-cell edit may
 * replace `< 50000` with "any value", `in [a]` with `in [a, b]`, `< 580` with `< 620`: the row then
 * decides for inputs it did not decide before, which the user must see before it applies.
 *
 * The answer is computed on the field's value classes (table-analysis/value-classes.ts: the
 * literals of both cells cut the field's values into classes on which each cell is constant), with
 * the kernel's own evaluator, so it is exact for comparisons, ranges and lists of literals. Where
 * a cell's truth varies inside a class (text patterns, string order, list contents) or evaluation
 * may raise an error, the answer is "may widen" — never "does not widen" unless it is proved:
 *
 *   `none`      every fact the edited row matches, the row matched before (proved);
 *   `widens`    a fact the edited row matches and the row did not match before was found and
 *               checked by evaluation (`example`);
 *   `may-widen` neither could be shown.
 */
export type WideningVerdict = 'none' | 'widens' | 'may-widen';

/** A cell as the grid has it before the edit (an invalid cell is of unknown meaning). */
type Before = CellModel | CellInput;

export interface ColumnWidening {
  /** 0-based condition column. */
  readonly column: number;
  readonly verdict: 'widens' | 'may-widen';
  readonly before: Before;
  readonly after: CellInput;
}

export interface RowWidening {
  readonly verdict: WideningVerdict;
  /** The changed columns that widen or may widen the row, in column order. */
  readonly columns: readonly ColumnWidening[];
  /**
   * For `widens`: a fact the edited row matches and the row as it was does not, both checked by
   * evaluation (a JSON object; fields the row does not test are absent).
   */
  readonly example: { readonly [key: string]: unknown } | null;
}

const NONE: RowWidening = { verdict: 'none', columns: [], example: null };
const AT = { start: 0, end: 0 };

/** A condition cell's tree on `path`, as the compiler builds it, or null when it does not compile. */
function cellTree(path: string, cell: CellInput): ExprNode | null {
  if (cell.kind !== 'condition') return null;
  const info = simpleOperatorInfo(cell.op);
  if (!info || info.compile === 'modifier') return null;
  let value: ReturnType<typeof loadFragment> = null;
  if (cell.value !== undefined) {
    value = loadFragment(formatValue(cell.value));
    if (!value) return null;
  }
  const ctx = new CompileContext();
  const tree = compileCondition(ctx, { node: 'field', path }, info, value?.node, AT);
  return tree && ctx.errorCount() === 0 ? tree : null;
}

/** What a cell compiles to: "any" (no condition), a tree, or unknown (invalid or not compiling). */
type Compiled =
  | { readonly kind: 'any' }
  | { readonly kind: 'tree'; readonly tree: ExprNode }
  | null;

/**
 * Answers by cell text, shared by every row of a paste (a 500-row paste repeats few distinct
 * cells): a bounded memo, cleared when full. Pure: the same text always gives the same answer.
 */
const MEMO_LIMIT = 4096;
function memo<T>(cache: Map<string, T>, key: string, make: () => T): T {
  if (cache.has(key)) return cache.get(key) as T;
  const value = make();
  if (cache.size >= MEMO_LIMIT) cache.clear();
  cache.set(key, value);
  return value;
}
const compiledMemo = new Map<string, Compiled>();
const answerMemo = new Map<string, CellAnswer>();
const satisfyingMemo = new Map<string, { readonly value: unknown } | null>();
const keyOf = (path: string, cell: Before | undefined) =>
  cell ? `${path}\u0000${cell.kind === 'invalid' ? `\u0001${cell.source}` : formatCell(cell)}` : '';

function compiled(path: string, cell: Before | undefined): Compiled {
  if (!cell || cell.kind === 'invalid') return null;
  return memo(compiledMemo, keyOf(path, cell), () => compileUncached(path, cell));
}

function compileUncached(path: string, cell: Before): Compiled {
  if (cell.kind === 'any') return { kind: 'any' };
  if (cell.kind !== 'condition') return null;
  const input: CellInput =
    cell.value === undefined
      ? { kind: 'condition', op: cell.op }
      : { kind: 'condition', op: cell.op, value: cell.value };
  const tree = cellTree(path, input);
  return tree ? { kind: 'tree', tree } : null;
}

interface CellSets {
  readonly must: Bits;
  readonly may: Bits;
  readonly error: Bits;
}

function setsOf(c: NonNullable<Compiled>, domain: FieldDomain): CellSets {
  if (c.kind === 'any')
    return { must: domain.full, may: domain.full, error: emptyBits(domain.classes.length) };
  return cellSet(c.tree, domain);
}

interface CellAnswer {
  readonly verdict: WideningVerdict;
  /** For a candidate `widens`: a value of the field the new cell is true on and the old false. */
  readonly witness?: { readonly value: unknown };
}

/** Whether `after` in place of `before` widens the cell (on the field `path`). */
function cellAnswer(path: string, before: Before | undefined, after: CellInput): CellAnswer {
  if (!before) return { verdict: 'may-widen' };
  return memo(answerMemo, `${keyOf(path, before)}\u0000${formatCell(after)}`, () =>
    answerUncached(path, before, after),
  );
}

function answerUncached(path: string, before: Before, after: CellInput): CellAnswer {
  if (before && before.kind !== 'invalid' && formatCell(before) === formatCell(after))
    return { verdict: 'none' };
  const old = compiled(path, before);
  const now = compiled(path, after);
  // A cell whose meaning is unknown (invalid before, or not compiling now): nothing is proved.
  if (!old || !now) return { verdict: 'may-widen' };
  const trees = [old, now].flatMap((c) => (c.kind === 'tree' ? [c.tree] : []));
  const domain = buildDomain(path, trees);
  const o = setsOf(old, domain);
  const n = setsOf(now, domain);
  // Where the new cell is true (or raises an error), the old one must be true without error.
  // A new cell that may raise an error is never "does not widen": an error in a blocking row
  // fires it, before the cells after it are evaluated.
  const proved = isSubset(n.may, o.must) && isEmpty(n.error);
  if (proved) return { verdict: 'none' };
  // A class, reachable by a fact, where the new cell is surely true and the old surely false.
  // Values of the kinds the cells compare with first (580 rather than an absent field).
  const surely = andBits(minus(n.must, o.may), domain.live);
  const i = firstBit(andBits(surely, domain.typed));
  const k = i >= 0 ? i : firstBit(surely);
  if (k >= 0) return { verdict: 'widens', witness: { value: domain.classes[k]?.value } };
  return { verdict: 'may-widen' };
}

/** A value of the field the cell is true on (surely), or null when none is known. */
function satisfying(path: string, cell: Before | undefined): { readonly value: unknown } | null {
  const c = compiled(path, cell);
  if (!c) return null;
  if (c.kind === 'any') return { value: undefined };
  return memo(satisfyingMemo, keyOf(path, cell), () => satisfyingTree(path, c.tree));
}

function satisfyingTree(path: string, tree: ExprNode): { readonly value: unknown } | null {
  const domain = buildDomain(path, [tree]);
  const s = cellSet(tree, domain);
  const ok = andBits(s.must, domain.live);
  const i = firstBit(andBits(ok, domain.typed));
  const k = i >= 0 ? i : firstBit(ok);
  return k >= 0 ? { value: domain.classes[k]?.value } : null;
}

function rowTree(cells: readonly Compiled[]): ExprNode | null {
  const trees: ExprNode[] = [];
  for (const c of cells) {
    if (!c) return null;
    if (c.kind === 'tree') trees.push(c.tree);
  }
  return { node: 'and', args: trees } as ExprNode;
}

/**
 * Whether writing `after` (condition column → new cell) into row `row` of `table` widens it.
 * Columns not in `after` keep their cells. The default row matches everything: nothing widens it.
 */
export function rowWidening(
  table: TableModel,
  row: number,
  after: ReadonlyMap<number, CellInput>,
): RowWidening {
  const r = table.rows[row];
  if (!r || r.isDefault) return NONE;
  const columns: ColumnWidening[] = [];
  let witness: { column: number; value: unknown } | null = null;
  for (const [column, cell] of [...after].sort((a, b) => a[0] - b[0])) {
    const field = table.columns[column]?.field;
    const before = r.cells[column];
    if (field === undefined || !before) continue;
    const answer = cellAnswer(field, before, cell);
    if (answer.verdict === 'none') continue;
    columns.push({ column, verdict: answer.verdict, before, after: cell });
    if (answer.witness && !witness) witness = { column, value: answer.witness.value };
  }
  if (columns.length === 0) return NONE;
  const mayOnly: RowWidening = {
    verdict: 'may-widen',
    columns: columns.map((c) => ({ ...c, verdict: 'may-widen' })),
    example: null,
  };
  if (!witness) return mayOnly;
  // A fact the edited row matches and the old row does not: the witness value in its column, a
  // value each other cell of the edited row is surely true on, checked by evaluation.
  const oldCells: Compiled[] = [];
  const newCells: Compiled[] = [];
  const assignments: [string, unknown][] = [];
  const paths = new Set<string>();
  for (let i = 0; i < table.columns.length; i++) {
    const field = (table.columns[i] as { field: string }).field;
    const before = r.cells[i];
    const cell = after.get(i) ?? before;
    const oldC = compiled(field, before);
    const newC = compiled(field, cell);
    oldCells.push(oldC);
    newCells.push(newC);
    const value = i === witness.column ? { value: witness.value } : satisfying(field, cell);
    if (!value) return mayOnly;
    if (value.value === undefined && newC?.kind === 'any') continue;
    // Two columns on one field (or on a field inside another): the fact cannot be built so.
    for (const p of paths)
      if (p === field || p.startsWith(`${field}.`) || field.startsWith(`${p}.`)) return mayOnly;
    paths.add(field);
    assignments.push([field, value.value]);
  }
  const oldTree = rowTree(oldCells);
  const newTree = rowTree(newCells);
  if (!oldTree || !newTree) return mayOnly;
  const fact = factWith(assignments);
  if (run(compileCell(newTree), fact) !== true || run(compileCell(oldTree), fact) !== false)
    return mayOnly;
  return { verdict: 'widens', columns, example: fact };
}

/**
 * True when `after` blocks less than `before` (a lower §6 restrictiveness: DENY → ALLOW,
 * ESCALATE → NOTIFY). An unknown `before` counts as blocking: any non-blocking decision after it
 * is flagged.
 */
export function lessBlocking(before: string | null, after: string | null): boolean {
  const a = after === null ? undefined : decisionInfo(after);
  if (!a) return false;
  const b = before === null ? undefined : decisionInfo(before);
  if (!b) return !a.blocking;
  return a.restrictiveness < b.restrictiveness;
}

/** What a paste changes that the user must see before it applies (shown in the paste preview). */
export type PasteWidening =
  /** An existing row (0-based) the paste widens or may widen. */
  | { readonly kind: 'row'; readonly row: number; readonly widening: RowWidening }
  /**
   * A decision that blocks less: an existing row's new decision, or a new row's decision against
   * the default row's, which decided its inputs before (`before` null: no default row, so no row
   * of the table decided them).
   */
  | {
      readonly kind: 'decision';
      readonly row: number;
      readonly before: string | null;
      readonly after: string;
      readonly newRow: boolean;
    };

/** The widenings of a planned paste's rows, in row order (new rows are inserted at `insertAt`). */
export function pasteWidenings(
  table: TableModel,
  rows: readonly PlannedRow[],
  insertAt: number,
): PasteWidening[] {
  const out: PasteWidening[] = [];
  const defaultRow = table.rows.find((r) => r.isDefault);
  const fallback = defaultRow ?? table.rows[table.rows.length - 1];
  let added = 0;
  for (const planned of rows) {
    if (planned.target === null) {
      const row = insertAt + added;
      added += 1;
      const after = planned.then ?? fallback?.then ?? null;
      const before = defaultRow ? defaultRow.then : null;
      if (after !== null && lessBlocking(before, after))
        out.push({ kind: 'decision', row, before, after, newRow: true });
      continue;
    }
    const row = planned.target;
    const widening = rowWidening(table, row, planned.cells);
    if (widening.verdict !== 'none') out.push({ kind: 'row', row, widening });
    const before = table.rows[row]?.then ?? null;
    if (planned.then !== null && planned.then !== before && lessBlocking(before, planned.then))
      out.push({ kind: 'decision', row, before, after: planned.then, newRow: false });
  }
  return out;
}
