/**
 * UI strings in Chinese and English. Each area of the studio keeps its own dictionary
 * (`defineStrings({ en: {...}, zh: {...} })`); the type forces both languages to have exactly the
 * same keys, so a string can never exist in one language only.
 */

import type { Shape, Strings } from '../../i18n/format';
import type { Bilingual } from '../../kernel';
import { useStudio } from '../store';
import type { Lang } from '../store/types';

export { bilingual, defineStrings, format, type Shape, type Strings } from '../../i18n/format';

/** The dictionary in the current UI language (re-renders when the language switches). */
export function useT<T>(strings: Strings<T>): Shape<T> {
  const lang = useStudio((s) => s.lang);
  return strings[lang] as Shape<T>;
}

/** One side of a kernel message. */
export function pick(message: Bilingual, lang: Lang): string {
  return message[lang];
}
