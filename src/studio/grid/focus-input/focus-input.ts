/**
 * The grid's focus input (FocusInput.tsx), as data so it is unit-tested: while a cell is selected
 * (not yet edited) the keyboard focus is in a visually hidden text input over that cell, so text
 * typed on it arrives as text — whatever it is: `≥` from a layout or an Option key, full-width
 * `＞＝７００`, a character inserted by a soft keyboard, or an input method's composition — and
 * opens the cell editor with it. The grid's keys (arrows, Tab, Enter, F2, Delete, Ctrl+…) are read
 * from the same input's keydown (grid-keys.ts); the clipboard events reach the grid from it.
 */

/** What one `beforeinput` on the focus input does. */
export type FocusInputAction =
  /** Open the cell's editor with this text (the first character typed, or more). */
  | { readonly kind: 'edit'; readonly text: string }
  /** An input method composes: let it compose in place, the editor opens when it commits. */
  | { readonly kind: 'compose' }
  /** Nothing to open the editor with (a space, a deletion, a line break): cancelled. */
  | { readonly kind: 'drop' };

export interface InputLike {
  readonly inputType: string;
  readonly data: string | null;
  readonly isComposing: boolean;
}

/**
 * The text typed or inserted on a selected cell opens its editor; a composition composes. Paste
 * and drop are not read here (paste is the grid's clipboard event); a first character that is only
 * white space opens nothing (a cell's text is read trimmed).
 */
export function focusInputAction(e: InputLike): FocusInputAction {
  if (e.isComposing || e.inputType === 'insertCompositionText') return { kind: 'compose' };
  if (e.inputType !== 'insertText' && e.inputType !== 'insertReplacementText')
    return { kind: 'drop' };
  const text = openingText(e.data ?? '');
  return text === null ? { kind: 'drop' } : { kind: 'edit', text };
}

/**
 * The text an editor opens with, or null when there is none: what an input method committed or
 * what arrived without a `beforeinput` (white space only: none). One line — a cell is one line.
 */
export function openingText(text: string): string | null {
  const line = text.replace(/[\r\n]+/g, ' ');
  return line.trim() === '' ? null : line;
}

/**
 * A key event of an input method at work (a composition's keys: Enter picking a candidate,
 * arrows moving in the candidate list): neither the grid nor an editor acts on it. Chromium and
 * Safari mark them `isComposing` or with the key code 229.
 */
export function isImeKey(e: {
  readonly isComposing?: boolean;
  readonly keyCode?: number;
}): boolean {
  return e.isComposing === true || e.keyCode === 229;
}
