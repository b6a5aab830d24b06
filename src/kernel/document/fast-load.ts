import { isScalar, parseDocument } from 'yaml';
import { hasLoneSurrogate, MAX_EXPANDED_NODES, MAX_NESTING, PARSE_OPTIONS } from './load';
import type { YMap, YNode, YPair, YScalar, YSeq } from './ynode';

/**
 * The loader's fast path (issue 17 §4): a single pass over text written in the conventional style
 * of §2.3 — block mappings and sequences, one-line flow collections, plain and one-line quoted
 * scalars — that builds exactly the YNode view the `yaml`-based loader builds (same values,
 * styles, source text and ranges), several times faster than `yaml`'s parser.
 *
 * It is not a second YAML reader. It accepts only a subset whose meaning it can state exactly and
 * returns null as soon as it meets anything else: comment lines where they would change a range, block scalars,
 * multi-line scalars or flow collections, anchors, aliases, tags, directives, document markers,
 * explicit keys, quoted or non-identifier keys, empty values, tabs, CR, BOMs and Unicode line
 * separators, duplicate keys, lone surrogates, budgets, and anything that would be a diagnostic.
 * Then `load` reads the text with `yaml` exactly as before, so every diagnostic, and every
 * document outside the subset, still comes from the one loader. Scalars are resolved by the same
 * `yaml` schema (core, YAML 1.2) with the same options, never by rules of its own.
 * tests/fuzz/fast-load.property.test.ts proves the identity (complete compile results compared)
 * over the examples, every vector, the fuzz generators and adversarial YAML.
 */
export function fastLoad(text: string): YMap | null {
  return inSubset(text, (parser) => parser.document());
}

/** What `read` makes of the text, or null when the text leaves the subset. */
function inSubset<T>(text: string, read: (parser: FastParser) => T): T | null {
  if (UNSUPPORTED.test(text)) return null;
  try {
    return read(new FastParser(text));
  } catch (e) {
    if (e === OUTSIDE) return null;
    throw e;
  }
}

/**
 * A part of a document read by the fast path, as `loadFragment` reports it: the top node (a block
 * mapping or sequence at any column, ranges relative to the fragment's text), the nodes expanded,
 * the depth of the deepest one and yaml's range of the top node. Null when the text leaves the
 * subset, which includes anything that would be a diagnostic (so a fast fragment has none).
 */
export interface FastFragment {
  readonly node: YNode;
  readonly nodes: number;
  readonly depth: number;
  readonly yamlRange: readonly [number, number, number];
}

/** `fastLoad` for the incremental compiler's fragments (load.ts `loadFragment`); same subset. */
export function fastFragment(text: string): FastFragment | null {
  return inSubset(text, (parser) => parser.fragment());
}

/**
 * Characters the subset never contains: tab and CR (yaml's whitespace and line-break rules differ
 * around them), C1 controls, BOM, NEL and the Unicode line/paragraph separators.
 */
const UNSUPPORTED = /[\t\r\u0080-\u009f\ufeff\u2028\u2029]/;

/** Thrown (as a value, no stack) when the text leaves the subset. */
const OUTSIDE = Symbol('outside the fast subset');

/**
 * The schema's scalar tags and the options `load` parses with (scalars resolve exactly as yaml
 * resolves them), and what they made of keys and plain scalars seen lately: a plain scalar's value
 * depends on its text alone, and the same few (`name`, `operator`, `eq`, `AND`…) recur in every
 * rule — the incremental compiler reads each rule as a fragment of its own. The memos also hold
 * one copy of each text, which the nodes share: the node tree lives through the whole compile,
 * and a fresh copy of every key and plain scalar (a third of its strings) was garbage the young
 * generation copied, twice, before it was promoted. Bounded: a memo is emptied when it holds
 * MAX_MEMO texts.
 */
interface Resolver {
  readonly tags: readonly ScalarTagLike[];
  readonly keyTags: readonly ScalarTagLike[];
  readonly options: object;
  /** Per key text, the copy nodes share, or null when the text is not a key of the subset. */
  readonly keyMemo: Map<string, string | null>;
  readonly plainMemo: Map<string, PlainScalar>;
}
const MAX_MEMO = 4096;
let resolver: Resolver | null = null;
function yamlResolver(): Resolver {
  if (!resolver) {
    const doc = parseDocument('', PARSE_OPTIONS);
    if (!doc.schema) throw new Error('yaml gave no schema');
    const all = doc.schema.tags as unknown as readonly ScalarTagLike[];
    resolver = {
      tags: all.filter((tag) => !tag.collection && tag.default === true && tag.test),
      keyTags: all.filter(
        (tag) => !tag.collection && (tag.default === true || tag.default === 'key') && tag.test,
      ),
      options: doc.options,
      keyMemo: new Map(),
      plainMemo: new Map(),
    };
  }
  return resolver;
}

/** Remembers `value` for `text` in `memo`, emptying it first when full. */
function remember<V>(memo: Map<string, V>, text: string, value: V): void {
  if (memo.size >= MAX_MEMO) memo.clear();
  memo.set(text, value);
}

/** A plain scalar's text (the copy nodes share) and its value. */
interface PlainScalar {
  readonly source: string;
  readonly value: string | number | boolean | null;
}

interface ScalarTagLike {
  readonly default?: boolean | 'key';
  readonly collection?: string;
  readonly test?: RegExp;
  readonly resolve: (value: string, onError: (msg: string) => void, options: object) => unknown;
}

/** A plain key the subset accepts: an identifier-like word that no core-schema tag claims. */
const KEY = /^[A-Za-z_][A-Za-z0-9_./-]*$/;

const SPACE = 0x20;
const LF = 0x0a;
const HASH = 0x23;
const COLON = 0x3a;
const DASH = 0x2d;
const DQUOTE = 0x22;
const SQUOTE = 0x27;
const LBRACKET = 0x5b;
const RBRACKET = 0x5d;
const LBRACE = 0x7b;
const RBRACE = 0x7d;
const COMMA = 0x2c;
const BACKSLASH = 0x5c;

/** Characters that may not start a plain scalar in the subset (YAML indicators and reserved). */
const PLAIN_START_EXCLUDED = new Set([...'-?:,[]{}#&*!|>\'"%@`'].map((c) => c.charCodeAt(0)));

/** yaml's double-quoted escapes (resolve-flow-scalar.js), tab excluded (tabs leave the subset). */
const ESCAPES: Readonly<Record<string, string>> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  e: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  N: '\u0085',
  _: '\u00a0',
  L: '\u2028',
  P: '\u2029',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
};

/**
 * A collection's items as an array of exactly their length. An array grown by `push` keeps spare
 * room (17 slots for the first push), and most mappings here hold two to five pairs: the node tree
 * lives through the whole compile, and that spare room was an eighth of it (8.1 → 7.0 MB on the
 * 1,000-rule document). The grown array is young garbage, which costs a scavenge nothing.
 */
function exact<T>(items: T[]): T[] {
  return items.slice();
}

/** Keys of a block mapping searched one by one before a Set takes over. */
const SHORT_MAP = 16;

class FastParser {
  private pos = 0;
  private nodes = 0;
  /** The deepest node read so far (the top node is at depth 0). */
  private maxDepth = 0;
  /** Deepest indentation of the comment lines the last nextContentLine skipped (-1: none). */
  private comments = -1;
  private readonly resolver = yamlResolver();

  constructor(private readonly t: string) {}

  document(): YMap | null {
    const first = this.nextContentLine();
    if (first === -1 || first !== this.pos) return null; // root must start at column 1
    const root = this.blockMap(0, 0);
    if (this.nextContentLine() !== -1) return null;
    return root;
  }

  fragment(): FastFragment | null {
    const first = this.nextContentLine();
    if (first === -1) return null;
    const node = this.blockNode(first - this.pos, 0);
    if (this.nextContentLine() !== -1) return null;
    // yaml's node end is its value end: only blank lines and column-0 comments may follow the
    // node here (a deeper comment after the last item leaves the subset: checkTrailingComments).
    const end = node.range.end;
    return {
      node,
      nodes: this.nodes,
      depth: this.maxDepth,
      yamlRange: [node.range.start, end, end],
    };
  }

  private outside(): never {
    throw OUTSIDE;
  }

  private count(depth: number): void {
    if (++this.nodes > MAX_EXPANDED_NODES || depth > MAX_NESTING) this.outside();
    if (depth > this.maxDepth) this.maxDepth = depth;
  }

  /**
   * From the start of a line, skips blank and comment lines. Returns the offset of the next
   * content line's first non-space character (this.pos is left at that line's start), or -1 at
   * the end of text; `comments` is the deepest indentation of a comment line skipped (-1: none).
   * A directive or a document marker leaves the subset.
   */
  private nextContentLine(): number {
    const t = this.t;
    this.comments = -1;
    for (;;) {
      if (this.pos >= t.length) return -1;
      let i = this.pos;
      while (t.charCodeAt(i) === SPACE) i++;
      const c = t.charCodeAt(i);
      if (i >= t.length) {
        this.pos = i;
        return -1;
      }
      if (c === LF) {
        this.pos = i + 1;
        continue;
      }
      if (c === HASH) {
        this.comments = Math.max(this.comments, i - this.pos);
        const nl = t.indexOf('\n', i);
        this.pos = nl === -1 ? t.length : nl + 1;
        continue;
      }
      if (
        i === this.pos &&
        (c === 0x25 /* % */ || t.startsWith('---', i) || t.startsWith('...', i))
      )
        this.outside();
      return i;
    }
  }

  /**
   * After the last item of the innermost collection at `indent`: the next content line starts at
   * `next` (-1: the end). Comment lines in between change where yaml ends the collections that
   * line closes (a comment deeper than the line belongs to a closed node's end), so they stay in
   * the subset only when no collection closes or none is deeper than the line that follows.
   */
  private checkTrailingComments(next: number, indent: number): void {
    if (this.comments < 0) return;
    // At the end of the text every collection closes; only column-0 comments stay outside them.
    const column = next === -1 ? 0 : next - this.pos;
    const closes = next === -1 || column !== indent;
    if (closes && this.comments > column) this.outside();
  }

  /** After a value on its line: spaces, an optional comment, then the line break (or the end). */
  private endOfLine(at: number): number {
    const t = this.t;
    let i = at;
    while (t.charCodeAt(i) === SPACE) i++;
    if (i < t.length && t.charCodeAt(i) !== LF) {
      if (t.charCodeAt(i) !== HASH || i === at) this.outside();
      const nl = t.indexOf('\n', i);
      i = nl === -1 ? t.length : nl;
    }
    return i < t.length ? i + 1 : i;
  }

  /** A block mapping whose keys sit at `indent`; this.pos is at its first key. */
  private blockMap(indent: number, depth: number): YMap {
    this.count(depth);
    const t = this.t;
    const items: YPair[] = [];
    // Keys seen, for a duplicate (a diagnostic: outside the subset). Most mappings have a few
    // keys, searched in `items` itself; a Set is made only for a long one.
    let keys: Set<string> | null = null;
    const start = this.pos;
    let end = start;
    for (;;) {
      const keyNode = this.key(this.pos);
      const key = keyNode.source;
      if (keys !== null) {
        if (keys.has(key)) this.outside();
        keys.add(key);
      } else {
        for (let k = 0; k < items.length; k++) if ((items[k] as YPair).key === key) this.outside();
        if (items.length === SHORT_MAP) keys = new Set([...items.map((p) => p.key), key]);
      }
      let i = keyNode.range.end + 1;
      while (t.charCodeAt(i) === SPACE) i++;
      let value: YNode;
      const c = t.charCodeAt(i);
      if (i >= t.length || c === LF || c === HASH) {
        // The value is a block collection on the following lines.
        this.pos = this.endOfLine(keyNode.range.end + 1);
        const at = this.nextContentLine();
        if (at === -1) this.outside();
        const column = at - this.pos;
        if (column <= indent) this.outside(); // empty value, or a sequence at the key's column
        value = this.blockNode(column, depth + 1);
        end = value.range.end;
      } else {
        value = this.inline(i, depth + 1);
        end = this.endOfLine(value.range.end);
        this.pos = end;
      }
      items.push({ key, keyNode, value });
      const next = this.nextContentLine();
      this.checkTrailingComments(next, indent);
      if (next === -1) break;
      const column = next - this.pos;
      if (column < indent) break;
      if (column > indent) this.outside();
      this.pos = next;
    }
    return { kind: 'map', items: exact(items), flow: false, range: { start, end } };
  }

  /** A block mapping or sequence starting at this.pos + column (on a line of its own). */
  private blockNode(column: number, depth: number): YNode {
    this.pos += column;
    const t = this.t;
    if (t.charCodeAt(this.pos) === DASH && this.isIndicatorEnd(this.pos + 1))
      return this.blockSeq(column, depth);
    return this.blockMap(column, depth);
  }

  /** A dash followed by a space (the subset has no empty `-` items). */
  private isIndicatorEnd(i: number): boolean {
    return this.t.charCodeAt(i) === SPACE;
  }

  /** A block sequence whose dashes sit at `indent`; this.pos is at its first dash. */
  private blockSeq(indent: number, depth: number): YSeq {
    this.count(depth);
    const t = this.t;
    const items: YNode[] = [];
    const start = this.pos;
    let end = start;
    for (;;) {
      let i = this.pos + 1;
      while (t.charCodeAt(i) === SPACE) i++;
      const c = t.charCodeAt(i);
      if (i >= t.length || c === LF || c === HASH) this.outside();
      let item: YNode;
      if (this.keyAhead(i)) {
        // A compact mapping: `- key: value`, its other keys aligned with the first.
        const column = i - this.lineStartOf(i);
        this.pos = i;
        item = this.blockMap(column, depth + 1);
        end = item.range.end;
      } else {
        item = this.inline(i, depth + 1);
        end = this.endOfLine(item.range.end);
        this.pos = end;
      }
      items.push(item);
      const next = this.nextContentLine();
      this.checkTrailingComments(next, indent);
      if (next === -1) break;
      const column = next - this.pos;
      if (column < indent) break;
      if (column > indent) this.outside();
      if (t.charCodeAt(next) !== DASH || !this.isIndicatorEnd(next + 1)) {
        // Only a mapping key may follow a sequence at its own column; leave that to yaml.
        this.outside();
      }
      this.pos = next;
    }
    return { kind: 'seq', items: exact(items), flow: false, range: { start, end } };
  }

  private lineStartOf(i: number): number {
    return this.t.lastIndexOf('\n', i - 1) + 1;
  }

  /** True when a block mapping key (`word:` then a space or line end) starts at i. */
  private keyAhead(i: number): boolean {
    const t = this.t;
    let j = i;
    for (; j < t.length; j++) {
      const c = t.charCodeAt(j);
      if (c === COLON || c === LF || c === SPACE || c === HASH) break;
    }
    if (t.charCodeAt(j) !== COLON) return false;
    const after = t.charCodeAt(j + 1);
    return j + 1 >= t.length || after === SPACE || after === LF;
  }

  /**
   * A mapping key at i: an identifier-like plain scalar followed by `:` and a space (or, in block
   * context, the line end).
   */
  private key(i: number, flow = false): YScalar {
    const t = this.t;
    let j = i;
    for (; j < t.length; j++) {
      const c = t.charCodeAt(j);
      if (c === COLON || c === LF || c === SPACE) break;
    }
    if (t.charCodeAt(j) !== COLON || j - i > 1000) this.outside();
    const after = t.charCodeAt(j + 1);
    if (!(after === SPACE || (!flow && (j + 1 >= t.length || after === LF)))) this.outside();
    const key = this.plainKey(t.slice(i, j));
    if (key === null) this.outside();
    return { kind: 'scalar', value: key, style: 'plain', source: key, range: { start: i, end: j } };
  }

  /**
   * `text` when it is a key of the subset (identifier-like, resolved by yaml as a string), as the
   * memo's copy; else null.
   */
  private plainKey(text: string): string | null {
    const { keyMemo, keyTags } = this.resolver;
    let key = keyMemo.get(text);
    if (key === undefined) {
      key = KEY.test(text) && !keyTags.some((tag) => tag.test?.test(text)) ? text : null;
      remember(keyMemo, text, key);
    }
    return key;
  }

  /** A value written on the rest of a line, or a flow item: a scalar or a flow collection. */
  private inline(i: number, depth: number, flow = false): YNode {
    const c = this.t.charCodeAt(i);
    if (c === LBRACKET || c === LBRACE) return this.flow(i, depth);
    this.count(depth);
    if (c === DQUOTE) return this.doubleQuoted(i);
    if (c === SQUOTE) return this.singleQuoted(i);
    return flow ? this.plainFlow(i) : this.plainBlock(i);
  }

  /** A plain scalar in block context: to the end of the line or a ` #` comment. */
  private plainBlock(i: number): YScalar {
    const t = this.t;
    if (!this.plainStart(i)) this.outside();
    let j = i;
    let end = i;
    for (; j < t.length; j++) {
      const c = t.charCodeAt(j);
      if (c === LF) break;
      if (c === SPACE) {
        if (t.charCodeAt(j + 1) === HASH) break;
        continue;
      }
      if (c === COLON) {
        const after = t.charCodeAt(j + 1);
        if (j + 1 >= t.length || after === SPACE || after === LF) this.outside();
      }
      end = j + 1;
    }
    return this.plain(i, end);
  }

  /** A plain scalar in flow context: up to `,`, `]`, `}` (and no `:` or `#` anywhere). */
  private plainFlow(i: number): YScalar {
    const t = this.t;
    if (!this.plainStart(i)) this.outside();
    let j = i;
    let end = i;
    for (; j < t.length; j++) {
      const c = t.charCodeAt(j);
      if (c === COMMA || c === RBRACKET || c === RBRACE) break;
      if (
        c === LF ||
        c === COLON ||
        c === HASH ||
        c === LBRACKET ||
        c === LBRACE ||
        c === DQUOTE ||
        c === SQUOTE
      )
        this.outside();
      if (c !== SPACE) end = j + 1;
    }
    return this.plain(i, end);
  }

  /** Whether a plain scalar may start at i: not an indicator, except `-` before a digit or `.`. */
  private plainStart(i: number): boolean {
    const c = this.t.charCodeAt(i);
    if (c !== DASH) return !PLAIN_START_EXCLUDED.has(c);
    const d = this.t.charCodeAt(i + 1);
    return (d >= 0x30 && d <= 0x39) || d === 0x2e;
  }

  /** The plain scalar text[i, end), resolved by the core schema's tags exactly as yaml does. */
  private plain(i: number, end: number): YScalar {
    if (end <= i) this.outside();
    const text = this.t.slice(i, end);
    const memo = this.resolver.plainMemo;
    let plain = memo.get(text);
    if (plain === undefined) {
      plain = { source: text, value: this.resolvePlain(text) };
      remember(memo, text, plain);
    }
    const { source, value } = plain;
    return { kind: 'scalar', value, style: 'plain', source, range: { start: i, end } };
  }

  /** What yaml's core schema makes of a plain scalar (composeScalar's tag search and resolve). */
  private resolvePlain(source: string): string | number | boolean | null {
    const tag = this.resolver.tags.find((g) => g.test?.test(source));
    let v: unknown = source;
    if (tag) {
      let failed = false;
      v = tag.resolve(
        source,
        () => {
          failed = true;
        },
        this.resolver.options,
      );
      if (failed) this.outside();
      // Like composeScalar: a tag may resolve to a Scalar node (floats keep their digits).
      if (isScalar(v)) v = v.value;
    }
    const value =
      v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'
        ? v
        : this.outside();
    if (typeof value === 'string' && hasLoneSurrogate(value)) this.outside();
    return value;
  }

  /** A double-quoted scalar closed on its own line. */
  private doubleQuoted(i: number): YScalar {
    const t = this.t;
    let value = '';
    let from = i + 1;
    let j = i + 1;
    for (;;) {
      if (j >= t.length) this.outside();
      const c = t.charCodeAt(j);
      if (c === DQUOTE) break;
      if (c === LF) this.outside();
      if (c === BACKSLASH) {
        value += t.slice(from, j);
        const next = t[j + 1] ?? '';
        const simple = ESCAPES[next];
        if (simple !== undefined) {
          value += simple;
          j += 2;
        } else if (next === 'x' || next === 'u' || next === 'U') {
          const length = next === 'x' ? 2 : next === 'u' ? 4 : 8;
          const hex = t.substr(j + 2, length);
          if (hex.length !== length || !/^[0-9a-fA-F]+$/.test(hex)) this.outside();
          const code = Number.parseInt(hex, 16);
          if (code > 0x10ffff) this.outside();
          value += String.fromCodePoint(code);
          j += 2 + length;
        } else this.outside();
        from = j;
        continue;
      }
      j++;
    }
    value += t.slice(from, j);
    return this.quoted(value, 'double', i, j + 1);
  }

  /** A single-quoted scalar closed on its own line (`''` is a quote). */
  private singleQuoted(i: number): YScalar {
    const t = this.t;
    let j = i + 1;
    for (;;) {
      const q = t.indexOf("'", j);
      const nl = t.indexOf('\n', j);
      if (q === -1 || (nl !== -1 && nl < q)) this.outside();
      if (t.charCodeAt(q + 1) === SQUOTE) {
        j = q + 2;
        continue;
      }
      j = q;
      break;
    }
    return this.quoted(t.slice(i + 1, j).replace(/''/g, "'"), 'single', i, j + 1);
  }

  /** A quoted scalar's node: its source is its value (as the yaml path's `scalar` makes it). */
  private quoted(value: string, style: 'double' | 'single', start: number, end: number): YScalar {
    if (hasLoneSurrogate(value)) this.outside();
    return { kind: 'scalar', value, style, source: value, range: { start, end } };
  }

  private skipSpaces(i: number): number {
    while (this.t.charCodeAt(i) === SPACE) i++;
    return i;
  }

  /** A flow sequence or mapping opened and closed on one line. */
  private flow(open: number, depth: number): YNode {
    this.count(depth);
    const t = this.t;
    const isMap = t.charCodeAt(open) === LBRACE;
    const close = isMap ? RBRACE : RBRACKET;
    const seqItems: YNode[] = [];
    const mapItems: YPair[] = [];
    const keys = new Set<string>();
    let i = this.skipSpaces(open + 1);
    if (t.charCodeAt(i) !== close) {
      for (;;) {
        if (isMap) {
          const keyNode = this.key(i, true);
          if (keys.has(keyNode.source)) this.outside();
          keys.add(keyNode.source);
          i = this.skipSpaces(keyNode.range.end + 1);
          const value = this.inline(i, depth + 1, true);
          mapItems.push({ key: keyNode.source, keyNode, value });
          i = value.range.end;
        } else {
          const item = this.inline(i, depth + 1, true);
          seqItems.push(item);
          i = item.range.end;
        }
        i = this.skipSpaces(i);
        const c = t.charCodeAt(i);
        if (c === close) break;
        if (c !== COMMA) this.outside();
        i = this.skipSpaces(i + 1);
        const d = t.charCodeAt(i);
        if (d === close || d === COMMA || d === LF || i >= t.length) this.outside(); // trailing/empty
      }
    }
    const range = { start: open, end: i + 1 };
    return isMap
      ? { kind: 'map', items: exact(mapItems), flow: true, range }
      : { kind: 'seq', items: exact(seqItems), flow: true, range };
  }
}
