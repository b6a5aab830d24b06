import { type KeyboardEvent, type RefObject, useId, useLayoutEffect, useState } from 'react';
import type { Bilingual } from '../../kernel';
import { type ColumnType, describeCell, readCell } from '../../kernel/table-edit';
import { format, pick, useT } from '../i18n/i18n';
import { VisibleText } from '../shell/VisibleText';
import { useStudio } from '../store';
import type { EditorExit, ExitHandler } from './CellEditors';
import { applyCompletion, type Completion, completionsFor } from './cell-completion';
import { gridStrings } from './strings';

/**
 * Help while a condition cell is typed: how the text reads in its column, or why it cannot be
 * read (shown under the cell, not in a tooltip), and completions for the value being typed.
 */

/** The reader's verdict on a cell text, live: the reading, or the reason it is refused. */
export function useCellReading(text: string, type: ColumnType) {
  const read = readCell(text, type);
  return read.ok
    ? { ok: true as const, description: describeCell(read.cell) }
    : { ok: false as const, message: read.message };
}

/**
 * The reading of an editor's text and its commit: a text that does not read is not committed (the
 * reason stays); a commit the grid refuses (another selected cell's column) keeps its reason too.
 */
export function useCellCommit(text: string, type: ColumnType, onExit: ExitHandler) {
  const reading = useCellReading(text, type);
  const [refused, setRefused] = useState<Bilingual | null>(null);
  const commit = (move: Extract<EditorExit, { kind: 'commit' }>['move'], all = false) => {
    if (!reading.ok) {
      setRefused(reading.message);
      return;
    }
    setRefused(onExit({ kind: 'commit', text, move, all }));
  };
  return { reading, refused, clearRefused: () => setRefused(null), commit };
}

/**
 * Room for an editor's popover (the reading, a refusal with what is accepted, completions) inside
 * the grid's scroll box, which would otherwise clip what hangs below its last row: the box gets as
 * much padding at its bottom as the popover needs, measured on every render (the text changes its
 * height), and none once the editor closes.
 */
export function usePopoverRoom(popover: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const box = popover.current?.closest<HTMLElement>('.grid-scroll');
    const el = popover.current;
    if (!box || !el) return;
    const padding = Number.parseFloat(box.style.paddingBottom || '0') || 0;
    const clientBottom = box.getBoundingClientRect().top + box.clientTop + box.clientHeight;
    const need = Math.ceil(el.getBoundingClientRect().bottom - (clientBottom - padding)) + 4;
    box.style.paddingBottom = need > 0 ? `${need}px` : '';
  });
  useLayoutEffect(() => {
    const box = popover.current?.closest<HTMLElement>('.grid-scroll');
    return () => {
      if (box) box.style.paddingBottom = '';
    };
  }, [popover]);
}

/**
 * The line under an editor: "Reads as: ≥ 700 (number)", or the reason the text is refused —
 * after a refused commit, said again as an alert ("Not applied, the cell keeps its value").
 */
export function CellReading({
  id,
  reading,
  refused,
}: {
  readonly id: string;
  readonly reading: ReturnType<typeof useCellReading>;
  /** Why the last commit was refused (the text, or another selected cell's column). */
  readonly refused: Bilingual | null;
}) {
  const t = useT(gridStrings).cellEditing;
  const lang = useStudio((s) => s.lang);
  if (refused)
    return (
      <span id={id} role="alert" className="grid-reading invalid" data-testid="cell-reading">
        <VisibleText text={format(t.refused, { reason: pick(refused, lang) })} />
      </span>
    );
  return (
    <span
      id={id}
      className={`grid-reading ${reading.ok ? 'valid' : 'invalid'}`}
      data-testid="cell-reading"
      aria-live="polite"
    >
      <VisibleText
        text={
          reading.ok
            ? format(t.readsAs, { cell: pick(reading.description, lang) })
            : format(t.invalid, { reason: pick(reading.message, lang) })
        }
      />
    </span>
  );
}

/**
 * Completions for a text input (ARIA combobox): ↓ / ↑ choose one, Enter or a click takes it,
 * Escape closes the list. Until one is chosen, Enter and Tab keep the grid's meaning (commit).
 */
export function useCompletion({
  all,
  text,
  setText,
  column,
}: {
  readonly all: readonly Completion[];
  readonly text: string;
  readonly setText: (text: string) => void;
  readonly column: string;
}) {
  const t = useT(gridStrings).cellEditing;
  const listId = useId();
  const [active, setActive] = useState(-1);
  const [closed, setClosed] = useState(false);
  const shown = closed ? [] : completionsFor(all, text);
  const take = (c: Completion) => {
    setText(applyCompletion(text, c));
    setActive(-1);
    setClosed(true);
  };
  /** Handles the list's keys; true when the key was the list's. */
  const onKey = (e: KeyboardEvent): boolean => {
    if (shown.length === 0) return false;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      // Cycles through none (-1) and the shown completions.
      setActive((a) => ((a + 1 + step + shown.length + 1) % (shown.length + 1)) - 1);
      return true;
    }
    const chosen = shown[active];
    if (e.key === 'Enter' && chosen && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      take(chosen);
      return true;
    }
    if (e.key === 'Escape' && active >= 0) {
      e.preventDefault();
      setActive(-1);
      setClosed(true);
      return true;
    }
    return false;
  };
  const inputProps = {
    role: 'combobox' as const,
    'aria-autocomplete': 'list' as const,
    'aria-expanded': shown.length > 0,
    'aria-controls': listId,
    'aria-activedescendant': active >= 0 && shown[active] ? `${listId}-${active}` : undefined,
  };
  const onChange = (next: string) => {
    setText(next);
    setActive(-1);
    setClosed(false);
  };
  const list =
    shown.length > 0 ? (
      <ul
        id={listId}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA combobox pattern (focus stays in the input)
        role="listbox"
        className="grid-completions"
        aria-label={format(t.suggestions, { column })}
      >
        {shown.map((c, i) => (
          <li
            key={`${c.source}:${c.label}`}
            id={`${listId}-${i}`}
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: an option of the combobox's listbox (aria-activedescendant; focus stays in the input)
            role="option"
            aria-selected={i === active}
            tabIndex={-1}
            className={i === active ? 'active' : undefined}
            onMouseDown={(e) => {
              e.preventDefault();
              take(c);
            }}
          >
            <span className="mono">
              <VisibleText text={c.label} />
            </span>
            <span className="muted">{c.source === 'column' ? t.fromColumn : t.fromDictionary}</span>
          </li>
        ))}
      </ul>
    ) : null;
  return { onKey, inputProps, list, onChange };
}
