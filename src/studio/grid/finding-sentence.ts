import { groupedNumber } from '../../kernel/util/sizes';
import type { PositionedDiagnostic } from '../../worker/kernel-protocol';
import { format } from '../i18n/i18n';
import type { Lang } from '../store/types';

/** The phrases a finding sentence is built from (the grid string table's `finding` group). */
export interface FindingPhrases {
  readonly neverFires: string;
  readonly repeats: string;
  readonly excludes: string;
  readonly overlaps: string;
  readonly uncovered: string;
  readonly goesTo: string;
  readonly listSeparator: string;
  /** Two sentences in a row (`{first} {second}` in English, no space in Chinese). */
  readonly twoSentences: string;
  readonly yes: string;
  readonly no: string;
  readonly nullValue: string;
  readonly quoteOpen: string;
  readonly quoteClose: string;
}

/**
 * A number as the gloss and the review report write it, the same in both languages: grouped by
 * thousands, every digit of the decimal it was written as (kernel util/sizes.ts groupedNumber).
 */
export function formatNumber(n: number, _lang: Lang): string {
  return groupedNumber(n);
}

/** The leaves of a fact: [field path, value]; lists are leaves. */
export function factLeaves(fact: unknown, prefix = ''): [string, unknown][] {
  if (fact === null || typeof fact !== 'object' || Array.isArray(fact))
    return prefix ? [[prefix, fact]] : [];
  return Object.entries(fact as Record<string, unknown>).flatMap(([k, v]) =>
    factLeaves(v, prefix ? `${prefix}.${k}` : k),
  );
}

/** A value of a fact as the UI language writes it (numbers grouped, text in quotes). */
export function formatValue(v: unknown, lang: Lang, p: FindingPhrases): string {
  if (typeof v === 'number') return formatNumber(v, lang);
  if (typeof v === 'string') return `${p.quoteOpen}${v}${p.quoteClose}`;
  if (typeof v === 'boolean') return v ? p.yes : p.no;
  if (v === null) return p.nullValue;
  return JSON.stringify(v);
}

/** A counterexample fact in display names and formatted values: "credit score 699.5, amount 4,999". */
export function describeExample(
  fact: unknown,
  lang: Lang,
  p: FindingPhrases,
  nameOf: (path: string) => string,
): string {
  return factLeaves(fact)
    .map(([path, v]) => `${nameOf(path)} ${formatValue(v, lang, p)}`)
    .join(p.listSeparator);
}

/**
 * A table finding as a sentence in the row's findings cell, or null for findings without one
 * (the kernel's message is then shown).
 */
export function findingSentence(
  d: Pick<PositionedDiagnostic, 'code' | 'example'>,
  lang: Lang,
  p: FindingPhrases,
  nameOf: (path: string) => string,
): string | null {
  const ex = d.example;
  const fact = ex ? describeExample(ex.fact, lang, p, nameOf) : '';
  const first = ex?.firstMatch;
  const goesTo = first ? format(p.goesTo, { fact, row: first.row, decision: first.decision }) : '';
  switch (d.code) {
    case 'ERDL-W509': {
      if (!first || !ex?.takenBy) return null;
      const rows = ex.takenBy[lang];
      return format(p.twoSentences, { first: format(p.neverFires, { rows }), second: goesTo });
    }
    case 'ERDL-W512': {
      const repeats = ex?.takenBy ? format(p.repeats, { rows: ex.takenBy[lang] }) : null;
      if (!repeats) return null;
      return first ? format(p.twoSentences, { first: repeats, second: goesTo }) : repeats;
    }
    case 'ERDL-W514':
      return p.excludes;
    case 'ERDL-W510':
      return first ? format(p.overlaps, { row: first.row, decision: first.decision, fact }) : null;
    case 'ERDL-W511':
      return ex ? format(p.uncovered, { fact }) : null;
    default:
      return null;
  }
}

/** Analysis findings whose kernel message names a column by its field path (I513's reason). */
const NAMES_COLUMNS: ReadonlySet<string> = new Set(['ERDL-I513', 'ERDL-W511']);

/**
 * A finding's kernel message as the row shows it when it has no sentence of its own: the table's
 * field paths in an analysis finding written as their display names ("a cell on credit score
 * uses starts_with…"; zh "信用评分列的单元格…").
 */
export function findingMessage(
  d: Pick<PositionedDiagnostic, 'code' | 'message'>,
  lang: Lang,
  fields: readonly string[],
  nameOf: (path: string) => string,
): string {
  const text = d.message[lang];
  return NAMES_COLUMNS.has(d.code) ? inDisplayNames(text, fields, nameOf) : text;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const CJK_END = /[\u3400-\u9fff]$/;

/** `text` with each of `fields` (a whole path, not part of a longer one) written as its name. */
export function inDisplayNames(
  text: string,
  fields: readonly string[],
  nameOf: (path: string) => string,
): string {
  let out = text;
  for (const field of [...new Set(fields)].sort((a, b) => b.length - a.length)) {
    const name = nameOf(field);
    if (name === field || name === '') continue;
    // A Chinese name joins the Chinese after it without the space a path needed.
    const space = CJK_END.test(name) ? '(?: (?=[\\u3400-\\u9fff]))?' : '';
    const path = new RegExp(`(?<![\\w.])${escapeRegExp(field)}(?![\\w]|\\.\\w)${space}`, 'g');
    out = out.replace(path, () => name);
  }
  return out;
}
