import { format, type Shape } from '../../../i18n/format';
import type { UncoveredRegion } from '../../../kernel/table-analysis/gap-regions';
import type { UncoveredOutcome } from '../../../kernel/table-analysis/uncovered-outcome';
import { groupedDecimal } from '../../../kernel/util/sizes';
import { decisionInfo } from '../../../kernel/vocabulary/decisions';
import type { Lang } from '../../store/types';
import { type FindingPhrases, factLeaves, formatValue } from '../finding-sentence';
import type { bandStrings } from './strings';

/**
 * The uncovered-inputs band's sentences (issue 36 §5, ruling I-93), pure so that tests read them:
 * what happens to inputs no row matches — the document's fallback decision, "unless another rule
 * decides" when another rule may, a warning when the fallback does not block — and each region's
 * example in display names and formatted values, saying where the example stands for more.
 */
export type BandPhrases = Shape<(typeof bandStrings)['en']>;

/** A decision in a sentence: `DENY (block)`, `DENY（拦截）`. */
export function decisionWord(name: string, lang: Lang, t: BandPhrases): string {
  const info = decisionInfo(name);
  return info ? format(t.decision, { name, word: info[lang] }) : name;
}

/** The band's first sentence, and whether the band is a warning (the inputs are let through). */
export function outcomeSentence(
  o: UncoveredOutcome,
  lang: Lang,
  t: BandPhrases,
): { readonly text: string; readonly warning: boolean } {
  if (o.fallback === null) return { text: t.outcome.unknown, warning: true };
  const decision = decisionWord(o.fallback, lang, t);
  const template = o.blocking
    ? o.othersMayDecide
      ? t.outcome.decidesUnless
      : t.outcome.decides
    : o.othersMayDecide
      ? t.outcome.allowsUnless
      : t.outcome.allows;
  return { text: format(template, { decision }), warning: !o.blocking };
}

/** Values listed at most in "any other text (not …)". */
const MAX_VALUES = 5;

/**
 * The region's inputs: each field by its display name — a value a person writes, "any value",
 * "strictly between 699 and 700 (such as 699.5)", "any other text (not “gold” or “platinum”)".
 */
export function regionInputs(
  region: Pick<UncoveredRegion, 'fact' | 'notes'>,
  lang: Lang,
  t: BandPhrases,
  p: FindingPhrases,
  nameOf: (path: string) => string,
): string {
  return factLeaves(region.fact)
    .map(([path, v]) => {
      const name = nameOf(path);
      const note = region.notes.find((n) => n.path === path);
      const value = formatValue(v, lang, p);
      if (!note) return format(t.example.value, { name, value });
      switch (note.kind) {
        case 'any':
          return format(t.example.any, { name });
        case 'between':
          if (note.lower === null || note.upper === null)
            return format(t.example.value, { name, value });
          return format(t.example.between, {
            name,
            // Exact decimal texts, grouped without a round trip through a double.
            lower: groupedDecimal(note.lower),
            upper: groupedDecimal(note.upper),
            value,
          });
        case 'otherText':
          return format(t.example.otherText, { name, values: valueList(note.except, lang, t, p) });
      }
      return format(t.example.value, { name, value });
    })
    .join(p.listSeparator);
}

function valueList(
  values: readonly string[],
  lang: Lang,
  t: BandPhrases,
  p: FindingPhrases,
): string {
  const shown = values.slice(0, MAX_VALUES).map((v) => formatValue(v, lang, p));
  if (values.length > MAX_VALUES)
    return format(t.example.moreValues, { values: shown.join(t.example.valueSeparator) });
  if (shown.length < 2) return shown.join('');
  return `${shown.slice(0, -1).join(t.example.valueSeparator)}${t.example.valueOr}${shown.at(-1)}`;
}

/** For each field whose example is off the column's grid: only such values fall in the region. */
export function offGridSentences(
  region: Pick<UncoveredRegion, 'notes'>,
  t: BandPhrases,
  nameOf: (path: string) => string,
): string[] {
  return region.notes.flatMap((n) =>
    n.kind !== 'between'
      ? []
      : [
          n.places === 0
            ? format(t.offGrid.whole, { name: nameOf(n.path) })
            : format(t.offGrid.places, { name: nameOf(n.path), places: n.places }),
        ],
  );
}
