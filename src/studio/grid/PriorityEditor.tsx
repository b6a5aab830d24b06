import { useState } from 'react';
import { useT } from '../i18n/i18n';
import type { EditorExit } from './CellEditors';
import { isImeKey } from './focus-input/focus-input';
import { gridStrings } from './strings';

/** A row's priority: a whole number, or empty for none. */
export function PriorityEditor({
  value,
  initial,
  label,
  onExit,
}: {
  readonly value: number | null;
  /** The key that opened the editor by typing (replaces the value, as in a spreadsheet). */
  readonly initial: string | null;
  readonly label: string;
  readonly onExit: (exit: EditorExit) => void;
}) {
  const t = useT(gridStrings);
  const [text, setText] = useState(initial ?? (value === null ? '' : String(value)));
  const bad = text.trim() !== '' && !/^-?\d+$/.test(text.trim());
  return (
    <span className="grid-editor">
      <input
        // biome-ignore lint/a11y/noAutofocus: the editor opens on the user's request in this cell
        autoFocus
        className="grid-input narrow mono"
        inputMode="numeric"
        aria-label={`${label} — ${t.priority}`}
        aria-invalid={bad}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          e.stopPropagation();
          if (isImeKey(e.nativeEvent)) return;
          if (e.key === 'Escape') {
            e.preventDefault();
            onExit({ kind: 'cancel' });
            return;
          }
          const move =
            e.key === 'Enter'
              ? e.shiftKey
                ? 'up'
                : 'down'
              : e.key === 'Tab'
                ? e.shiftKey
                  ? 'left'
                  : 'right'
                : null;
          if (move && !bad) {
            e.preventDefault();
            onExit({ kind: 'commit', text: text.trim(), move });
          } else if (move) e.preventDefault();
        }}
      />
    </span>
  );
}
