/**
 * String tables in Chinese and English, shared by the studio, its workers and the `erdl` CLI.
 * Each area keeps its own dictionary (`defineStrings({ en: {...}, zh: {...} })`); the type forces
 * both languages to have exactly the same keys, so a string can never exist in one language only.
 *
 * No store, no React: the studio's `useT` (studio/i18n/i18n.ts) adds those. Templates are filled by
 * the kernel's one filler (kernel/util/template.ts).
 */
import type { Bilingual } from '../kernel';
import { zhSeamSpace } from '../kernel/gloss/typography';
import { fillTemplate } from '../kernel/util/template';

export type Shape<T> = { readonly [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

export interface Strings<T> {
  readonly en: T;
  readonly zh: Shape<T>;
}

export function defineStrings<const T>(strings: { en: T; zh: Shape<T> }): Strings<T> {
  return strings;
}

/**
 * Fills `{name}` placeholders, and chooses plural forms: `{n:row|rows}` is "row" when `n` is 1,
 * else "rows" — "1 row", "2 rows". Chinese has no plural forms, so the Chinese tables never use
 * it. A placeholder without a value is kept as written.
 */
export function format(template: string, values: Record<string, string | number>): string {
  return fillTemplate(template, values);
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

/** A placeholder's value: one text for both languages, or each language's own (`{en, zh}`). */
export type FillValue = string | number | Bilingual;

/**
 * A `{en, zh}` string of a table (the CLI's and the signing library's) with its placeholders
 * filled in each language; a value given as `{en, zh}` fills each language with its own side (a
 * name quoted "…" in English, “…” in Chinese; a message in its language).
 */
export function fill(
  text: Bilingual,
  values: Readonly<Record<string, FillValue>> = {},
  options: { readonly seams?: boolean } = {},
): Bilingual {
  const side = (lang: 'en' | 'zh') =>
    Object.fromEntries(
      Object.entries(values).map(([k, v]) => [k, typeof v === 'object' ? v[lang] : v]),
    );
  // `seams`: a value whose kind is not known (“a name” or a number) meets the Chinese text as
  // joinZh places it — a space beside a half-width value, none beside a quotation mark.
  const zh = fillTemplate(text.zh, side('zh'), options.seams ? { seam: zhSeamSpace } : {});
  return { en: fillTemplate(text.en, side('en')), zh };
}

/** Items listed in each language: "a, b" in English, “a、b” in Chinese. */
export function listed(items: readonly FillValue[]): Bilingual {
  const side = (lang: 'en' | 'zh') => items.map((v) => (typeof v === 'object' ? v[lang] : v));
  return { en: side('en').join(', '), zh: side('zh').join('、') };
}
