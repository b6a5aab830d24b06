import { type DiagnosticCode, diagnostic, type Params } from '../diagnostics/codes';
import type { Bilingual, Diagnostic, Fix, Range } from '../diagnostics/diagnostic';
import type { YMap, YPair } from '../document/ynode';
import { keysOf, suggest } from '../util/suggest';
import { type CanonicalBytes, canonicalBytes, hashBytes } from './canonical';
import type { RowCacheUse, RowCompileCache } from './row-cache';
import type { ExprNode } from './types';

/**
 * Where each tree node came from; kept beside the tree so positions never reach a hash. A compile
 * records one in a Map (a WeakMap's set cost twice as much, and its keys are the document's own
 * trees, which live as long as the map); any map of nodes to ranges will do for readers.
 */
export interface SourceMap {
  get(node: ExprNode): Range | undefined;
  set(node: ExprNode, range: Range): unknown;
  has(node: ExprNode): boolean;
}

/**
 * Where a source-map range of a cached table row lies (row-cache.ts): at an offset in the row's
 * cells, or a column's range.
 */
export type Place =
  | readonly [node: ExprNode, start: number, end: number]
  | readonly [node: ExprNode, column: number];

/**
 * A compile's source map: a Map, to which the row cache adds a cached row's positions by `replay`
 * — written when one of that row's nodes is next read or written, or when the whole map is read
 * (`forEach`). A grid edit replays every row below the edited one, and nothing on the way to the
 * editor's markers reads those rows' positions: they are written when the document's source map
 * is first read (in the gloss phase, or never). Each node of a replayed row belongs to its row's
 * places (a row's raw and normalized trees may share nodes, at the same position); reading a
 * node first writes the pending places it belongs to, so every read answers what it would have
 * had the rows been written at once (the differential property tests compare every node's range).
 */
export class CompileSourceMap implements SourceMap {
  private readonly map = new Map<ExprNode, Range>();
  /** Replays not yet written, by their places, in the order they were made. */
  private readonly pending = new Map<readonly Place[], Replay>();

  replay(
    places: readonly Place[],
    base: number,
    columns: readonly { readonly range: Range }[],
  ): void {
    if (!indexed.has(places)) {
      indexed.add(places);
      for (const p of places) {
        const of = placesOfNode.get(p[0]);
        if (!of) placesOfNode.set(p[0], [places]);
        else if (!of.includes(places)) of.push(places);
      }
    }
    // The same places twice in one compile (not expected: a cached row is used once): in order.
    const earlier = this.pending.get(places);
    if (earlier) this.write(places, earlier);
    this.pending.set(places, { base, columns });
  }

  private write(places: readonly Place[], { base, columns }: Replay): void {
    this.pending.delete(places);
    const map = this.map;
    for (const p of places) {
      if (p.length === 3) map.set(p[0], { start: base + p[1], end: base + p[2] });
      else map.set(p[0], (columns[p[1]] as { range: Range }).range);
    }
  }

  /** Writes the pending replays `node` belongs to, in the order they were made. */
  private settle(node: ExprNode): Map<ExprNode, Range> {
    if (this.pending.size === 0) return this.map;
    const of = placesOfNode.get(node);
    if (!of) return this.map;
    if (of.length === 1) {
      const places = of[0] as readonly Place[];
      const replay = this.pending.get(places);
      if (replay) this.write(places, replay);
      return this.map;
    }
    for (const [places, replay] of [...this.pending]) {
      if (of.includes(places)) this.write(places, replay);
    }
    return this.map;
  }

  get(node: ExprNode): Range | undefined {
    return this.settle(node).get(node);
  }

  set(node: ExprNode, range: Range): this {
    this.settle(node).set(node, range);
    return this;
  }

  has(node: ExprNode): boolean {
    return this.settle(node).has(node);
  }

  forEach(visit: (range: Range, node: ExprNode) => void): void {
    for (const [places, replay] of this.pending) this.write(places, replay);
    this.map.forEach((range, node) => {
      visit(range, node);
    });
  }
}

interface Replay {
  readonly base: number;
  readonly columns: readonly { readonly range: Range }[];
}

/** Per node of a cached row's trees, the places it is in (its row's raw and normalized trees). */
const placesOfNode = new WeakMap<ExprNode, (readonly Place[])[]>();
const indexed = new WeakSet<readonly Place[]>();

/** Collects diagnostics and source positions while one document is validated and compiled. */
export class CompileContext {
  readonly diagnostics: Diagnostic[] = [];
  readonly sourceMap = new CompileSourceMap();
  /** Canonical bytes of the trees hashed so far, reused by the document hash. */
  readonly canonical: CanonicalBytes = new WeakMap();
  /** Table rows this compile took from (or gave to) `rowCache` (row-cache.ts). */
  readonly rowCacheUse: RowCacheUse = { entries: new Set(), trees: new Map() };

  /** `rowCache`: the incremental compiler's per-row cache; a cold compile has none. */
  constructor(readonly rowCache?: RowCompileCache) {}

  /** `detail`: technical words for the curious (an engine's message), never the message. */
  report(code: DiagnosticCode, range: Range, params?: Params, fix?: Fix, detail?: string): void {
    const d = diagnostic(code, range, params, fix);
    this.diagnostics.push(detail === undefined ? d : { ...d, detail });
  }

  /** Records the source range of a node and returns it (so builders can stay expressions). */
  at<T extends ExprNode>(node: T, range: Range): T {
    this.sourceMap.set(node, range);
    return node;
  }

  /** A rule's hash: sha256 of its tree's canonical bytes (kept for the document hash). */
  hashTree(tree: ExprNode): string {
    const bytes = canonicalBytes(tree);
    this.canonical.set(tree, bytes);
    return hashBytes(bytes);
  }

  /**
   * Whether an error was reported after the first `mark` diagnostics (`mark`: the count of
   * diagnostics at some earlier point; diagnostics are only ever appended). Reads the new ones only:
   * a rule's validation asks this three times, and counting every diagnostic of the document each
   * time made that quadratic.
   */
  errorsSince(mark: number): boolean {
    const ds = this.diagnostics;
    for (let i = mark; i < ds.length; i++)
      if ((ds[i] as Diagnostic).severity === 'error') return true;
    return false;
  }

  errorCount(): number {
    let n = 0;
    for (const d of this.diagnostics) if (d.severity === 'error') n++;
    return n;
  }
}

/**
 * ERDL-E506 for a key of `map` outside `known`: did you mean, the valid keys, and a fix that
 * writes the suggestion (not when the mapping already has it).
 */
export function reportUnknownKey(
  ctx: CompileContext,
  map: YMap,
  pair: YPair,
  known: readonly string[],
  what: Bilingual,
): void {
  const s = suggest(pair.key, known, pair.keyNode.range, {}, keysOf(map));
  ctx.report('ERDL-E506', pair.keyNode.range, { what, field: pair.key, ...s.params }, s.fix);
}
