import {
  type Alias,
  type Document,
  isAlias,
  isNode,
  isPair,
  isMap as isYamlMap,
  isScalar as isYamlScalar,
  isSeq as isYamlSeq,
  parseDocument,
  type Scalar,
  visit,
  type Node as YamlNode,
} from 'yaml';
import { diagnostic } from '../diagnostics/codes';
import type { Diagnostic, Range } from '../diagnostics/diagnostic';
import { SourceText } from '../diagnostics/source-text';
import { MAX_DOCUMENT_BYTES } from '../file-limits';
import { fastFragment, fastLoad } from './fast-load';
import { decodeUtf8 } from './utf8';
import { yamlDiagnostics } from './yaml-errors';
import type { ScalarStyle, YMap, YNode, YPair, YScalar } from './ynode';

export { MAX_DOCUMENT_BYTES };
/** Nodes the expanded view may hold, and how many of them may come from alias expansion. */
export const MAX_EXPANDED_NODES = 200_000;
export const MAX_ALIAS_NODES = 10_000;
/** Nesting beyond this is refused; real documents nest < 20 levels. */
export const MAX_NESTING = 200;

export interface Loaded {
  readonly text: string;
  readonly source: SourceText;
  /** The top-level mapping, when the input parsed into one. */
  readonly root: YMap | null;
  /** True when the input is JSON (§2.4 ①): §2.3 format conventions do not apply to it. */
  readonly isJson: boolean;
  readonly diagnostics: Diagnostic[];
}

const at = (start: number, end = start): Range => ({ start, end });
const UNREADABLE = { en: 'YAML cannot read the text here', zh: 'YAML 无法读取此处的文本' };

function fail(text: string, d: Diagnostic, isJson = false): Loaded {
  return { text, source: new SourceText(text), root: null, isJson, diagnostics: [d] };
}

/** UTF-8 byte length without allocating. */
function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/**
 * Step ① Load (§2.1–§2.4): bytes or text → the expanded YAML view, with positioned diagnostics.
 * Never throws; hostile input (huge, binary, deep, alias bombs) ends in a diagnostic.
 */
export function load(input: string | Uint8Array): Loaded {
  return guarded(input, true);
}

/**
 * `load` without its fast path: every text read by `yaml`. The reference the fast path is
 * proven against (tests/fuzz/fast-load.property.test.ts); never needed otherwise.
 */
export function loadWithYaml(input: string | Uint8Array): Loaded {
  return guarded(input, false);
}

function guarded(input: string | Uint8Array, fast: boolean): Loaded {
  try {
    const prepared = prepare(input);
    if (prepared.done) return prepared.done;
    const { text, source, isJson } = prepared;
    // The fast path reads the conventional subset of YAML and returns null for anything else,
    // including anything that would be a diagnostic: yaml then reads the text as it always did.
    const root = fast ? fastLoad(text) : null;
    if (root) return { text, source, root, isJson, diagnostics: [] };
    return parsePrepared(text, source, isJson);
  } catch (e) {
    // A bug here must reach the caller as a diagnostic: compileDocument never throws.
    const detail = e instanceof Error ? e.message : String(e);
    const text = typeof input === 'string' && input.length <= MAX_DOCUMENT_BYTES ? input : '';
    return fail(text, diagnostic('ERDL-E000', at(0), { detail }));
  }
}

/** The input after the checks `load` makes before parsing, or the load result when one fails. */
export type Prepared =
  | { readonly done: Loaded }
  | {
      readonly done: null;
      readonly text: string;
      readonly source: SourceText;
      readonly isJson: boolean;
    };

/** The options every parse uses (the whole document and, in the incremental compiler, fragments). */
export const PARSE_OPTIONS = {
  // Duplicate keys are found by the expander (a Set per mapping): yaml's own check compares each
  // key with every earlier one, which is quadratic — 150,000 keys took minutes.
  uniqueKeys: false,
  strict: true,
  prettyErrors: false,
  version: '1.2',
} as const;

/**
 * The checks of step ① that come before parsing, over the whole input: size, UTF-8, BOM, control
 * characters, empty text, flow nesting, JSON detection. May throw on a kernel bug (load catches).
 */
export function prepare(input: string | Uint8Array): Prepared {
  let text: string;
  if (typeof input === 'string') {
    // A UTF-16 unit is at most 3 UTF-8 bytes (a lone high surrogate at the very end counts 4).
    const mayExceed = input.length * 3 + 1 > MAX_DOCUMENT_BYTES;
    if (
      input.length > MAX_DOCUMENT_BYTES ||
      (mayExceed && utf8Length(input) > MAX_DOCUMENT_BYTES)
    ) {
      const size = utf8Length(input);
      return {
        done: fail('', diagnostic('ERDL-E001', at(0), { size, limit: MAX_DOCUMENT_BYTES })),
      };
    }
    text = input;
  } else {
    if (input.length > MAX_DOCUMENT_BYTES) {
      return {
        done: fail(
          '',
          diagnostic('ERDL-E001', at(0), { size: input.length, limit: MAX_DOCUMENT_BYTES }),
        ),
      };
    }
    const decoded = decodeUtf8(input);
    if (!decoded.ok) {
      const pos = decoded.textBefore.length;
      return {
        done: fail(
          decoded.textBefore,
          diagnostic('ERDL-E002', at(pos, pos), { byte: decoded.byteOffset }),
        ),
      };
    }
    text = decoded.text;
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const source = new SourceText(text);
  const refused = (d: Diagnostic): Prepared => ({
    done: { text, source, root: null, isJson: false, diagnostics: [d] },
  });

  // YAML forbids C0 controls other than tab/LF/CR; report them as binary content, positioned.
  const control = firstControlCharacter(text);
  if (control !== -1) {
    const cp = text.charCodeAt(control).toString(16).toUpperCase().padStart(4, '0');
    return refused(diagnostic('ERDL-E003', at(control, control + 1), { cp }));
  }
  if (/^(\s|#[^\n]*)*$/.test(text)) return refused(diagnostic('ERDL-E004', at(0, text.length)));
  const deep = flowNestingTooDeep(text);
  if (deep !== -1) {
    return refused(diagnostic('ERDL-E008', at(deep, deep + 1), { limit: MAX_NESTING }));
  }

  // JSON (§2.4 ①) is exempt from the §2.3 YAML format conventions; a YAML flow mapping is not JSON.
  const isJson = /^\s*\{/.test(text) && isJsonText(text);
  return { done: null, text, source, isJson };
}

/** Parsing and expansion of prepared text: the rest of step ①. */
function parsePrepared(text: string, source: SourceText, isJson: boolean): Loaded {
  let doc: Document.Parsed;
  try {
    doc = parseDocument(text, PARSE_OPTIONS);
  } catch (e) {
    const detail = firstLine(String((e as Error)?.message ?? e));
    return {
      text,
      source,
      root: null,
      isJson,
      diagnostics: [
        /call stack/i.test(detail)
          ? diagnostic('ERDL-E008', at(0), { limit: MAX_NESTING })
          : { ...diagnostic('ERDL-E005', at(0), { what: UNREADABLE }), detail },
      ],
    };
  }
  const diagnostics: Diagnostic[] = [];
  const problems = [...doc.errors, ...doc.warnings];
  const nesting = problems.find((e) => /call stack/i.test(e.message));
  const multiple = problems.filter((e) => e.code === 'MULTIPLE_DOCS');
  if (nesting) {
    diagnostics.push(diagnostic('ERDL-E008', at(0), { limit: MAX_NESTING }));
  } else if (problems.length > 0) {
    const clamp = (o: number) => Math.max(0, Math.min(o, text.length));
    for (const err of multiple)
      diagnostics.push(diagnostic('ERDL-E007', at(clamp(err.pos[0]), clamp(err.pos[1]))));
    diagnostics.push(
      ...yamlDiagnostics(
        source,
        problems.filter((e) => e.code !== 'MULTIPLE_DOCS'),
        (fixed) => {
          try {
            const d = parseDocument(fixed, PARSE_OPTIONS);
            return [...d.errors, ...d.warnings];
          } catch {
            return [];
          }
        },
        // yaml reports an unclosed quote where the text ends; the error is where the quote opens.
        (err) =>
          /^Missing closing .?quote/.test(err.message) ? quotedScalarEndingAt(doc, err.pos[0]) : -1,
      ),
    );
    diagnostics.sort((a, b) => a.range.start - b.range.start);
  }
  if (diagnostics.length > 0) return { text, source, root: null, isJson, diagnostics };

  const contents = doc.contents;
  if (!contents || !isYamlMap(contents)) {
    const r = contents?.range;
    return {
      text,
      source,
      root: null,
      isJson,
      diagnostics: [diagnostic('ERDL-E009', r ? at(r[0], r[1]) : at(0, text.length))],
    };
  }
  try {
    const root = new Expander(doc, diagnostics).node(contents, 0);
    if (diagnostics.length > 0 || root === null || root.kind !== 'map')
      return { text, source, root: null, isJson, diagnostics };
    return { text, source, root, isJson, diagnostics };
  } catch (e) {
    if (e instanceof Budget)
      return { text, source, root: null, isJson, diagnostics: [e.diagnostic] };
    throw e;
  }
}

/** A part of a document parsed on its own (the incremental compiler's header and rule items). */
export interface Fragment {
  /** The expanded top node, ranges relative to the fragment's text. */
  readonly node: YNode;
  /** What the expansion reported (duplicate or non-scalar keys, lone surrogates), in order. */
  readonly diagnostics: readonly Diagnostic[];
  /** Nodes expanded (what counts against MAX_EXPANDED_NODES). */
  readonly nodes: number;
  /** Depth of the deepest node below the fragment's top node (the top node is depth 0). */
  readonly depth: number;
  /** The yaml node's range as yaml reports it: [start, value end, node end]. */
  readonly yamlRange: readonly [number, number, number];
}

/** A fast fragment's diagnostics: none (anything that would be one leaves the fast path). */
const NO_DIAGNOSTICS: readonly Diagnostic[] = Object.freeze([]);

/**
 * Parses a fragment of a document exactly as `load` parses a whole one (same options, same
 * expansion). Null when yaml reports any error or warning, when the fragment holds an anchor, an
 * alias or a tag, or when a budget is exceeded: the caller must then parse the whole document.
 *
 * Like `load`, it reads the text by the fast path (fast-load.ts `fastFragment`) when the text is
 * in its subset and by `yaml` otherwise; tests/fuzz/fast-load.property.test.ts proves both give
 * the same fragment (tree, diagnostics, node count, depth and yaml range).
 */
export function loadFragment(text: string): Fragment | null {
  const fast = fastFragment(text);
  if (fast) {
    const { node, nodes, depth, yamlRange } = fast;
    return { node, diagnostics: NO_DIAGNOSTICS, nodes, depth, yamlRange };
  }
  return loadFragmentWithYaml(text);
}

/**
 * `loadFragment` without its fast path: every fragment read by `yaml`. The reference the fast
 * path is proven against; never needed otherwise.
 */
export function loadFragmentWithYaml(text: string): Fragment | null {
  let doc: Document.Parsed;
  try {
    doc = parseDocument(text, PARSE_OPTIONS);
  } catch {
    return null;
  }
  if (doc.errors.length > 0 || doc.warnings.length > 0) return null;
  const contents = doc.contents;
  if (!contents?.range) return null;
  const diagnostics: Diagnostic[] = [];
  const expander = new Expander(doc, diagnostics);
  if (!expander.plain) return null;
  let node: YNode | null;
  try {
    node = expander.node(contents, 0);
  } catch (e) {
    if (e instanceof Budget) return null;
    throw e;
  }
  if (!node) return null;
  const [start, valueEnd, nodeEnd] = contents.range;
  return {
    node,
    diagnostics,
    nodes: expander.count,
    depth: expander.maxDepth,
    yamlRange: [start, valueEnd, nodeEnd],
  };
}

function isJsonText(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Start of the quoted scalar whose text ends at `end`, or -1. */
function quotedScalarEndingAt(doc: Document.Parsed, end: number): number {
  let start = -1;
  visit(doc, {
    Scalar: (_key, node) => {
      const r = node.range;
      if (r && r[1] === end && (node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE')) {
        start = r[0];
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return start;
}

/** C0 controls other than tab, LF and CR, and DEL. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/;

/** Offset of the first C0 control (other than tab, LF, CR) or DEL, or -1. */
function firstControlCharacter(text: string): number {
  return text.search(CONTROL);
}

function firstLine(message: string): string {
  const line = message.split('\n')[0] ?? message;
  return line.replace(/ at line \d+, column \d+:?$/, '');
}

/**
 * Scan flow brackets outside quotes and comments; returns the offset where depth passes the limit.
 * Jumps from one character that matters to the next (a regex search per jump, no match object)
 * instead of reading every character in JavaScript: the 1,000-rule document is 560 KB.
 */
function flowNestingTooDeep(text: string): number {
  let depth = 0;
  let i = 0;
  for (;;) {
    FLOW_MARK.lastIndex = i;
    if (!FLOW_MARK.test(text)) return -1;
    i = FLOW_MARK.lastIndex - 1;
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      // To the closing quote; a backslash escapes the character after it.
      let j = i + 1;
      for (;;) {
        DOUBLE_QUOTED_MARK.lastIndex = j;
        if (!DOUBLE_QUOTED_MARK.test(text)) return -1;
        j = DOUBLE_QUOTED_MARK.lastIndex - 1;
        if (text.charCodeAt(j) !== 0x5c /* \\ */) break;
        j += 2;
      }
      i = j + 1;
    } else if (c === 0x27 /* ' */) {
      const j = text.indexOf("'", i + 1);
      if (j === -1) return -1;
      i = j + 1;
    } else if (c === 0x23 /* # */) {
      if (i === 0 || /\s/.test(text[i - 1] ?? '')) {
        const nl = text.indexOf('\n', i);
        if (nl === -1) return -1;
        i = nl + 1;
      } else i++;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > MAX_NESTING) return i;
      i++;
    } else {
      if (depth > 0) depth--; // ] or }
      i++;
    }
  }
}

/** What flowNestingTooDeep stops at: quotes, a comment sign and flow brackets. */
const FLOW_MARK = /["'#[\]{}]/g;
/** The end of a double-quoted scalar, or a backslash in it. */
const DOUBLE_QUOTED_MARK = /["\\]/g;

class Budget extends Error {
  constructor(readonly diagnostic: Diagnostic) {
    super('budget');
  }
}

/**
 * Converts the yaml AST to the YNode view, expanding aliases under a node budget. Aliases are
 * resolved from one pass over the document (yaml's `Alias.resolve` walks the whole document for
 * every alias: 9,000 aliases in a 200 KB document took two minutes).
 */
class Expander {
  /** Nodes expanded so far (the MAX_EXPANDED_NODES budget). */
  count = 0;
  /** The deepest node expanded so far. */
  maxDepth = 0;
  /** False when the document holds an anchor, an alias or an explicit tag. */
  plain = true;
  private aliasCount = 0;
  /** Each alias's target: the last node before it with that anchor (YAML 1.2 §3.2.2.2). */
  private readonly targets = new Map<Alias, YamlNode>();
  /** The alias (as written) whose expansion is in progress, where an alias bomb is reported. */
  private expanding: Range | null = null;

  constructor(
    doc: Document.Parsed,
    private readonly diagnostics: Diagnostic[],
  ) {
    const anchors = new Map<string, YamlNode>();
    visit(doc, {
      Node: (_key, node) => {
        if (isAlias(node)) {
          this.plain = false;
          const target = anchors.get(node.source);
          if (target) this.targets.set(node, target);
        } else if (isNode(node)) {
          if (node.anchor) {
            this.plain = false;
            anchors.set(node.anchor, node);
          }
          if (node.tag) this.plain = false;
        }
      },
    });
  }

  /** Text must be well-formed Unicode: an unpaired surrogate (a "\uD800" escape) has no NFC form
   * and no agreed canonical bytes (RFC 8785 / I-JSON), so it cannot be hashed reproducibly. */
  private checked(y: YScalar): YScalar {
    if (typeof y.value === 'string' && hasLoneSurrogate(y.value)) {
      this.diagnostics.push(diagnostic('ERDL-E013', y.range));
    }
    return y;
  }

  node(n: unknown, depth: number, viaAlias = false): YNode | null {
    if (viaAlias && ++this.aliasCount > MAX_ALIAS_NODES)
      throw new Budget(
        diagnostic('ERDL-E006', this.expanding ?? rangeOf(n), { limit: MAX_ALIAS_NODES }),
      );
    if (++this.count > MAX_EXPANDED_NODES)
      throw new Budget(diagnostic('ERDL-E012', rangeOf(n), { limit: MAX_EXPANDED_NODES }));
    if (depth > MAX_NESTING)
      throw new Budget(diagnostic('ERDL-E008', rangeOf(n), { limit: MAX_NESTING }));
    if (depth > this.maxDepth) this.maxDepth = depth;
    if (isAlias(n)) {
      const target = this.targets.get(n);
      if (!target) {
        this.diagnostics.push(diagnostic('ERDL-E024', rangeOf(n), { name: n.source }));
        return null;
      }
      const outer = this.expanding === null;
      if (outer) this.expanding = rangeOf(n);
      const y = this.node(target, depth + 1, true);
      if (outer) this.expanding = null;
      return y;
    }
    if (isYamlScalar(n)) return this.checked(scalar(n));
    if (isYamlSeq(n)) {
      const items: YNode[] = [];
      for (const item of n.items) {
        const y = this.node(item, depth + 1, viaAlias);
        if (y) items.push(y);
      }
      return { kind: 'seq', items, flow: n.flow === true, range: rangeOf(n) };
    }
    if (isYamlMap(n)) {
      const items: YPair[] = [];
      const keys = new Set<string>();
      for (const pair of n.items) {
        if (!isPair(pair)) continue;
        const k = pair.key;
        if (
          !isYamlScalar(k) ||
          (typeof k.value !== 'string' &&
            typeof k.value !== 'number' &&
            typeof k.value !== 'boolean')
        ) {
          this.diagnostics.push(diagnostic('ERDL-E011', rangeOf(k)));
          continue;
        }
        const keyNode = this.checked(scalar(k));
        const key = String(k.value);
        if (keys.has(key)) {
          // Reported where it is written, not again at every alias that repeats the mapping.
          if (!viaAlias) this.diagnostics.push(diagnostic('ERDL-E010', keyNode.range, { key }));
          continue;
        }
        keys.add(key);
        const value =
          pair.value === null || pair.value === undefined
            ? emptyValue(keyNode)
            : this.node(pair.value, depth + 1, viaAlias);
        if (!value) continue;
        items.push({ key, keyNode, value });
      }
      return { kind: 'map', items, flow: n.flow === true, range: rangeOf(n) };
    }
    this.diagnostics.push({
      ...diagnostic('ERDL-E005', rangeOf(n), { what: UNREADABLE }),
      detail: 'unsupported YAML node',
    });
    return null;
  }
}

function rangeOf(n: unknown): Range {
  const r = (n as YamlNode | undefined)?.range;
  return r ? { start: r[0], end: r[1] } : { start: 0, end: 0 };
}

function emptyValue(key: YScalar): YScalar {
  return {
    kind: 'scalar',
    value: null,
    style: 'plain',
    source: '',
    range: { start: key.range.end, end: key.range.end },
  };
}

export function hasLoneSurrogate(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
      else return true;
    } else if (c >= 0xdc00 && c <= 0xdfff) return true;
  }
  return false;
}

function scalarStyle(type: Scalar['type']): ScalarStyle {
  switch (type) {
    case 'QUOTE_DOUBLE':
      return 'double';
    case 'QUOTE_SINGLE':
      return 'single';
    case 'BLOCK_FOLDED':
    case 'BLOCK_LITERAL':
      return 'block';
    default:
      return 'plain';
  }
}

function scalar(n: Scalar): YScalar {
  const v = n.value;
  const value =
    v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'
      ? v
      : String(v);
  const style = scalarStyle(n.type);
  const source =
    style === 'plain' && typeof n.source === 'string'
      ? n.source
      : typeof value === 'string'
        ? value
        : String(value);
  return { kind: 'scalar', value, style, source, range: rangeOf(n) };
}
