import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { focusInputAction, isImeKey, openingText } from './focus-input';

const typed = (data: string | null, inputType = 'insertText', isComposing = false) =>
  focusInputAction({ inputType, data, isComposing });

describe('text typed on a selected cell (the focus input)', () => {
  it('opens the editor with the first character, whatever it is', () => {
    for (const text of ['≥', '≤', '≠', '＞', '７', '7', 'a', '-', '<', '任', '😀', '"'])
      expect(typed(text)).toEqual({ kind: 'edit', text });
    // A soft keyboard or CDP inserts more than one character at once: all of them.
    expect(typed('＞＝７００')).toEqual({ kind: 'edit', text: '＞＝７００' });
    expect(typed('≥ 700')).toEqual({ kind: 'edit', text: '≥ 700' });
    // Autocorrect's replacement is text too.
    expect(typed('≥', 'insertReplacementText')).toEqual({ kind: 'edit', text: '≥' });
  });

  it('lets an input method compose in place', () => {
    expect(typed('r', 'insertCompositionText')).toEqual({ kind: 'compose' });
    expect(typed('任', 'insertCompositionText', true)).toEqual({ kind: 'compose' });
    expect(typed('任意', 'insertText', true)).toEqual({ kind: 'compose' });
  });

  it('opens nothing for white space, deletions, line breaks, paste and drop', () => {
    expect(typed(' ')).toEqual({ kind: 'drop' });
    expect(typed('\u3000')).toEqual({ kind: 'drop' });
    expect(typed(null)).toEqual({ kind: 'drop' });
    for (const inputType of [
      'deleteContentBackward',
      'deleteContentForward',
      'insertLineBreak',
      'insertParagraph',
      'insertFromPaste',
      'insertFromDrop',
      'historyUndo',
    ])
      expect(typed(null, inputType)).toEqual({ kind: 'drop' });
  });

  it('keeps every non-blank text as it was typed, on one line', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }), (text) => {
        const action = typed(text);
        if (text.trim() === '') expect(action.kind).toBe('drop');
        else if (!/[\r\n]/.test(text)) expect(action).toEqual({ kind: 'edit', text });
        else expect(action.kind).toBe('edit');
      }),
    );
    expect(openingText('任意')).toBe('任意');
    expect(openingText('a\nb')).toBe('a b');
    expect(openingText('')).toBeNull();
  });
});

describe('an input method at work (key events)', () => {
  it('is told by isComposing or the key code 229', () => {
    expect(isImeKey({ isComposing: true, keyCode: 13 })).toBe(true);
    expect(isImeKey({ isComposing: false, keyCode: 229 })).toBe(true);
    expect(isImeKey({ isComposing: false, keyCode: 13 })).toBe(false);
    expect(isImeKey({})).toBe(false);
  });
});
