import { useId, useRef, useState } from 'react';
import type { Bilingual } from '../../kernel';
import { readPriorityCell } from '../../kernel/table-edit';
import { useT } from '../i18n/i18n';
import { type EditorExit, lineKeys } from './CellEditors';
import { CellReading, usePopoverRoom } from './CellHelp';
import { gridStrings } from './strings';

/**
 * A row's priority: a whole number (full-width digits too), or empty for none. What is typed is
 * read as it is typed, the reading or the reason under the cell; a text that does not read is not
 * committed — the cell keeps its priority and the reason stays (readPriorityCell).
 */
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
  const [refused, setRefused] = useState<Bilingual | null>(null);
  const hintId = useId();
  const popover = useRef<HTMLSpanElement>(null);
  usePopoverRoom(popover);
  const read = readPriorityCell(text);
  const reading = read.ok
    ? { ok: true as const, description: read.description }
    : { ok: false as const, message: read.message };
  return (
    <span className="grid-editor cell-help">
      <input
        // biome-ignore lint/a11y/noAutofocus: the editor opens on the user's request in this cell
        autoFocus
        className="grid-input narrow mono"
        inputMode="numeric"
        aria-label={`${label} — ${t.priority}`}
        aria-invalid={!read.ok}
        aria-describedby={hintId}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setRefused(null);
        }}
        // A number that does not read stays in the editor (the move is not taken), saying why.
        onKeyDown={lineKeys(onExit, (move) => {
          if (!read.ok) setRefused(read.message);
          else
            onExit({ kind: 'commit', text: read.value === null ? '' : String(read.value), move });
        })}
      />
      <span className="grid-popover" ref={popover}>
        <CellReading id={hintId} reading={reading} refused={refused} />
      </span>
    </span>
  );
}
