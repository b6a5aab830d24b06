import type { Range } from '../diagnostics/diagnostic';
import type { YNode } from '../document/ynode';
import { Lru } from '../incremental/lru';
import { originOf } from '../incremental/table-rows';
import { canonicalBytes, hashBytes } from './canonical';
import type { CompileContext, Place } from './context';
import { exceeded, measure } from './limits';
import { childrenOf, type ExprNode } from './types';

/**
 * Per-row compile cache for decision tables (issue 15 §6, docs/incremental-compile.md): a grid edit changes one row of a 500-row table, and the incremental compiler then
 * validates the whole rule entry again. With this cache (owned by the incremental compiler and
 * handed to each of its CompileContexts; a cold `compileDocument` has none) a row whose cells read
 * as before is not compiled, normalized, serialized or hashed again: its trees, canonical text,
 * hash and source-map entries are replayed at the row's current position.
 *
 * What a row's compile reads, and so what the key holds: the row's `when` cells (every node's
 * kind, style, value, source text and range relative to the cells' start — aliases are already
 * expanded in the YNode view, so this is what the text means there) and each column's field path.
 * The column headers' ranges (each cell's field node points at its column) are replayed from the
 * current columns. Nothing else of the document reaches a row's tree: the entry's texts, category,
 * `unless`, the row's `then`, `name`, `priority`, its number and the other rows are read outside
 * the cached part, every time. A row whose compile reports anything (a diagnostic, an exceeded
 * limit) is cached with its limits' outcome only when the cell compile itself was silent; rows
 * whose cell compile reports are compiled afresh each time, so every diagnostic comes from the
 * code a cold compile runs. A cached row used twice in one compile (two rows with the same cells)
 * is compiled afresh the second time: a tree node has one source position per document.
 */
export class RowCompileCache {
  private readonly entries: Lru<string, RowEntry>;
  /** Rows taken from the cache and rows compiled (tests and benchmarks). */
  hits = 0;
  misses = 0;

  constructor(maxRows = 20_000) {
    this.entries = new Lru(maxRows);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The entry for a key, or undefined. */
  get(key: string): RowEntry | undefined {
    return this.entries.get(key);
  }

  set(key: string, entry: RowEntry): void {
    this.entries.set(key, entry);
  }
}

export interface RowEntry {
  /** The row's tree as the table compiler builds it (cells in column order). */
  readonly tree: ExprNode;
  readonly places: readonly Place[];
  /** What the rule assembler derives from it, once it has (validate-rule.ts). */
  normalized?: NormalizedRow;
}

interface NormalizedRow {
  readonly tree: ExprNode;
  readonly places: readonly Place[];
  /** The tree's canonical bytes (the document hash reuses them). */
  readonly canonical: Uint8Array;
  readonly hash: string;
  /** No E4 limit of grade A is exceeded. */
  readonly withinLimits: boolean;
}

/** A row tree of the current compile that came from (or went into) the cache. */
interface InUse {
  readonly entry: RowEntry;
  /** The cells' range in this compile. */
  readonly cells: Range;
  readonly columns: readonly { readonly range: Range }[];
}

/** Per CompileContext: which entries this compile used, and the row trees that came from them. */
export interface RowCacheUse {
  readonly entries: Set<RowEntry>;
  readonly trees: Map<ExprNode, InUse>;
}

/**
 * The key of a row: its columns' field paths and its cells' nodes relative to `cells`. The joined
 * key is kept per parsed row (with the columns' part it was made with), so a row placed again
 * under the same columns gets the same string — the cache's map then compares a string it has
 * hashed before, instead of building and hashing a new one for every row of every compile.
 */
export function rowKey(columns: readonly { readonly field: { path: string } }[], cells: YNode) {
  let head = heads.get(columns);
  if (head === undefined) {
    const out: string[] = [];
    for (const c of columns) out.push(c.field.path, '\u0001');
    head = out.join('');
    heads.set(columns, head);
  }
  const origin = originOf(cells) ?? cells;
  const kept = rowKeys.get(origin);
  if (kept?.head === head) return kept.key;
  const key = head + cellsKey(origin);
  rowKeys.set(origin, { head, key });
  return key;
}

const rowKeys = new WeakMap<YNode, { readonly head: string; readonly key: string }>();
/** The columns' part of the key, per columns list (one per table per compile). */
const heads = new WeakMap<object, string>();

/**
 * The cells' part of the key, by the node they were moved from when the row was parsed on its own
 * and placed (incremental/table-rows.ts): positions in the key are relative to the cells, so the
 * moved node and its origin have the same key, made once per parsed row.
 */
const cellsKeys = new WeakMap<YNode, string>();

function cellsKey(origin: YNode): string {
  let key = cellsKeys.get(origin);
  if (key === undefined) {
    const out: string[] = [];
    nodeKey(origin, origin.range.start, out);
    key = out.join('');
    cellsKeys.set(origin, key);
  }
  return key;
}

function nodeKey(n: YNode, base: number, out: string[]): void {
  const r = `${n.range.start - base},${n.range.end - base}`;
  if (n.kind === 'scalar') {
    const v = n.value;
    out.push(
      's',
      n.style,
      r,
      typeof v,
      typeof v === 'string' ? JSON.stringify(v) : String(v),
      JSON.stringify(n.source),
    );
    return;
  }
  out.push(n.kind === 'seq' ? 'q' : 'm', n.flow ? 'f' : 'b', r, '(');
  if (n.kind === 'seq') for (const c of n.items) nodeKey(c, base, out);
  else
    for (const p of n.items) {
      out.push(
        JSON.stringify(p.key),
        `${p.keyNode.range.start - base},${p.value.range.end - base}`,
      );
      nodeKey(p.keyNode, base, out);
      nodeKey(p.value, base, out);
    }
  out.push(')');
}

/**
 * A row's tree through the cache: `compile` runs the table compiler's own row compile when the
 * row is not cached (or its entry is already used in this compile), and its result is kept when it
 * reported nothing and every source position it recorded lies in the cells or is a column's.
 */
export function cachedRowTree(
  ctx: CompileContext,
  columns: readonly { readonly field: { path: string }; readonly range: Range }[],
  cells: YNode | undefined,
  compile: () => ExprNode | null,
): ExprNode | null {
  const cache = ctx.rowCache;
  if (!cache || cells?.kind !== 'seq' || cells.items.length === 0) return compile();
  const key = rowKey(columns, cells);
  const base = cells.range.start;
  const use = ctx.rowCacheUse;
  const hit = cache.get(key);
  if (hit && !use.entries.has(hit)) {
    cache.hits++;
    replay(ctx, hit.places, base, columns);
    use.entries.add(hit);
    use.trees.set(hit.tree, { entry: hit, cells: cells.range, columns });
    return hit.tree;
  }
  cache.misses++;
  const before = ctx.diagnostics.length;
  const tree = compile();
  // The literal true (all cells "-") is a shared constant: nothing to keep.
  if (!tree || !('args' in tree) || ctx.diagnostics.length !== before || hit) return tree;
  const places = placesOf(ctx, tree, cells.range, columns, new Set());
  if (!places) return tree;
  const entry: RowEntry = { tree, places };
  cache.set(key, entry);
  use.entries.add(entry);
  use.trees.set(tree, { entry, cells: cells.range, columns });
  return tree;
}

/**
 * A table row's normalized tree, its hash, and whether it is within the E4 limits of grade A (the
 * rule assembler's steps for a row; it checks the limits again, for their diagnostics, when not),
 * from the cache when the row's tree came from it.
 */
export function cachedRowRule(
  ctx: CompileContext,
  when: ExprNode,
  normalize: (tree: ExprNode) => ExprNode,
): { tree: ExprNode; hash: string; withinLimits: boolean } {
  const inUse = ctx.rowCache ? ctx.rowCacheUse.trees.get(when) : undefined;
  const done = inUse?.entry.normalized;
  if (inUse && done) {
    replay(ctx, done.places, inUse.cells.start, inUse.columns);
    ctx.canonical.set(done.tree, done.canonical);
    return { tree: done.tree, hash: done.hash, withinLimits: done.withinLimits };
  }
  const tree = normalize(when);
  const canonical = canonicalBytes(tree);
  ctx.canonical.set(tree, canonical);
  const hash = hashBytes(canonical);
  const withinLimits = exceeded(measure(tree), 'A').length === 0;
  if (inUse) {
    const places = placesOf(ctx, tree, inUse.cells, inUse.columns, new Set());
    if (places) inUse.entry.normalized = { tree, places, canonical, hash, withinLimits };
  }
  return { tree, hash, withinLimits };
}

/** The source positions of a tree's nodes as places, or null when one is neither kind. */
function placesOf(
  ctx: CompileContext,
  tree: ExprNode,
  cells: Range,
  columns: readonly { readonly range: Range }[],
  seen: Set<ExprNode>,
): Place[] | null {
  const out: Place[] = [];
  const stack: ExprNode[] = [tree];
  while (stack.length > 0) {
    const n = stack.pop() as ExprNode;
    if (seen.has(n)) continue;
    seen.add(n);
    const r = ctx.sourceMap.get(n);
    if (r) {
      if (r.start >= cells.start && r.end <= cells.end) {
        out.push([n, r.start - cells.start, r.end - cells.start]);
      } else {
        const i = columns.findIndex((c) => c.range.start === r.start && c.range.end === r.end);
        if (i === -1) return null;
        out.push([n, i]);
      }
    }
    for (const c of childrenOf(n)) stack.push(c);
  }
  return out;
}

function replay(
  ctx: CompileContext,
  places: readonly Place[],
  base: number,
  columns: readonly { readonly range: Range }[],
): void {
  ctx.sourceMap.replay(places, base, columns);
}
