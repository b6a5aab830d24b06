import type { Range } from '../diagnostics/diagnostic';
import { load } from '../document/load';
import { get, isScalar, type YNode } from '../document/ynode';
import { DECISION_TABLE_KIND } from '../vocabulary/document';
import type { DisplayName } from './names';
import type { GlossLang } from './phrases';

/**
 * What gloss reads from a rule entry's source besides its compiled trees: the compiled document
 * keeps neither a decision table's column labels nor a rule's stored `gloss`. Read from one
 * entry's YAML node, so the editing path can read an entry once per distinct item text and shift
 * its ranges (`shiftEntry`) instead of re-loading the whole document.
 */
export interface EntrySource {
  /** Column labels of a decision table (field path → label; the first column of a path wins). */
  readonly labels: ReadonlyMap<string, DisplayName | string>;
  /** The stored `gloss` as the lint reads it, when the rule has one. */
  readonly gloss?: StoredGloss;
  /** The rule's `name` value (where "no stored gloss" is reported). */
  readonly nameRange: Range;
}

/** A stored `gloss` value, reduced to what the G2 lint compares and where it reports. */
export type StoredGloss =
  /** A string: the render in either language. */
  | { readonly kind: 'text'; readonly text: string; readonly range: Range }
  /** A mapping: its zh / en scalars (text undefined for a scalar that is not a string). */
  | { readonly kind: 'langs'; readonly values: readonly StoredLang[] }
  /** Anything else (a number, a list …): the lint has nothing to compare. */
  | { readonly kind: 'other' };

export interface StoredLang {
  readonly lang: GlossLang;
  readonly text: string | undefined;
  readonly range: Range;
}

function str(n: YNode | undefined): string | undefined {
  return isScalar(n) && typeof n.value === 'string' ? n.value.normalize('NFC') : undefined;
}

function labelOf(n: YNode | undefined): DisplayName | string | undefined {
  const s = str(n);
  if (s !== undefined) return s;
  if (n?.kind !== 'map') return undefined;
  const out: { zh?: string; en?: string } = {};
  for (const p of n.items) {
    const v = str(p.value);
    if ((p.key === 'zh' || p.key === 'en') && v !== undefined) out[p.key] = v;
  }
  return out;
}

function storedGloss(n: YNode): StoredGloss {
  const text = str(n);
  if (text !== undefined && isScalar(n)) return { kind: 'text', text, range: n.range };
  if (n.kind !== 'map') return { kind: 'other' };
  const values: StoredLang[] = [];
  for (const p of n.items) {
    if ((p.key === 'zh' || p.key === 'en') && isScalar(p.value))
      values.push({ lang: p.key, text: str(p.value), range: p.value.range });
  }
  return { kind: 'langs', values };
}

/** One rule item's gloss sources, by its (NFC) name; null for an item without a string name. */
export function readEntry(
  rule: YNode,
): { readonly name: string; readonly source: EntrySource } | null {
  if (rule.kind !== 'map') return null;
  const nameNode = get(rule, 'name');
  const name = str(nameNode);
  if (name === undefined || !isScalar(nameNode)) return null;
  const labels = new Map<string, DisplayName | string>();
  const when = get(rule, 'when');
  const columns = when?.kind === 'map' && str(get(when, 'kind')) === DECISION_TABLE_KIND;
  const cols = columns ? get(when, 'columns') : undefined;
  if (cols?.kind === 'seq') {
    for (const c of cols.items) {
      if (c.kind !== 'map') continue;
      const path = str(get(c, 'field'));
      const label = labelOf(get(c, 'label'));
      if (path !== undefined && label !== undefined && !labels.has(path)) labels.set(path, label);
    }
  }
  const gloss = get(rule, 'gloss');
  return {
    name,
    source: { labels, ...(gloss ? { gloss: storedGloss(gloss) } : {}), nameRange: nameNode.range },
  };
}

/** Entries by name, first definition of a name first, from the items of `rules` in order. */
export function collectEntries(items: Iterable<YNode>): Map<string, EntrySource> {
  const entries = new Map<string, EntrySource>();
  for (const item of items) {
    const entry = readEntry(item);
    if (entry && !entries.has(entry.name)) entries.set(entry.name, entry.source);
  }
  return entries;
}

/** Every entry of a document's text, read with the kernel's own loader (the whole text). */
export function readEntries(text: string): Map<string, EntrySource> {
  const root = load(text).root;
  const rules = root && get(root, 'rules');
  return rules?.kind === 'seq' ? collectEntries(rules.items) : new Map();
}

const shift = (r: Range, offset: number): Range => ({
  start: r.start + offset,
  end: r.end + offset,
});

/** An entry read from a part of the text (relative ranges), placed at `offset` in the whole. */
export function shiftEntry(source: EntrySource, offset: number): EntrySource {
  if (offset === 0) return source;
  const gloss = source.gloss;
  return {
    labels: source.labels,
    ...(gloss ? { gloss: shiftGloss(gloss, offset) } : {}),
    nameRange: shift(source.nameRange, offset),
  };
}

function shiftGloss(gloss: StoredGloss, offset: number): StoredGloss {
  switch (gloss.kind) {
    case 'text':
      return { ...gloss, range: shift(gloss.range, offset) };
    case 'langs':
      return {
        kind: 'langs',
        values: gloss.values.map((v) => ({ ...v, range: shift(v.range, offset) })),
      };
    case 'other':
      return gloss;
  }
}
