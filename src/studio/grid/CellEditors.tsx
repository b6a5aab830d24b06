import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { type Bilingual, DECISION_NAMES, decisionInfo } from '../../kernel';
import { type ColumnType, readDecisionCell } from '../../kernel/table-edit';
import { useT } from '../i18n/i18n';
import { useStudio } from '../store';
import { CellReading, useCellCommit, useCompletion, usePopoverRoom } from './CellHelp';
import type { Completion } from './cell-completion';
import {
  PICKER_SYMBOLS,
  type PickerOp,
  type PickerState,
  pickerOperand,
  pickerOperators,
  pickerText,
} from './cell-picker';
import { ReadAsText } from './column-type/ReadAsText';
import { isImeKey } from './focus-input/focus-input';
import { gridStrings } from './strings';

/**
 * How an editor ended: committed text and where to go next (`all`: Ctrl+Enter, into every
 * selected cell), or cancelled.
 */
export type EditorExit =
  | {
      readonly kind: 'commit';
      readonly text: string;
      readonly move: 'down' | 'up' | 'right' | 'left' | 'stay';
      readonly all?: boolean;
    }
  | { readonly kind: 'cancel' };

/** The grid's answer to a commit: null when it applies, else why it was refused (editor stays). */
export type ExitHandler = (exit: EditorExit) => Bilingual | null;

function moveOf(e: KeyboardEvent): 'down' | 'up' | 'right' | 'left' | null {
  if (e.key === 'Enter') return e.shiftKey ? 'up' : 'down';
  if (e.key === 'Tab') return e.shiftKey ? 'left' : 'right';
  return null;
}

const ctrlEnter = (e: KeyboardEvent) => e.key === 'Enter' && (e.ctrlKey || e.metaKey);

/** The keys of a one-line editor: Escape cancels, Enter / Tab (with Shift) commit and move. */
export function lineKeys(
  onExit: (exit: EditorExit) => void,
  commit: (move: 'down' | 'up' | 'right' | 'left') => void,
) {
  return (e: KeyboardEvent) => {
    e.stopPropagation();
    if (isImeKey(e.nativeEvent)) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      onExit({ kind: 'cancel' });
      return;
    }
    const move = moveOf(e);
    if (!move) return;
    e.preventDefault();
    commit(move);
  };
}

/**
 * The keys of a cell's text editor: Escape cancels, Ctrl+Enter commits into every selected cell,
 * Enter / Tab (with Shift) commit and move; `first` may take a key before them (completions).
 */
function textEditorKeys(
  onExit: ExitHandler,
  commit: (move: Extract<EditorExit, { kind: 'commit' }>['move'], all?: boolean) => void,
  first?: (e: KeyboardEvent) => boolean,
) {
  return (e: KeyboardEvent) => {
    e.stopPropagation();
    // Enter or an arrow picking an input method's candidate is the input method's.
    if (isImeKey(e.nativeEvent)) return;
    if (first?.(e)) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      onExit({ kind: 'cancel' });
      return;
    }
    if (ctrlEnter(e)) {
      e.preventDefault();
      commit('stay', true);
      return;
    }
    const move = moveOf(e);
    if (!move) return;
    e.preventDefault();
    commit(move);
  };
}

interface ConditionEditorProps {
  /** The column's type: the text is read by it (docs/table-cells.md). */
  readonly type: ColumnType;
  readonly label: string;
  /** The column's name, for the completion list. */
  readonly column: string;
  readonly completions: readonly Completion[];
  readonly onExit: ExitHandler;
  /** "Read as text" for a word a column without a type refuses (column-type/ReadAsText.tsx). */
  readonly readAsText?: (text: string) => void;
}

/**
 * Typing into a condition cell: one line of cell text (`>= 700`, `-` …), read by the column as
 * it is typed — the reading or the reason it is refused shows under the cell — with completions.
 * A text that does not read is not committed: the cell keeps its value and the reason stays.
 */
export function CellTextEditor({
  initial,
  type,
  label,
  column,
  completions,
  onExit,
  readAsText,
}: ConditionEditorProps & { readonly initial: string }) {
  const t = useT(gridStrings);
  const [text, setText] = useState(initial);
  const { reading, refused, clearRefused, commit } = useCellCommit(text, type, onExit);
  const hintId = useId();
  const popover = useRef<HTMLSpanElement>(null);
  usePopoverRoom(popover);
  const completion = useCompletion({
    all: completions,
    text,
    setText: (next) => {
      setText(next);
      clearRefused();
    },
    column,
  });
  const onKeyDown = textEditorKeys(onExit, commit, completion.onKey);
  return (
    <span className="grid-editor cell-help">
      <input
        // biome-ignore lint/a11y/noAutofocus: the editor opens on the user's key press in this cell
        autoFocus
        className="grid-input mono"
        aria-label={`${label} — ${t.cellText}`}
        aria-invalid={!reading.ok}
        aria-describedby={hintId}
        {...completion.inputProps}
        value={text}
        onChange={(e) => {
          completion.onChange(e.target.value);
          clearRefused();
        }}
        onKeyDown={onKeyDown}
      />
      <span className="grid-popover" ref={popover}>
        <ReadAsText text={text} type={type} column={column} onRead={readAsText} />
        <CellReading id={hintId} reading={reading} refused={refused} />
        {completion.list}
      </span>
    </span>
  );
}

const ORDERED_OPS = new Set<PickerOp>(['eq', 'ne', 'lt', 'lte', 'gt', 'gte']);

/**
 * F2 / Enter / double-click on a condition cell: an operator picker of the column's type and a
 * value editor (one value, a list, or min and max), writing exactly the notation the reader reads
 * (cell-picker.ts). Tab from the last field commits and moves right (Shift+Tab from the operator:
 * left), Enter commits and moves down, Ctrl+Enter writes every selected cell, Escape cancels.
 */
export function CellPicker({
  start,
  type,
  label,
  column,
  completions,
  onExit,
  readAsText,
}: ConditionEditorProps & { readonly start: PickerState }) {
  const t = useT(gridStrings);
  const c = t.cellEditing;
  const [state, setState] = useState(start);
  const { reading, refused, clearRefused, commit } = useCellCommit(
    pickerText(type, state),
    type,
    onExit,
  );
  const hintId = useId();
  const popover = useRef<HTMLSpanElement>(null);
  usePopoverRoom(popover);
  const operand = pickerOperand(state.op);
  const update = (next: Partial<PickerState>) => {
    setState((s) => ({ ...s, ...next }));
    clearRefused();
  };
  // The value field completes with the values themselves (the picker quotes what needs quotes).
  const values = completions
    .filter((x) => operand !== 'list' || !/[,，;；、]/.test(x.label))
    .map((x) => ({ ...x, insert: x.label }));
  const prefix = operand === 'list' ? 'in ' : '= ';
  const completion = useCompletion({
    all: operand === 'one' || operand === 'list' ? values : [],
    text: prefix + state.value,
    setText: (next) => update({ value: next.slice(prefix.length) }),
    column,
  });
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    e.stopPropagation();
    if (isImeKey(e.nativeEvent)) return;
    if (e.target instanceof HTMLInputElement && completion.onKey(e)) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      onExit({ kind: 'cancel' });
    } else if (ctrlEnter(e)) {
      e.preventDefault();
      commit('stay', true);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      commit(e.shiftKey ? 'up' : 'down');
    } else if (e.key === 'Tab') {
      // Tab moves between the picker's fields; past the last (or before the first) it commits.
      const fields = [...e.currentTarget.querySelectorAll<HTMLElement>('select, input')];
      const at = fields.indexOf(e.target as HTMLElement);
      if ((!e.shiftKey && at === fields.length - 1) || (e.shiftKey && at === 0)) {
        e.preventDefault();
        commit(e.shiftKey ? 'left' : 'right');
      }
    }
  };
  // Comparisons show their symbol (the notation) and their words; the rest their words.
  const opLabel = (op: PickerOp) =>
    ORDERED_OPS.has(op) || op === 'any' ? `${PICKER_SYMBOLS[op]} ${c.op[op]}` : c.op[op];
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keys bubble from the editor's own controls
    <span className="grid-editor typed cell-help" onKeyDown={onKeyDown}>
      <select
        // biome-ignore lint/a11y/noAutofocus: the editor opens on the user's request in this cell
        autoFocus
        aria-label={`${label} — ${t.operator}`}
        aria-describedby={hintId}
        value={state.op}
        onChange={(e) => update({ op: e.target.value as PickerOp })}
      >
        {pickerOperators(type).map((op) => (
          <option key={op} value={op}>
            {opLabel(op)}
          </option>
        ))}
      </select>
      {operand === 'range' && (
        <>
          <input
            className="grid-input narrow mono"
            aria-label={`${label} — ${t.min}`}
            aria-invalid={!reading.ok}
            aria-describedby={hintId}
            inputMode="decimal"
            value={state.min}
            onChange={(e) => update({ min: e.target.value })}
          />
          <input
            className="grid-input narrow mono"
            aria-label={`${label} — ${t.max}`}
            aria-invalid={!reading.ok}
            aria-describedby={hintId}
            inputMode="decimal"
            value={state.max}
            onChange={(e) => update({ max: e.target.value })}
          />
        </>
      )}
      {(operand === 'one' || operand === 'list') && (
        <input
          className="grid-input mono"
          aria-label={`${label} — ${operand === 'list' ? c.items : t.value}`}
          aria-invalid={!reading.ok}
          aria-describedby={hintId}
          placeholder={operand === 'list' ? c.items : type === 'date' ? 'YYYY-MM-DD' : undefined}
          inputMode={type === 'number' && operand === 'one' ? 'decimal' : undefined}
          {...completion.inputProps}
          value={state.value}
          onChange={(e) => completion.onChange(prefix + e.target.value)}
        />
      )}
      <button type="button" className="button small" tabIndex={-1} onClick={() => commit('stay')}>
        {t.apply}
      </button>
      <span className="grid-popover" ref={popover}>
        <ReadAsText
          text={pickerText(type, state)}
          type={type}
          column={column}
          onRead={readAsText}
        />
        <CellReading id={hintId} reading={reading} refused={refused} />
        {completion.list}
      </span>
    </span>
  );
}

/**
 * Typing on a decision cell: one line of text read as a decision as it is typed — its code in any
 * case or the word the grid shows, in either language (`deny`, `Block`, `拦截`) — with the reading
 * or the reason it is refused under the cell. A text that does not read is not committed: the cell
 * keeps its decision and the reason stays (never a select's type-ahead guess, issue: typed `deny`
 * became EMERGENCY_HALT). F2, Enter and a double-click open the picker (DecisionEditor).
 */
export function DecisionTextEditor({
  initial,
  label,
  onExit,
}: {
  readonly initial: string;
  readonly label: string;
  readonly onExit: ExitHandler;
}) {
  const t = useT(gridStrings);
  const [text, setText] = useState(initial);
  const [refused, setRefused] = useState<Bilingual | null>(null);
  const hintId = useId();
  const popover = useRef<HTMLSpanElement>(null);
  usePopoverRoom(popover);
  const read = readDecisionCell(text);
  const reading = read.ok
    ? {
        ok: true as const,
        description: {
          en: `${read.decision} · ${decisionName(read.decision, 'en')}`,
          zh: `${read.decision} · ${decisionName(read.decision, 'zh')}`,
        },
      }
    : { ok: false as const, message: read.message };
  const commit = (move: Extract<EditorExit, { kind: 'commit' }>['move'], all = false) => {
    if (!read.ok) {
      setRefused(read.message);
      return;
    }
    setRefused(onExit({ kind: 'commit', text: read.decision, move, all }));
  };
  const onKeyDown = textEditorKeys(onExit, commit);
  return (
    <span className="grid-editor cell-help">
      <input
        // biome-ignore lint/a11y/noAutofocus: the editor opens on the user's key press in this cell
        autoFocus
        className="grid-input"
        aria-label={`${label} — ${t.decisionText}`}
        aria-invalid={!read.ok}
        aria-describedby={hintId}
        data-testid="decision-text-input"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setRefused(null);
        }}
        onKeyDown={onKeyDown}
      />
      <span className="grid-popover" ref={popover}>
        <CellReading id={hintId} reading={reading} refused={refused} />
      </span>
    </span>
  );
}

/** The decision as a picker of the 13 decisions (F2, Enter, double-click). */
export function DecisionEditor({
  value,
  label,
  onExit,
}: {
  readonly value: string | null;
  readonly label: string;
  readonly onExit: (exit: EditorExit) => void;
}) {
  const lang = useStudio((s) => s.lang);
  const [current, setCurrent] = useState(value ?? 'ALLOW');
  // Tab / Enter exit and unmount the picker, which then blurs: exit once only.
  const exited = useRef(false);
  const exit = (e: EditorExit) => {
    if (exited.current) return;
    exited.current = true;
    onExit(e);
  };
  return (
    <select
      // biome-ignore lint/a11y/noAutofocus: the editor opens on the user's request in this cell
      autoFocus
      aria-label={label}
      value={current}
      onChange={(e) => setCurrent(e.target.value)}
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.key === 'Escape') {
          e.preventDefault();
          exit({ kind: 'cancel' });
        }
        if (ctrlEnter(e)) {
          e.preventDefault();
          exit({ kind: 'commit', text: current, move: 'stay', all: true });
          return;
        }
        const move = moveOf(e);
        if (move) {
          e.preventDefault();
          exit({ kind: 'commit', text: current, move });
        }
      }}
      onBlur={() => exit({ kind: 'commit', text: current, move: 'stay' })}
    >
      {DECISION_NAMES.map((d) => (
        <option key={d} value={d}>
          {d} — {decisionName(d, lang)}
        </option>
      ))}
    </select>
  );
}

function decisionName(d: string, lang: 'en' | 'zh'): string {
  const info = decisionInfo(d);
  return info ? info[lang] : d;
}

/** A row text (message, instruction …): one line, written as a YAML string. */
export function RowTextEditor({
  value,
  label,
  onExit,
}: {
  readonly value: string;
  readonly label: string;
  readonly onExit: (exit: EditorExit) => void;
}) {
  const [text, setText] = useState(value);
  return (
    <span className="grid-editor">
      <input
        // biome-ignore lint/a11y/noAutofocus: the editor opens on the user's key press in this cell
        autoFocus
        className="grid-input wide"
        aria-label={label}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={lineKeys(onExit, (move) => onExit({ kind: 'commit', text, move }))}
      />
    </span>
  );
}
