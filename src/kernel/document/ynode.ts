import type { Range } from '../diagnostics/diagnostic';
import { enQuote, zhQuote } from '../util/quote';

/**
 * A small, immutable view of the parsed YAML that the validator and compilers read: every node
 * keeps its source range and, for scalars, the quoting style and original source text (numbers
 * are canonicalized from their source, never from a lossy JS double). Aliases are already
 * expanded (under a budget) when this view is built.
 */
export type ScalarStyle = 'plain' | 'double' | 'single' | 'block';

export interface YScalar {
  readonly kind: 'scalar';
  readonly value: string | number | boolean | null;
  readonly style: ScalarStyle;
  /** The scalar as written (for plain scalars: the exact source characters). */
  readonly source: string;
  readonly range: Range;
}

/**
 * A mapping entry. Its extent, from `keyNode.range.start` to `value.range.end`, is not stored: the
 * node tree lives through the whole compile, and a range object per pair was over a tenth of the
 * 1,000-rule document's tree (9.1 → 8.1 MB without them).
 */
export interface YPair {
  readonly key: string;
  readonly keyNode: YScalar;
  readonly value: YNode;
}

export interface YMap {
  readonly kind: 'map';
  readonly items: readonly YPair[];
  readonly flow: boolean;
  readonly range: Range;
}

export interface YSeq {
  readonly kind: 'seq';
  readonly items: readonly YNode[];
  readonly flow: boolean;
  readonly range: Range;
}

export type YNode = YScalar | YMap | YSeq;

export function isMap(n: YNode | undefined): n is YMap {
  return n?.kind === 'map';
}
export function isSeq(n: YNode | undefined): n is YSeq {
  return n?.kind === 'seq';
}
export function isScalar(n: YNode | undefined): n is YScalar {
  return n?.kind === 'scalar';
}

export function getPair(map: YMap, key: string): YPair | undefined {
  return map.items.find((p) => p.key === key);
}

export function get(map: YMap, key: string): YNode | undefined {
  return getPair(map, key)?.value;
}

/** A short English/Chinese description of what a node is, for "expected X, got Y" messages. */
export function describe(n: YNode): { en: string; zh: string } {
  if (n.kind === 'map') return { en: 'a mapping', zh: '映射' };
  if (n.kind === 'seq') return { en: 'a list', zh: '列表' };
  if (n.value === null) return { en: 'null', zh: '空值' };
  if (typeof n.value === 'number') return { en: `the number ${n.source}`, zh: `数字 ${n.source}` };
  if (typeof n.value === 'boolean')
    return { en: `the boolean ${n.value}`, zh: `布尔值 ${n.value}` };
  return { en: `the string ${enQuote(n.value)}`, zh: `字符串${zhQuote(n.value)}` };
}

/** Plain JS value of a node (used for fixes and tests, never for canonical numbers). */
export function toPlain(n: YNode): unknown {
  if (n.kind === 'scalar') return n.value;
  if (n.kind === 'seq') return n.items.map(toPlain);
  const out: Record<string, unknown> = {};
  for (const p of n.items) out[p.key] = toPlain(p.value);
  return out;
}
