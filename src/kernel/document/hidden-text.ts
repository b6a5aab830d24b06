import { diagnostic } from '../diagnostics/codes';
import type { Bilingual, Diagnostic, Fix, Range } from '../diagnostics/diagnostic';
import type { SourceText } from '../diagnostics/source-text';
import { nfc } from '../tree/literal';
import {
  findHidden,
  hasBidi,
  hasHidden,
  hiddenCharName,
  revealInline,
  stripHidden,
} from '../util/visible-text';
import type { YNode, YScalar } from './ynode';

export { hiddenCharName };

/**
 * Text that reads as it runs (issue #35, Trojan Source / CVE-2021-42574; ruling I-88 in
 * docs/interpretations.md). Every string of a document — keys, names, values (in lists, table
 * cells, expressions, regexes), field paths, labels, messages, metadata — and every comment is
 * scanned for the characters visible-text.ts calls hidden:
 *
 * - a bidi control (U+202A–202E, U+2066–2069, U+200E/200F, U+061C) reorders what is displayed
 *   around it, so the text a reviewer reads is not the text that runs: **ERDL-E025**, an error
 *   (fail closed, as rustc's `text_direction_codepoint_in_literal` lint denies by default);
 * - an invisible character (any other format character, Cf, and the blank fillers) makes a name
 *   or value differ from one that looks the same: **ERDL-W026**, a warning.
 *
 * One diagnostic per scalar (or per line, outside scalars), positioned from its first hidden
 * character to its last, naming each distinct character, with a fix that deletes every one of them
 * as written: the character itself, or its escape (`\u202E`, `\U0000202E`, `\xAD`, a `\uD8xx\uDCxx`
 * pair) in a double-quoted or JSON string.
 *
 * Rule names (and table rows' names) equal once their hidden characters are removed are an error
 * too (**ERDL-E215**, **ERDL-E519**): two rules must not look alike.
 *
 * Nothing here changes what compiles: the canonical tree and every hash keep the characters as
 * written; only what is reported (and, elsewhere, what is shown) changes.
 */

/** A hidden character as written in the source: its extent there (an escape spans several). */
interface Written {
  readonly start: number;
  readonly end: number;
  readonly codePoint: number;
  readonly bidi: boolean;
}

/** What the scan covers: a range of the source and the nodes written there. */
export interface HiddenScan {
  /** The part of the source text scanned for literal characters (default: all of it). */
  readonly from?: number;
  readonly to?: number;
  /** A block sequence whose items are not walked (the incremental compiler scans each item). */
  readonly skipItemsOf?: YNode;
}

/** A backslash escape that may decode to a hidden character (a quick filter, not a parser). */
const MAY_ESCAPE = /\\[uUx]/;
/** Characters of a message's quoted text around the first hidden character. */
const SHOWN = 80;
/** Distinct characters named in one message; the rest are counted. */
const NAMED = 4;

/**
 * ERDL-E025 / ERDL-W026 for the hidden characters of a document (or of a part of it: `scan`), in
 * source order. `root`: the document's (or the part's) node tree, ranges in `source`.
 */
export function checkHiddenText(
  source: SourceText,
  root: YNode,
  scan: HiddenScan = {},
): Diagnostic[] {
  const text = source.text;
  const from = scan.from ?? 0;
  const to = scan.to ?? text.length;
  const region = from === 0 && to === text.length ? text : text.slice(from, to);
  const literal = findHidden(region);
  if (literal.length === 0 && !MAY_ESCAPE.test(region)) return [];

  /** Hidden characters per scalar (by its start) and, outside scalars, per line. */
  const inScalar = new Map<number, { readonly scalar: YScalar; readonly chars: Written[] }>();
  const onLine = new Map<number, Written[]>();
  const addTo = (scalar: YScalar, w: Written) => {
    const group = inScalar.get(scalar.range.start);
    if (group) group.chars.push(w);
    else inScalar.set(scalar.range.start, { scalar, chars: [w] });
  };
  for (const h of literal) {
    const start = h.index + from;
    const w = { start, end: start + h.length, codePoint: h.codePoint, bidi: h.kind === 'bidi' };
    const scalar = scalarAt(root, start, scan.skipItemsOf);
    if (scalar) addTo(scalar, w);
    else {
      const line = source.position(start).line;
      const group = onLine.get(line);
      if (group) group.push(w);
      else onLine.set(line, [w]);
    }
  }
  // Escapes: each double-quoted scalar holding a candidate (`\u`, `\U`, `\x`) is read once, from
  // its opening quote, so an escaped backslash (`\\u200B`) is never taken for an escape.
  const read = new Set<number>();
  const candidate = new RegExp(MAY_ESCAPE.source, 'g');
  candidate.lastIndex = from;
  for (let m = candidate.exec(text); m && m.index < to; m = candidate.exec(text)) {
    const scalar = scalarAt(root, m.index, scan.skipItemsOf);
    if (scalar?.style !== 'double' || read.has(scalar.range.start)) continue;
    read.add(scalar.range.start);
    for (const w of escapedHidden(text, scalar.range.start, scalar.range.end)) addTo(scalar, w);
  }

  const out: { at: number; d: Diagnostic }[] = [];
  inScalar.forEach(({ scalar, chars }) => {
    const shown =
      typeof scalar.value === 'string'
        ? scalar.value
        : text.slice(scalar.range.start, scalar.range.end);
    chars.sort((a, b) => a.start - b.start);
    out.push({ at: (chars[0] as Written).start, d: report(shown, chars) });
  });
  onLine.forEach((chars, line) => {
    const start = source.lineStart(line);
    const eol = text.indexOf('\n', start);
    const shown = text.slice(start, eol === -1 ? text.length : eol).trim();
    out.push({ at: (chars[0] as Written).start, d: report(shown, chars) });
  });
  return out.sort((a, b) => a.at - b.at).map((x) => x.d);
}

const inside = (n: YNode, at: number) => n.range.start <= at && at < n.range.end;

/**
 * The scalar (a key or a value) whose text holds offset `at`, found by descending from `root`
 * through the collections that hold it; null outside every scalar (a comment, the indentation).
 * An alias's expansion repeats its anchor's ranges, but the anchor comes first and is found.
 * `skip`: a sequence whose items are not entered (their ranges are another text's).
 */
function scalarAt(root: YNode, at: number, skip: YNode | undefined): YScalar | null {
  let n: YNode = root;
  for (;;) {
    if (n.kind === 'scalar') return inside(n, at) ? n : null;
    if (n === skip) return null;
    let next: YNode | undefined;
    if (n.kind === 'map') {
      const items = n.items;
      // Pairs are in source order: a binary search by key start, then the pairs around it.
      let lo = 0;
      let hi = items.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if ((items[mid] as (typeof items)[number]).keyNode.range.start <= at) lo = mid;
        else hi = mid - 1;
      }
      const p = items[lo];
      if (p && inside(p.keyNode, at)) return p.keyNode;
      if (p && inside(p.value, at)) next = p.value;
      else
        for (const q of items) {
          if (inside(q.keyNode, at)) return q.keyNode;
          if (inside(q.value, at)) {
            next = q.value;
            break;
          }
        }
    } else {
      const items = n.items;
      let lo = 0;
      let hi = items.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if ((items[mid] as YNode).range.start <= at) lo = mid;
        else hi = mid - 1;
      }
      const c = items[lo];
      next = c && inside(c, at) ? c : items.find((item) => inside(item, at));
    }
    if (!next) return null;
    n = next;
  }
}

const HEX = /^[0-9A-Fa-f]+$/;

/** The code point an `\x`, `\u` or `\U` escape at `at` writes, and where the escape ends. */
function escapeAt(text: string, at: number, end: number): { cp: number; end: number } | null {
  const width = { x: 2, u: 4, U: 8 }[text[at + 1] as 'x' | 'u' | 'U'];
  if (width === undefined || at + 2 + width > end) return null;
  const hex = text.slice(at + 2, at + 2 + width);
  return HEX.test(hex) ? { cp: Number.parseInt(hex, 16), end: at + 2 + width } : null;
}

/** The hidden characters written as escapes in a double-quoted scalar's text [at, end). */
function escapedHidden(text: string, at: number, end: number): Written[] {
  const out: Written[] = [];
  for (let i = at; i < end; ) {
    if (text.charCodeAt(i) !== 0x5c /* \ */) {
      i++;
      continue;
    }
    const e = escapeAt(text, i, end);
    if (!e) {
      i += 2; // `\\`, `\"`, `\n` …: the escaped character is never the start of another escape
      continue;
    }
    let { cp, end: next } = e;
    // A surrogate pair written as two escapes (JSON's way to write U+E0041) is one character.
    if (cp >= 0xd800 && cp <= 0xdbff && text[next] === '\\' && text[next + 1] === 'u') {
      const low = escapeAt(text, next, end);
      if (low && low.cp >= 0xdc00 && low.cp <= 0xdfff) {
        cp = 0x10000 + ((cp - 0xd800) << 10) + (low.cp - 0xdc00);
        next = low.end;
      }
    }
    if (cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff)) {
      const ch = String.fromCodePoint(cp);
      if (hasHidden(ch)) out.push({ start: i, end: next, codePoint: cp, bidi: hasBidi(ch) });
    }
    i = next;
  }
  return out;
}

/** The diagnostic for one scalar's (or line's) hidden characters, in source order. */
function report(shown: string, chars: readonly Written[]): Diagnostic {
  const first = chars[0] as Written;
  const last = chars[chars.length - 1] as Written;
  const bidi = chars.some((c) => c.bidi);
  const fix: Fix = {
    title: { en: 'Remove the hidden characters', zh: '删除隐藏字符' },
    edits: chars.map((c) => ({ range: { start: c.start, end: c.end }, newText: '' })),
  };
  return diagnostic(
    bidi ? 'ERDL-E025' : 'ERDL-W026',
    { start: first.start, end: last.end },
    { text: excerpt(shown), chars: describeChars(chars) },
    fix,
  );
}

/** The text as a message quotes it: one line, hidden characters shown, around the first of them. */
function excerpt(text: string): string {
  const shown = revealInline(text);
  if (shown.length <= SHOWN) return shown;
  const at = Math.max(0, shown.indexOf('⟨U+'));
  const start = Math.max(0, Math.min(at - 20, shown.length - (SHOWN - 1)));
  const head = start > 0 ? '…' : '';
  const body = shown.slice(start, start + SHOWN - 1 - head.length);
  return `${head}${body}${start + body.length < shown.length ? '…' : ''}`;
}

/** The distinct characters, in order of appearance, each named once with its count. */
function describeChars(chars: readonly Written[]): Bilingual {
  const counts = new Map<number, number>();
  for (const c of chars) counts.set(c.codePoint, (counts.get(c.codePoint) ?? 0) + 1);
  const named = [...counts].slice(0, NAMED).map(([cp, n]) => {
    const name = hiddenCharName(cp);
    const times = n > 1 ? ` ×${n}` : '';
    return { en: `${name.en}${times}`, zh: `${name.zh}${times}` };
  });
  const more = counts.size - named.length;
  const en = named.map((x) => x.en);
  const zh = named.map((x) => x.zh).join('、');
  const enList =
    more > 0
      ? `${en.join(', ')} and ${more} more`
      : en.length > 1
        ? `${en.slice(0, -1).join(', ')} and ${en[en.length - 1]}`
        : (en[0] as string);
  return { en: enList, zh: more > 0 ? `${zh}等 ${counts.size} 种字符` : zh };
}

/** A rule's name as written (NFC, as the validator reads it) and where, when it is a string. */
export interface NameAt {
  readonly value: string;
  readonly range: Range;
}

/** The `name` of a rule item, when it is a string. */
export function ruleNameAt(item: YNode): NameAt | null {
  if (item.kind !== 'map') return null;
  const n = item.items.find((p) => p.key === 'name')?.value;
  return n?.kind === 'scalar' && typeof n.value === 'string'
    ? { value: nfc(n.value), range: n.range }
    : null;
}

/** The names of the rule items of `rules` (the document's `rules` node), in order. */
export function ruleNames(rules: YNode | undefined): NameAt[] {
  const out: NameAt[] = [];
  if (rules?.kind !== 'seq') return out;
  for (const item of rules.items) {
    const n = ruleNameAt(item);
    if (n) out.push(n);
  }
  return out;
}

/**
 * ERDL-E215: a rule name equal to an earlier one once hidden characters are removed from both,
 * reported on the later one and naming the first. An exact repeat is ERDL-E204's, not reported
 * again (one error, not two).
 */
export function lookalikeRuleNames(source: SourceText, names: readonly NameAt[]): Diagnostic[] {
  if (!names.some((n) => hasHidden(n.value))) return [];
  const out: Diagnostic[] = [];
  const exact = new Set<string>();
  const visible = new Map<string, NameAt>();
  for (const n of names) {
    if (exact.has(n.value)) continue;
    exact.add(n.value);
    const key = stripHidden(n.value);
    const first = visible.get(key);
    if (first === undefined) visible.set(key, n);
    else
      out.push(
        diagnostic('ERDL-E215', n.range, {
          name: n.value,
          first: first.value,
          line: source.position(first.range.start).line,
        }),
      );
  }
  return out;
}
