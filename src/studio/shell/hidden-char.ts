/**
 * What the studio says about a hidden character it shows as `⟨U+202E⟩` (VisibleText) or marks in
 * the editor (editor/hidden-chars.ts): its code point and name, as the kernel's ERDL-E025 and
 * ERDL-W026 messages name it (kernel/document/hidden-text.ts), and what it does, in the UI
 * language. Pure, so it is unit-tested.
 */

import type { HiddenKind } from '../../kernel/util/visible-text';
import { hiddenCharName } from '../../kernel/util/visible-text';
import type { Lang } from '../store/types';

const WHAT: Record<Lang, Record<HiddenKind, string>> = {
  en: {
    bidi: 'a bidi control: it reorders how the text around it is shown, not what it is',
    invisible:
      'an invisible character: it shows as nothing, yet the text differs from what is seen',
    control: 'a control character',
  },
  zh: {
    bidi: '双向控制字符：改变周围文字的显示顺序，而不改变文字本身',
    invisible: '不可见字符：显示时看不见，文字却与看到的不同',
    control: '控制字符',
  },
};

/** `U+202E RIGHT-TO-LEFT OVERRIDE — a bidi control: …`, in the UI language. */
export function describeHiddenChar(cp: number, kind: HiddenKind, lang: Lang): string {
  const named = hiddenCharName(cp)[lang];
  // A character the kernel has no name for is named by its code point alone.
  const head = named.startsWith('⟨')
    ? `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`
    : named;
  return lang === 'zh' ? `${head}——${WHAT.zh[kind]}` : `${head} — ${WHAT.en[kind]}`;
}
