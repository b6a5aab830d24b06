/**
 * UI strings in Chinese and English. Each area of the studio keeps its own dictionary
 * (`defineStrings({ en: {...}, zh: {...} })`); the type forces both languages to have exactly the
 * same keys, so a string can never exist in one language only.
 */
import type { Bilingual } from '../../kernel';
import { studioStore, useStudio } from '../store';
import type { Lang } from '../store/types';

type Shape<T> = { readonly [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

export interface Strings<T> {
  readonly en: T;
  readonly zh: Shape<T>;
}

export function defineStrings<const T>(strings: { en: T; zh: Shape<T> }): Strings<T> {
  return strings;
}

/** The dictionary in the current UI language (re-renders when the language switches). */
export function useT<T>(strings: Strings<T>): Shape<T> {
  const lang = useStudio((s) => s.lang);
  return strings[lang] as Shape<T>;
}

/** Outside React (notices, confirm dialogs). */
export function currentLang(): Lang {
  return studioStore.getState().lang;
}

/** One side of a kernel message. */
export function pick(message: Bilingual, lang: Lang): string {
  return message[lang];
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
