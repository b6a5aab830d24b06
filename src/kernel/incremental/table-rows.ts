import { type Fragment, loadFragment, MAX_EXPANDED_NODES, MAX_NESTING } from '../document/load';
import type { YMap, YNode, YPair, YScalar, YSeq } from '../document/ynode';
import type { Lru } from './lru';

/**
 * A rule item holding a decision table, parsed row by row (docs/incremental-compile.md): a grid edit changes one row of a 500-row table, and only that row's text is parsed
 * again. The item's text is cut as segment.ts cuts the document — at the item lines of the `rows`
 * block sequence — into the head (the item up to its first row), the rows, and nothing after: the
 * rows must be the item's last lines. The head is parsed with the last row after it (so every range
 * that ends with the table ends where the whole item's does), each other row on its own followed by
 * a stand-in next row (`- x` at the rows' column, as the next row's `-` is), and the parts are put
 * together with their ranges moved to where they are in the item. Whenever the cut might not read
 * as the whole item does, it answers null and the caller parses the item whole.
 */
export interface RowsItem {
  readonly item: YNode;
  /** The item fragment's yaml range [start, value end, node end] (its sequence's). */
  readonly seq: readonly [number, number, number];
  readonly nodes: number;
  readonly depth: number;
  /** `reach(item)`, from each row's own reach (kept with the parsed row) and a walk of the rest. */
  readonly reach: number;
}

/** A row parsed on its own; ranges relative to the row's first character. */
export interface ParsedRow {
  readonly item: YNode;
  readonly nodes: number;
  readonly depth: number;
  /** `reach(item)`: where the furthest range in the row ends, relative to the row. */
  readonly reach: number;
}

export type RowCache = Lru<string, ParsedRow | null>;

/** Tables with fewer rows are parsed whole (cutting them saves nothing). */
const MIN_ROWS = 16;

const SPACE = 0x20;
const HASH = 0x23;
const DASH = 0x2d;

/** `loadFragment` as parseSegment runs it: the text and, unless last, the stand-in next item. */
export type ParseItem = (text: string) => Fragment | null;

/**
 * The item parsed through its rows, or null (parse it whole). `parseWhole(text)` parses an item's
 * text as the caller would (with the stand-in next item unless it is the last).
 */
export function parseByRows(
  text: string,
  parseWhole: ParseItem,
  rows: RowCache,
  load: (text: string) => Fragment | null = loadFragment,
): RowsItem | null {
  const cut = cutRows(text);
  if (!cut || cut.starts.length < MIN_ROWS) return null;
  const { starts, column, keyAt } = cut;
  const first = starts[0] as number;
  const lastStart = starts[starts.length - 1] as number;
  const moved = lastStart - first;
  // The head with the last row: the table as it ends in the item.
  const f = parseWhole(text.slice(0, first) + text.slice(lastStart));
  if (!f || f.diagnostics.length > 0 || f.node.kind !== 'seq') return null;
  const found = findRows(f.node.items[0], keyAt, first + column, 1);
  if (!found) return null;
  const parsed: ParsedRow[] = [];
  let nodes = f.nodes;
  let depth = f.depth;
  for (let i = 0; i + 1 < starts.length; i++) {
    const rowText = text.slice(starts[i], starts[i + 1]);
    let row = rows.get(rowText);
    if (row === undefined) {
      row = parseRow(rowText, column, load);
      rows.set(rowText, row);
    }
    if (!row) return null;
    parsed.push(row);
    nodes += row.nodes;
    // The row's sequence stands at the rows list's depth.
    depth = Math.max(depth, found.depth + row.depth);
  }
  if (depth > MAX_NESTING || nodes > MAX_EXPANDED_NODES) return null;
  const placed = parsed.map((row, i) => {
    const moved = shiftAll(row.item, starts[i] as number);
    const cells = whenOf(moved);
    if (cells) origins.set(cells, whenOf(row.item) as YNode);
    return moved;
  });
  const item = rebuild(f.node.items[0] as YNode, first, moved, found.seq, placed);
  const [s, v, e] = f.yamlRange;
  // Where the item's furthest range ends: each placed row's own reach moved to where it stands
  // (shiftAll moves every range of it alike), the rest of the item walked.
  let rowsReach = 0;
  parsed.forEach((row, i) => {
    rowsReach = Math.max(rowsReach, row.reach + (starts[i] as number));
  });
  const firstPlaced = placed[0];
  const isRows = (n: YNode) => n.kind === 'seq' && n.items[0] === firstPlaced;
  return {
    item,
    seq: [s, v >= first ? v + moved : v, e >= first ? e + moved : e],
    nodes,
    depth,
    reach: reachSkipping(item, isRows, rowsReach),
  };
}

/** Where the furthest range in a node ends (a range may end past its parent's). */
export function reach(n: YNode): number {
  return reachSkipping(n, () => false, 0);
}

/**
 * `reach`, except that in the rows list (`isRows`) every item but the last is taken as reaching
 * `rowsReach` (the placed rows: what their own reaches say) and only the last is walked.
 */
function reachSkipping(n: YNode, isRows: (n: YNode) => boolean, rowsReach: number): number {
  let end = n.range.end;
  if (n.kind === 'seq') {
    if (isRows(n)) {
      const lastRow = n.items[n.items.length - 1] as YNode;
      return Math.max(end, rowsReach, reachSkipping(lastRow, isRows, rowsReach));
    }
    for (const c of n.items) end = Math.max(end, reachSkipping(c, isRows, rowsReach));
  } else if (n.kind === 'map')
    for (const p of n.items)
      end = Math.max(
        end,
        p.value.range.end,
        p.keyNode.range.end,
        reachSkipping(p.value, isRows, rowsReach),
      );
  return end;
}

/** The rows list's cut: where its `rows` key is, its items' column and each item's line start. */
function cutRows(text: string): { keyAt: number; column: number; starts: number[] } | null {
  // The last `rows:` key line (nothing after the colon but a comment): its list must run to the
  // item's end.
  let key: RegExpExecArray | null = null;
  const keyLine = /^( *)rows:(?: +#[^\n]*| *)\r?$/gm;
  for (let m = keyLine.exec(text); m; m = keyLine.exec(text)) key = m;
  if (!key) return null;
  const keyIndent = (key[1] as string).length;
  const keyAt = key.index + keyIndent;
  let pos = text.indexOf('\n', keyAt);
  if (pos === -1) return null;
  pos++;
  let column = -1;
  const starts: number[] = [];
  while (pos < text.length) {
    let nl = text.indexOf('\n', pos);
    if (nl === -1) nl = text.length;
    let end = nl;
    if (end > pos && text.charCodeAt(end - 1) === 0x0d) end--;
    const line = pos;
    pos = nl + 1;
    let i = line;
    while (i < end && text.charCodeAt(i) === SPACE) i++;
    const c = i < end ? text.charCodeAt(i) : -1;
    if (c === 0x09) return null;
    if (c === -1 || c === HASH) continue;
    const spaces = i - line;
    const item = c === DASH && (i + 1 === end || text.charCodeAt(i + 1) === SPACE);
    if (column === -1) {
      if (!item || spaces < keyIndent) return null;
      column = spaces;
      starts.push(line);
    } else if (item && spaces === column) starts.push(line);
    else if (spaces <= column) return null;
  }
  return column === -1 ? null : { keyAt, column, starts };
}

/**
 * The `rows` list in the head-with-last-row parse: reached through mappings only, its key where
 * the cut found it, its one item (the last row) where the first row's `-` is. Its depth too.
 */
function findRows(
  node: YNode | undefined,
  keyAt: number,
  seqAt: number,
  depth: number,
): { seq: YSeq; depth: number } | null {
  if (node?.kind !== 'map') return null;
  for (const pair of node.items) {
    if (pair.key === 'rows' && pair.keyNode.range.start === keyAt) {
      const v = pair.value;
      if (v.kind !== 'seq' || v.flow || v.items.length !== 1 || v.range.start !== seqAt)
        return null;
      return { seq: v, depth: depth + 1 };
    }
    if (pair.keyNode.range.start < keyAt && pair.value.range.end > keyAt) {
      return findRows(pair.value, keyAt, seqAt, depth + 1);
    }
  }
  return null;
}

/** A row on its own with a stand-in next row after it, as parseSegment reads an item. */
function parseRow(
  text: string,
  column: number,
  load: (text: string) => Fragment | null,
): ParsedRow | null {
  const standIn = `${' '.repeat(column)}- x`;
  const f = load(text + standIn);
  if (!f || f.diagnostics.length > 0) return null;
  const seq = f.node;
  if (seq.kind !== 'seq' || seq.flow || seq.items.length !== 2) return null;
  if (f.yamlRange[0] !== column || seq.range.start !== column) return null;
  const next = seq.items[1];
  if (
    next?.kind !== 'scalar' ||
    next.value !== 'x' ||
    next.style !== 'plain' ||
    next.range.start !== text.length + column + 2
  )
    return null;
  const item = seq.items[0] as YNode;
  return { item, nodes: f.nodes - 2, depth: f.depth, reach: reach(item) };
}

const shift = (r: { start: number; end: number }, by: number) => ({
  start: r.start + by,
  end: r.end + by,
});

/**
 * Each placed row's cells node as it was parsed (the row cache's, kept while its row's text is): what
 * does not depend on where the row stands — the row compile cache's key of its cells, computed
 * relative to the cells (tree/row-cache.ts) — is computed once per parsed row, not per compile.
 */
const origins = new WeakMap<YNode, YNode>();

/** The node a placed row's cells (its `when` value) were moved from, if they were. */
export function originOf(n: YNode): YNode | undefined {
  return origins.get(n);
}

/** A row's `when` value (its cells), when the row is a mapping with one. */
function whenOf(row: YNode): YNode | undefined {
  return row.kind === 'map' ? row.items.find((p) => p.key === 'when')?.value : undefined;
}

/** A node with every range moved by `by`. */
function shiftAll(n: YNode, by: number): YNode {
  if (by === 0) return n;
  // Written out field by field in the loaders' order (one object shape per kind), not spread: a
  // grid edit moves every row below it, and spreading these nodes was the edit's costliest step
  // before the JIT had seen it (~20 ms on a 500-row table's first edit).
  if (n.kind === 'scalar') return shiftScalar(n, by);
  const items =
    n.kind === 'seq'
      ? n.items.map((c) => shiftAll(c, by))
      : n.items.map(
          (p): YPair => ({
            key: p.key,
            keyNode: shiftScalar(p.keyNode, by),
            value: shiftAll(p.value, by),
          }),
        );
  return n.kind === 'seq'
    ? { kind: 'seq', items: items as YNode[], flow: n.flow, range: shift(n.range, by) }
    : { kind: 'map', items: items as YPair[], flow: n.flow, range: shift(n.range, by) };
}

function shiftScalar(n: YScalar, by: number): YScalar {
  return {
    kind: 'scalar',
    value: n.value,
    style: n.style,
    source: n.source,
    range: shift(n.range, by),
  };
}

/**
 * The head-with-last-row node with the other rows put back: what starts at or after `at` (the
 * last row, where the first row was) moves by `moved`, what spans `at` ends `moved` later, and the
 * rows list holds every row.
 */
function rebuild(n: YNode, at: number, moved: number, rows: YSeq, placed: YNode[]): YNode {
  if (n === rows) {
    return {
      ...rows,
      items: [...placed, shiftAll(rows.items[0] as YNode, moved)],
      range: { start: rows.range.start, end: rows.range.end + moved },
    };
  }
  if (n.range.start >= at) return shiftAll(n, moved);
  if (n.range.end <= at || n.kind === 'scalar') return n;
  const range = { start: n.range.start, end: n.range.end + moved };
  if (n.kind === 'seq') {
    return { ...n, items: n.items.map((c) => rebuild(c, at, moved, rows, placed)), range };
  }
  const items: YPair[] = n.items.map((p) => {
    if (p.value.range.end <= at) return p;
    if (p.keyNode.range.start >= at) {
      return {
        key: p.key,
        keyNode: shiftAll(p.keyNode, moved) as typeof p.keyNode,
        value: shiftAll(p.value, moved),
      };
    }
    return { ...p, value: rebuild(p.value, at, moved, rows, placed) };
  });
  return { ...(n as YMap), items, range };
}
