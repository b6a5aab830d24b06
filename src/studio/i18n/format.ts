/**
 * UI strings in Chinese and English. Each area of the studio keeps its own dictionary
 * (`defineStrings({ en: {...}, zh: {...} })`); the type forces both languages to have exactly the
 * same keys, so a string can never exist in one language only.
 *
 * This module holds what needs no store (tables, formatting), so modules the store itself loads
 * (workspace messages, the kernel client) can use it; i18n.ts adds the React and store side.
 */
import type { Bilingual } from '../../kernel';

export type Shape<T> = { readonly [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

export interface Strings<T> {
  readonly en: T;
  readonly zh: Shape<T>;
}

export function defineStrings<const T>(strings: { en: T; zh: Shape<T> }): Strings<T> {
  return strings;
}

const PLURALS = new Intl.PluralRules('en');

/**
 * Fills `{name}` placeholders, and chooses plural forms: `{n:row|rows}` is "row" when the English
 * plural category of `n` is "one" (Intl.PluralRules), else "rows" — "1 row", "2 rows". Chinese has
 * no plural forms, so the Chinese tables never use it.
 */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(
    /\{(\w+)(?::([^|{}]*)\|([^|{}]*))?\}/g,
    (all, key: string, one, other) => {
      if (!(key in values)) return all;
      const value = values[key] as string | number;
      if (one === undefined) return String(value);
      return PLURALS.select(Number(value)) === 'one' ? one : other;
    },
  );
}

/**
 * One string of a table in both languages, filled: a message raised outside React (a notice, a
 * worker reply) that the UI shows in whichever language is current when it is read.
 */
export function bilingual<T>(
  strings: Strings<T>,
  pick: (table: Shape<T>) => string,
  values: Record<string, string | number> = {},
): Bilingual {
  return {
    en: format(pick(strings.en as Shape<T>), values),
    zh: format(pick(strings.zh), values),
  };
}
