/**
 * What the studio says about a hidden character it shows as `⟨U+202E⟩` (VisibleText) or marks in
 * the editor (editor/hidden-chars.ts): its code point and name, as the kernel's ERDL-E025 and
 * ERDL-W026 messages name it (kernel/document/hidden-text.ts), and what it does, in the UI
 * language. Pure, so it is unit-tested.
 */

import type { HiddenKind } from '../../kernel/util/visible-text';
import { hiddenCharName } from '../../kernel/util/visible-text';
import type { Lang } from '../store/types';
import { hiddenCharStrings } from './strings';

/** `U+202E RIGHT-TO-LEFT OVERRIDE — a bidi control: …`, in the UI language. */
export function describeHiddenChar(cp: number, kind: HiddenKind, lang: Lang): string {
  const named = hiddenCharName(cp)[lang];
  // A character the kernel has no name for is named by its code point alone.
  const head = named.startsWith('⟨')
    ? `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`
    : named;
  const what = hiddenCharStrings[lang][kind];
  return lang === 'zh' ? `${head}——${what}` : `${head} — ${what}`;
}
