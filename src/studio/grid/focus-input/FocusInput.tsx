import './focus-input.css';
import { useLayoutEffect, useRef, useState } from 'react';
import { focusInputAction, openingText } from './focus-input';

/**
 * The grid's focus input: rendered in the selected cell while no cell is edited, it holds the
 * keyboard focus for that cell (the cell hands the focus to it), so that every text typed on the
 * cell arrives here as text (`beforeinput`) — `≥`, full-width forms, a soft keyboard's insert, an
 * input method's composition — and opens the cell's editor with it (`onText`). It is invisible,
 * over the cell (an input method's candidate window opens there); while an input method composes
 * it shows the composition in the cell, and what the input method commits opens the editor. Its
 * keydown and clipboard events bubble to the grid (grid-keys.ts, the grid's copy and paste).
 */
export function FocusInput({
  label,
  readOnly,
  onText,
}: {
  /** The selected cell's name and what it shows, for a screen reader. */
  readonly label: string;
  /** A read-only grid: no text is taken (the grid's keys still move). */
  readonly readOnly: boolean;
  /** Opens the selected cell's editor with the text typed on it. */
  readonly onText: (text: string) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const [composing, setComposing] = useState(false);
  const latest = useRef(onText);
  latest.current = onText;

  // A layout effect: the listeners are in place before the grid gives the cell the focus.
  useLayoutEffect(() => {
    const input = ref.current;
    const cell = input?.parentElement;
    if (!input || !cell) return;
    let inComposition = false;
    const open = (text: string | null) => {
      input.value = '';
      if (text !== null) latest.current(text);
    };
    const onBeforeInput = (e: InputEvent) => {
      const action = focusInputAction(e);
      if (action.kind === 'compose') return;
      e.preventDefault();
      if (action.kind === 'edit') open(action.text);
    };
    // Text that arrived without a cancellable `beforeinput` (older engines) is read here.
    const onInput = (e: Event) => {
      if (inComposition || (e as InputEvent).isComposing) return;
      open(openingText(input.value));
    };
    const onCompositionStart = () => {
      inComposition = true;
      setComposing(true);
    };
    const onCompositionEnd = (e: CompositionEvent) => {
      inComposition = false;
      setComposing(false);
      // What the input method committed (nothing when the composition was cancelled).
      open(openingText(input.value || e.data || ''));
    };
    // The cell never keeps the focus itself: a click or the grid's roving focus lands here.
    const onCellFocus = (e: FocusEvent) => {
      if (e.target === cell) input.focus({ preventScroll: true });
    };
    input.addEventListener('beforeinput', onBeforeInput);
    input.addEventListener('input', onInput);
    input.addEventListener('compositionstart', onCompositionStart);
    input.addEventListener('compositionend', onCompositionEnd);
    cell.addEventListener('focus', onCellFocus);
    if (document.activeElement === cell) input.focus({ preventScroll: true });
    return () => {
      input.removeEventListener('beforeinput', onBeforeInput);
      input.removeEventListener('input', onInput);
      input.removeEventListener('compositionstart', onCompositionStart);
      input.removeEventListener('compositionend', onCompositionEnd);
      cell.removeEventListener('focus', onCellFocus);
    };
  }, []);

  return (
    <input
      ref={ref}
      type="text"
      className={composing ? 'grid-focus-input composing' : 'grid-focus-input'}
      data-testid="grid-focus-input"
      data-composing={composing || undefined}
      aria-label={label}
      readOnly={readOnly}
      tabIndex={-1}
      autoComplete="off"
      autoCapitalize="off"
      spellCheck={false}
    />
  );
}
