/**
 * Text from a document, a fact or a file, shown so that it reads as it runs (issue #35, Trojan
 * Source): every bidi control and invisible character becomes a visible token `⟨U+202E⟩`, styled
 * and titled with what it is, and control characters are written out (`\u001b`), so nothing in
 * the text can reorder or hide what is around it. React text nodes only (never HTML).
 *
 * For a string going into an attribute (`title`, `aria-label`) use `revealInline` from the kernel.
 */
import type { ReactNode } from 'react';
import {
  codePointLabel,
  findHidden,
  type HiddenKind,
  revealInline,
  revealText,
} from '../../kernel/util/visible-text';
import { useStudio } from '../store';
import { describeHiddenChar } from './hidden-char';

/**
 * Past this many hidden characters in one text the rest are written out as plain `⟨U+200B⟩`
 * (still visible, not styled): a text of a million zero-width spaces must not become a million
 * elements.
 */
export const MAX_MARKED = 200;

/**
 * The text as nodes: plain runs (controls written out; line breaks kept when `multiline`) and one
 * `HiddenMark` per hidden character. A string when there is nothing hidden.
 */
export function visibleNodes(text: string, multiline = false): ReactNode {
  const plain = multiline ? revealText : revealInline;
  const found = findHidden(text);
  if (found.length === 0) return plain(text);
  const out: ReactNode[] = [];
  let at = 0;
  for (const h of found.slice(0, MAX_MARKED)) {
    if (h.index > at) out.push(plain(text.slice(at, h.index)));
    out.push(<HiddenMark key={h.index} codePoint={h.codePoint} kind={h.kind} />);
    at = h.index + h.length;
  }
  if (at < text.length) out.push(plain(text.slice(at)));
  return out;
}

/** `text` with its hidden characters shown (see the module comment). */
export function VisibleText({
  text,
  multiline = false,
}: {
  readonly text: string;
  /** Keep line breaks and tabs (a message, a paragraph); else they are written `\n`, `\t`. */
  readonly multiline?: boolean;
}) {
  return <>{visibleNodes(text, multiline)}</>;
}

/** One hidden character, as `⟨U+202E⟩`; its title says what it is, in the UI language. */
export function HiddenMark({ codePoint, kind }: { codePoint: number; kind: HiddenKind }) {
  const lang = useStudio((s) => s.lang);
  return (
    <span
      className={`hidden-char hidden-char-${kind}`}
      title={describeHiddenChar(codePoint, kind, lang)}
      data-code-point={codePoint.toString(16).toUpperCase().padStart(4, '0')}
    >
      {codePointLabel(codePoint)}
    </span>
  );
}
