import { useState } from 'react';
import { useT } from '../i18n/i18n';
import { type EditorExit, lineKeys } from './CellEditors';
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
        // A number that does not read stays in the editor (the move is not taken).
        onKeyDown={lineKeys(onExit, (move) => {
          if (!bad) onExit({ kind: 'commit', text: text.trim(), move });
        })}
      />
    </span>
  );
}
