import { type CompileResult, compileDocument, documentVersion, finish } from '../compile';
import type { Diagnostic, Range } from '../diagnostics/diagnostic';
import { SourceText } from '../diagnostics/source-text';
import type { CompiledDocument, CompiledRule } from '../document/compiled';
import { checkFormat, checkFormatItem } from '../document/format';
import { checkHiddenText, lookalikeRuleNames } from '../document/hidden-text';
import {
  type Fragment,
  loadFragment,
  MAX_EXPANDED_NODES,
  MAX_NESTING,
  prepare,
} from '../document/load';
import { Fields, validateMetadata, validateTopLevel } from '../document/validate';
import { type ClaimName, validateRuleEntry } from '../document/validate-rule';
import type { YMap, YNode, YPair, YSeq } from '../document/ynode';
import type { CanonicalBytes } from '../tree/canonical';
import { CompileContext, type CompileSourceMap, type SourceMap } from '../tree/context';
import { canonicalRule, canonicalRuleBytes } from '../tree/document-hash';
import { RowCompileCache } from '../tree/row-cache';
import type { ExprNode } from '../tree/types';
import { hasHidden } from '../util/visible-text';
import { PROTOCOL } from '../vocabulary/document';
import { DocumentHasher } from './hash';
import { Lru } from './lru';
import { segment } from './segment';
import { parseByRows, type RowCache, reach } from './table-rows';

/**
 * Incremental compile for the editing path (docs/incremental-compile.md).
 *
 * `compile(text)` returns exactly what `compileDocument(text)` returns — the same diagnostics in
 * the same order with the same ranges and fixes, the same compiled rules, trees and hashes, and a
 * source map of absolute positions in `text` — but parses, validates, compiles and serializes
 * only the rule items whose text it has not seen before. The document is cut into a header and
 * one segment per item of `rules` (segment.ts); each part is parsed on its own and cached by its
 * text with segment-relative positions, which are shifted by the segment's offset on assembly.
 * Whenever cutting might not be equivalent to parsing the whole text, it compiles the whole text.
 */
export interface IncrementalCompiler {
  compile(text: string): CompileResult;
  /**
   * The rule items `result` was assembled from, in order: each item's node with ranges relative to
   * its segment (the same node while the item's text is unchanged) and the segment's offset in
   * the compiled text. Null unless `result` is this compiler's last result, was assembled from
   * parts and has a document — only then are the parts known to read as the whole text's items.
   */
  items(result: CompileResult): readonly PlacedItem[] | null;
  /** How the last compile went (tests and benchmarks). */
  readonly stats: IncrementalStats;
}

export interface IncrementalStats {
  /** 'incremental' when the last compile was assembled from parts, 'full' when it fell back. */
  readonly mode: 'incremental' | 'full';
  /** Why the last compile fell back. */
  readonly reason: string;
  /** Rule items of the last compile that were parsed / validated (cache misses). */
  readonly parsed: number;
  readonly validated: number;
  readonly segments: number;
}

export interface IncrementalOptions {
  /** Parsed segments kept (least recently used are dropped). Default 5,000. */
  readonly maxSegments?: number;
  /** Compiled table rows kept (least recently used are dropped). Default 20,000. */
  readonly maxRows?: number;
  /**
   * The per-row compile cache to use (tests read its hit counts); a new one by default, none with
   * null (benchmarks compare).
   */
  readonly rowCache?: RowCompileCache | null;
  /**
   * How the parts are parsed: `loadFragment` (its fast path, falling back to yaml) by default;
   * tests pass `loadFragmentWithYaml`, or a loader that checks both agree, to prove the two
   * give the same compile.
   */
  readonly loadFragment?: LoadFragment;
}

/** Parses a part of a document as `loadFragment` does. */
export type LoadFragment = (text: string) => Fragment | null;

/** A rule item of the compiled text: its node (ranges relative to `offset`) and where it starts. */
export interface PlacedItem {
  readonly item: YNode;
  readonly offset: number;
}

/** A rule item parsed on its own; positions relative to the segment's first character. */
interface Segment {
  readonly text: string;
  readonly item: YNode;
  /** The sequence's yaml range: [start, value end, node end] (read for the last item only). */
  readonly seq: readonly [number, number, number];
  /** Nodes of the item (what it adds to the MAX_EXPANDED_NODES count). */
  readonly nodes: number;
  readonly depth: number;
  /** What the expansion reported (duplicate keys …). */
  readonly diagnostics: readonly Diagnostic[];
  /** The rule's name as `validateRule` reads it, for duplicate detection; null when unnamed. */
  readonly name: { readonly value: string; readonly start: number; readonly end: number } | null;
  /**
   * True when a range of the item ends past the segment: yaml extends a collection that ends in
   * comments to the next token, the next item's `-`. Fixes computed from such a range (the §4.1
   * reorder fix takes whole lines) then read the next item's first line, which becomes part of the
   * validation context.
   */
  readonly spills: boolean;
  source: SourceText | null;
  /** Validation results by context (inherited category, duplicate-name line, spilled line). */
  readonly results: Map<string, RuleResult>;
}

/** One rule item validated, compiled, format-checked and serialized; segment-relative. */
interface RuleResult {
  readonly diagnostics: readonly Diagnostic[];
  readonly format: readonly Diagnostic[];
  /** Hidden characters of the item's text (document/hidden-text.ts), after the format check's. */
  readonly hidden: readonly Diagnostic[];
  readonly failed: boolean;
  /** Index relative to the entry's first rule; ranges relative to the segment. */
  readonly rules: readonly CompiledRule[];
  /** Each rule's entry in the canonical document, as bytes (the document hash). */
  readonly canonical: readonly Uint8Array[];
  /**
   * The compile's whole source map, as `compileDocument` keeps it (compile.ts), ranges relative to
   * the segment: nodes the rules no longer reach (a tree before normalization) are never looked
   * up, so keeping them changes no answer, and it spares a walk of every tree of the entry.
   */
  readonly sourceMap: CompileSourceMap;
}

interface Header {
  readonly root: YMap;
  readonly rulesPair: YPair;
  readonly nodes: number;
  readonly diagnostics: readonly Diagnostic[];
}

const REFUSED = 'refused' as const;
/** Validation contexts kept per segment (a rule rarely alternates between more than two). */
const MAX_RESULTS_PER_SEGMENT = 4;

export function createIncrementalCompiler(options: IncrementalOptions = {}): IncrementalCompiler {
  const segments = new Lru<string, Segment | typeof REFUSED>(options.maxSegments ?? 5000);
  const headers = new Lru<string, Header | typeof REFUSED>(16);
  /** Rows of long decision tables, parsed on their own (table-rows.ts). */
  const rows: RowCache = new Lru(options.maxSegments ?? 5000);
  /** Compiled rows of decision tables, by their cells and columns (tree/row-cache.ts). */
  const rowCompiles =
    options.rowCache === null
      ? undefined
      : (options.rowCache ?? new RowCompileCache(options.maxRows));
  const hasher = new DocumentHasher();
  const loader = options.loadFragment ?? loadFragment;
  let last: { text: string; result: CompileResult; items: PlacedItem[] | null } | null = null;
  /** The items of the last assembled document (set only by a successful assemble). */
  let assembled: PlacedItem[] | null = null;
  let stats: IncrementalStats = {
    mode: 'full',
    reason: 'none yet',
    parsed: 0,
    validated: 0,
    segments: 0,
  };

  const full = (text: string, reason: string): CompileResult => {
    stats = { mode: 'full', reason, parsed: 0, validated: 0, segments: 0 };
    return compileDocument(text);
  };

  const compile = (text: string): CompileResult => {
    if (last && last.text === text) return last.result;
    let result: CompileResult;
    assembled = null;
    try {
      result = assemble(text) ?? full(text, stats.reason);
    } catch (e) {
      // compileDocument reports a kernel bug as a diagnostic; let it do so for this text.
      result = full(text, `exception: ${e instanceof Error ? e.message : String(e)}`);
    }
    last = { text, result, items: stats.mode === 'incremental' ? assembled : null };
    return result;
  };

  /** The incremental compile, or null (with stats.reason set) when it must not be used. */
  const assemble = (input: string): CompileResult | null => {
    const refuse = (reason: string): null => {
      stats = { mode: 'full', reason, parsed: 0, validated: 0, segments: 0 };
      return null;
    };
    const prepared = prepare(input);
    if (prepared.done) return refuse('refused before parsing');
    if (prepared.isJson) return refuse('JSON');
    const { text, source } = prepared;
    const cut = segment(text);
    if (typeof cut === 'string') return refuse(cut);
    const starts = cut.starts;
    const first = starts[0] as number;

    // ① Load: the header and every item, each parsed once per distinct text.
    // A part is parsed followed by what follows it in the whole text as far as yaml's ranges
    // can tell: the next item's indentation and `-` (a collection that ends in comments extends
    // to the next token), or the end of the text. The last item is keyed apart for that reason.
    const headerText = text.slice(0, first);
    const headerKey = `${headerText}\u0000${cut.indent}`;
    let header = headers.get(headerKey);
    if (header === undefined) {
      header = parseHeader(headerText, cut.rulesKey, cut.indent, loader);
      headers.set(headerKey, header);
    }
    if (header === REFUSED) return refuse('header');
    const parts: Segment[] = [];
    let parsed = 0;
    let nodes = header.nodes;
    let expansion = header.diagnostics.length > 0;
    for (let i = 0; i < starts.length; i++) {
      const start = starts[i] as number;
      const isLast = i + 1 === starts.length;
      const segText = text.slice(start, isLast ? text.length : starts[i + 1]);
      // Control characters never reach here (prepare refuses them), so NUL cannot clash.
      const key = isLast ? `${segText}\u0000` : segText;
      let seg = segments.get(key);
      if (seg === undefined) {
        parsed++;
        seg = parseSegment(segText, cut.indent, isLast, rows, loader);
        segments.set(key, seg);
      }
      if (seg === REFUSED) return refuse(`item ${i + 1} does not parse on its own`);
      if (seg.depth + 1 > MAX_NESTING) return refuse('nesting budget');
      nodes += seg.nodes;
      if (seg.diagnostics.length > 0) expansion = true;
      parts.push(seg);
    }
    if (nodes > MAX_EXPANDED_NODES - 2) return refuse('node budget');
    // yaml gives an empty item the comments written above its `-` (which this cut leaves with the
    // part before) and extends its range over them; the last item's range ends the rules list's.
    const lastItem = (parts[parts.length - 1] as Segment).item;
    if (lastItem.kind === 'scalar' && lastItem.value === null && lastItem.source === '') {
      const n = starts.length;
      const before =
        n > 1 ? text.slice(starts[n - 2], starts[n - 1]) : text.slice(cut.rulesKey, first);
      if (before.includes('#')) return refuse('an empty last item after a comment');
    }
    if (expansion) {
      // load() refuses the document with what the expansion found, in document order.
      const found = [...header.diagnostics];
      parts.forEach((seg, i) => {
        for (const d of seg.diagnostics) found.push(shiftDiagnostic(d, starts[i] as number));
      });
      stats = { mode: 'incremental', reason: '', parsed, validated: 0, segments: parts.length };
      return finish(found, null, source);
    }

    // The whole document's view: the header's pairs, then `rules` holding the items. The items
    // keep segment-relative ranges: of the rules list, the top-level checks read only its range
    // and length, and the items are validated per segment below.
    const lastIndex = parts.length - 1;
    const lastSeg = parts[lastIndex] as Segment;
    const lastStart = starts[lastIndex] as number;
    const seqRange = { start: first + cut.indent, end: lastStart + lastSeg.seq[1] };
    const rulesSeq: YSeq = {
      kind: 'seq',
      items: parts.map((p) => p.item),
      flow: false,
      range: seqRange,
    };
    const rulesPair: YPair = { ...header.rulesPair, value: rulesSeq };
    const root: YMap = {
      ...header.root,
      items: [...header.root.items.slice(0, -1), rulesPair],
      range: { start: header.root.range.start, end: lastStart + lastSeg.seq[2] },
    };

    // ② Validate and ③ compile: the top level and metadata as compileDocument does, the rule
    // items from the cache when their text and context are unchanged.
    const ctx = new CompileContext();
    const fields = new Fields(ctx, source);
    const { metadata: metaNode, rules: rulesNode } = validateTopLevel(fields, root);
    const metadata = validateMetadata(fields, metaNode, root.range);
    if (rulesNode !== rulesSeq) return refuse('rules is not the list');
    const category = metadata?.category;
    const contextBase = category === undefined ? '-' : `=${category}`;
    const taken = new Map<string, number>();
    const results: RuleResult[] = [];
    const used = new Set<RuleResult>();
    let validated = 0;
    parts.forEach((seg, i) => {
      const offset = starts[i] as number;
      let lookahead = '';
      if (seg.spills) {
        const next = starts[i + 1] as number;
        const eol = text.indexOf('\n', next);
        lookahead = text.slice(next, eol === -1 ? text.length : eol + 1);
      }
      let duplicateOf: number | undefined;
      if (seg.name) {
        const at = seg.name.start + offset;
        const firstAt = taken.get(seg.name.value);
        if (firstAt === undefined) taken.set(seg.name.value, at);
        else duplicateOf = source.position(firstAt).line;
      }
      const key = `${contextBase}#${duplicateOf ?? ''}\u0000${lookahead}`;
      let result = seg.results.get(key);
      // Two items with the same text and context share a result; trees must not be shared
      // between rules of one document (each node has one source position), so the second is
      // compiled afresh.
      if (!result || used.has(result)) {
        validated++;
        result = validateSegment(seg, metadata, duplicateOf, lookahead, rowCompiles);
        if (!seg.results.has(key)) {
          if (seg.results.size >= MAX_RESULTS_PER_SEGMENT) seg.results.clear();
          seg.results.set(key, result);
        }
      }
      used.add(result);
      results.push(result);
    });

    const diagnostics: Diagnostic[] = [...ctx.diagnostics];
    results.forEach((r, i) => {
      for (const d of r.diagnostics) diagnostics.push(shiftDiagnostic(d, starts[i] as number));
    });
    diagnostics.push(...checkFormat(source, root, rulesSeq));
    results.forEach((r, i) => {
      for (const d of r.format) diagnostics.push(shiftDiagnostic(d, starts[i] as number));
    });
    // Hidden characters and look-alike rule names (I-88), in compileDocument's order.
    const documentLevel = checkHiddenText(source, root, { to: first, skipItemsOf: rulesSeq });
    diagnostics.push(...documentLevel);
    results.forEach((r, i) => {
      for (const d of r.hidden) diagnostics.push(shiftDiagnostic(d, starts[i] as number));
    });
    // The names are gathered only when one of them holds a hidden character (else none can clash).
    const hiddenName = parts.some((p) => p.name !== null && hasHidden(p.name.value));
    const names = (hiddenName ? parts : []).flatMap((p, i) => {
      const offset = starts[i] as number;
      return p.name
        ? [
            {
              value: p.name.value,
              range: { start: p.name.start + offset, end: p.name.end + offset },
            },
          ]
        : [];
    });
    const lookalikes = lookalikeRuleNames(source, names);
    diagnostics.push(...lookalikes);
    documentLevel.push(...lookalikes);
    stats = { mode: 'incremental', reason: '', parsed, validated, segments: parts.length };
    const failed =
      ctx.errorCount() > 0 ||
      results.some((r) => r.failed) ||
      documentLevel.some((d) => d.severity === 'error');
    if (failed || !metadata) return finish(diagnostics, null, source);

    const rules: CompiledRule[] = [];
    const canonical: Uint8Array[] = [];
    const sourceMap = new AssembledSourceMap(
      results.map((r, i) => ({ map: r.sourceMap, offset: starts[i] as number })),
    );
    results.forEach((r, i) => {
      const offset = starts[i] as number;
      const base = rules.length;
      for (const rule of r.rules) {
        rules.push({ ...rule, index: base + rule.index, range: shiftRange(rule.range, offset) });
      }
      canonical.push(...r.canonical);
    });
    // The document hash is worked out the first time it is read: on a 500-row table it is SHA-256
    // over 0.5 MB from the edited row on, which the editor's markers never read (the studio asks
    // for it in the background right after: KernelService.glossSteps). Read, it is
    // exactly the eager value: the hasher resumes from whatever version it hashed last.
    let hash: string | undefined;
    const document: CompiledDocument = {
      protocol: PROTOCOL,
      version: documentVersion(root),
      metadata,
      rules,
      get hash(): string {
        hash ??= hasher.hash(metadata, canonical);
        return hash;
      },
      sourceMap,
    };
    const compiled = finish(diagnostics, document, source);
    if (compiled.document)
      assembled = parts.map((p, i) => ({ item: p.item, offset: starts[i] as number }));
    return compiled;
  };

  return {
    compile,
    items: (result) => (last?.result === result ? last.items : null),
    get stats() {
      return stats;
    },
  };
}

/** What stands in for the next item when a part is parsed: the `-` at the item column. */
const nextItem = (indent: number) => `${' '.repeat(indent)}- x`;

/** True when `n` is the stand-in item `x` at `at`. */
const isNextItem = (n: YNode | undefined, at: number) =>
  n?.kind === 'scalar' && n.value === 'x' && n.style === 'plain' && n.range.start === at;

function parseHeader(
  text: string,
  rulesKey: number,
  indent: number,
  load: LoadFragment,
): Header | typeof REFUSED {
  const f = load(text + nextItem(indent));
  if (f?.node.kind !== 'map' || f.node.flow) return REFUSED;
  const root = f.node;
  const rulesPair = root.items[root.items.length - 1];
  const seq = rulesPair?.value;
  if (
    rulesPair?.key !== 'rules' ||
    rulesPair.keyNode.range.start !== rulesKey ||
    seq?.kind !== 'seq' ||
    seq.flow ||
    seq.range.start !== text.length + indent ||
    seq.items.length !== 1 ||
    !isNextItem(seq.items[0], text.length + indent + 2) ||
    root.items.filter((p) => p.key === 'rules').length !== 1
  )
    return REFUSED;
  // Nodes: all but the stand-in item (the sequence stands for `rules`).
  return { root, rulesPair, nodes: f.nodes - 1, diagnostics: f.diagnostics };
}

/** An item's text parsed as the whole document reads it: followed by a stand-in next item. */
function itemFragment(
  text: string,
  indent: number,
  last: boolean,
  load: LoadFragment,
): Fragment | null {
  const f: Fragment | null = load(last ? text : text + nextItem(indent));
  if (!f) return null;
  const seq = f.node;
  if (seq.kind !== 'seq' || seq.flow || seq.items.length !== (last ? 1 : 2)) return null;
  if (f.yamlRange[0] !== indent || seq.range.start !== indent) return null;
  if (!last && !isNextItem(seq.items[1], text.length + indent + 2)) return null;
  return f;
}

function parseSegment(
  text: string,
  indent: number,
  last: boolean,
  rows: RowCache,
  load: LoadFragment,
): Segment | typeof REFUSED {
  // A long decision table is parsed row by row (table-rows.ts), anything else whole.
  const byRows = parseByRows(text, (t) => itemFragment(t, indent, last, load), rows, load);
  const f = byRows ? null : itemFragment(text, indent, last, load);
  if (!byRows && !f) return REFUSED;
  const item = byRows ? byRows.item : (((f as Fragment).node as YSeq).items[0] as YNode);
  const spills = (byRows ? byRows.reach : reach(item)) > text.length;
  if (last && spills) return REFUSED;
  let name: Segment['name'] = null;
  if (item.kind === 'map') {
    const n = item.items.find((p) => p.key === 'name')?.value;
    if (n?.kind === 'scalar' && typeof n.value === 'string')
      name = { value: n.value.normalize('NFC'), start: n.range.start, end: n.range.end };
  }
  const whole = byRows ?? (f as Fragment);
  return {
    text,
    item,
    seq: byRows ? byRows.seq : (f as Fragment).yamlRange,
    // Nodes of the item alone: not the sequence, not the stand-in.
    nodes: whole.nodes - (last ? 1 : 2),
    depth: whole.depth,
    diagnostics: f ? f.diagnostics : [],
    name,
    spills,
    source: null,
    results: new Map(),
  };
}

/** The furthest end of any range in a node. */

/** Validates and compiles one rule item in segment coordinates, as validateRules would. */
function validateSegment(
  seg: Segment,
  metadata: { readonly category?: string } | null,
  duplicateOf: number | undefined,
  lookahead: string,
  rowCompiles: RowCompileCache | undefined,
): RuleResult {
  if (!seg.source) seg.source = new SourceText(seg.text);
  // The text as far as validation may read it: the segment, and the next item's first line when
  // a range spills into it (the whole text reads the same there).
  const source = lookahead ? new SourceText(seg.text + lookahead) : seg.source;
  const ctx = new CompileContext(rowCompiles);
  const fields = new Fields(ctx, source);
  const claim: ClaimName = () => duplicateOf;
  const rules = validateRuleEntry(fields, seg.item, metadata, claim, 0);
  const format = checkFormatItem(source, seg.item);
  const hidden = checkHiddenText(source, seg.item, { to: seg.text.length });
  return {
    diagnostics: ctx.diagnostics,
    format,
    hidden,
    failed:
      ctx.errorCount() > 0 ||
      format.some((d) => d.severity === 'error') ||
      hidden.some((d) => d.severity === 'error'),
    rules,
    // The trees as serialized for their hashes (ctx.canonical): the same bytes, not made again.
    canonical: rules.map((r) => canonicalEntry(r, ctx.canonical)),
    sourceMap: ctx.sourceMap,
  };
}

/**
 * Per rule tree, the canonical entry last made with it and what it was made of (canonicalRule's
 * fields). A grid edit validates the whole table again, but its other rows come back from the row
 * cache with the same trees and fields: their entries are the same bytes, not serialized again —
 * and, being the same arrays, the document hasher (hash.ts) sees them unchanged at a glance.
 */
const canonicalEntries = new WeakMap<ExprNode, { fields: object; bytes: Uint8Array }>();

/** `canonicalRuleBytes(rule, known)`, kept per rule tree while canonicalRule's fields are the same. */
function canonicalEntry(rule: CompiledRule, known: CanonicalBytes): Uint8Array {
  const fields = canonicalRule(rule) as Record<string, unknown>;
  const hit = canonicalEntries.get(rule.when);
  if (hit && sameFields(hit.fields as Record<string, unknown>, fields)) return hit.bytes;
  const bytes = canonicalRuleBytes(rule, known);
  canonicalEntries.set(rule.when, { fields, bytes });
  return bytes;
}

/** The same keys holding the same values (strings and numbers by value, trees by identity). */
function sameFields(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const k of keys) if (!Object.is(a[k], b[k])) return false;
  return true;
}

/**
 * A compiled document's source map, put together from its segments' maps (ranges relative to each
 * segment, moved by its offset) the first time it is read. Most compiles are never asked: the
 * editor's markers, hashes and rules read no node's position (the gloss lint does, in the
 * background phase after, and conversions do on demand) — and assembling it meant a moved copy of
 * every range of every segment per compile (on a 500-row table, ~20,000 per grid edit).
 */
class AssembledSourceMap implements SourceMap {
  private map: Map<ExprNode, Range> | null = null;

  constructor(
    private parts: readonly {
      readonly map: CompileSourceMap;
      readonly offset: number;
    }[],
  ) {}

  private assembled(): Map<ExprNode, Range> {
    if (this.map) return this.map;
    const map = new Map<ExprNode, Range>();
    for (const { map: part, offset } of this.parts) {
      part.forEach((range, node) => {
        map.set(node, shiftRange(range, offset));
      });
    }
    this.map = map;
    this.parts = [];
    return map;
  }

  get(node: ExprNode): Range | undefined {
    return this.assembled().get(node);
  }

  set(node: ExprNode, range: Range): this {
    this.assembled().set(node, range);
    return this;
  }

  has(node: ExprNode): boolean {
    return this.assembled().has(node);
  }
}

function shiftRange(r: Range, offset: number): Range {
  return { start: r.start + offset, end: r.end + offset };
}

function shiftDiagnostic(d: Diagnostic, offset: number): Diagnostic {
  if (offset === 0) return d;
  const moved: Diagnostic = { ...d, range: shiftRange(d.range, offset) };
  if (!d.fix) return moved;
  return {
    ...moved,
    fix: {
      ...d.fix,
      edits: d.fix.edits.map((e) => ({ ...e, range: shiftRange(e.range, offset) })),
    },
  };
}
