import { type KeyboardEvent, useRef, useState } from 'react';
import {
  CONDITION_OPERATOR_NAMES,
  DECISION_NAMES,
  decisionInfo,
  simpleOperatorInfo,
} from '../../kernel';
import { type CellModel, type ColumnType, formatCell, readCell } from '../../kernel/table-edit';
import { pick, useT } from '../i18n/i18n';
import { useStudio } from '../store';
import { gridStrings } from './strings';

/** How an editor ended: committed text and where to go next, or cancelled. */
export type EditorExit =
  | {
      readonly kind: 'commit';
      readonly text: string;
      readonly move: 'down' | 'up' | 'right' | 'left' | 'stay';
    }
  | { readonly kind: 'cancel' };

function moveOf(e: KeyboardEvent): 'down' | 'up' | 'right' | 'left' | null {
  if (e.key === 'Enter') return e.shiftKey ? 'up' : 'down';
  if (e.key === 'Tab') return e.shiftKey ? 'left' : 'right';
  return null;
}

/** The keys of a one-line editor: Escape cancels, Enter / Tab (with Shift) commit and move. */
function lineKeys(
  onExit: (exit: EditorExit) => void,
  commit: (move: 'down' | 'up' | 'right' | 'left') => void,
) {
  return (e: KeyboardEvent) => {
    e.stopPropagation();
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

/** Typing into a cell: one line of cell text (`>= 700`, `-` …), checked before it is written. */
export function CellTextEditor({
  initial,
  type,
  label,
  onExit,
}: {
  readonly initial: string;
  /** The column's type: the text is read by it (docs/table-cells.md). */
  readonly type: ColumnType;
  readonly label: string;
  readonly onExit: (exit: EditorExit) => void;
}) {
  const t = useT(gridStrings);
  const lang = useStudio((s) => s.lang);
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const onKeyDown = lineKeys(onExit, (move) => {
    const parsed = readCell(text, type);
    if (!parsed.ok) setError(pick(parsed.message, lang));
    else onExit({ kind: 'commit', text, move });
  });
  return (
    <span className="grid-editor">
      <input
        // biome-ignore lint/a11y/noAutofocus: the editor opens on the user's key press in this cell
        autoFocus
        className="grid-input mono"
        aria-label={`${label} — ${t.cellText}`}
        aria-invalid={error !== null}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
        onKeyDown={onKeyDown}
      />
      {error && (
        <span role="alert" className="grid-error">
          {error}
        </span>
      )}
    </span>
  );
}

/** F2 / Enter / double-click: an operator picker (Simple operators only) and a typed value. */
export function CellTypedEditor({
  cell,
  type,
  label,
  onExit,
}: {
  readonly cell: CellModel | null;
  readonly type: ColumnType;
  readonly label: string;
  readonly onExit: (exit: EditorExit) => void;
}) {
  const t = useT(gridStrings);
  const lang = useStudio((s) => s.lang);
  const start = cell?.kind === 'condition' ? cell : null;
  const [op, setOp] = useState(start?.op ?? '-');
  const startValue = start?.value
    ? formatCell({ kind: 'condition', op: 'eq', value: start.value }).slice(2)
    : '';
  const range =
    start?.value?.kind === 'list' && start.value.items.length === 2
      ? start.value.items.map((i) => (i.kind === 'scalar' ? i.source : ''))
      : ['', ''];
  const [value, setValue] = useState(startValue);
  const [min, setMin] = useState(range[0] ?? '');
  const [max, setMax] = useState(range[1] ?? '');
  const [error, setError] = useState<string | null>(null);
  const operand = op === '-' ? 'any' : simpleOperatorInfo(op)?.operand;
  const text = () => {
    if (op === '-') return '-';
    if (operand === 'none') return op;
    if (operand === 'range') return `${op} [${min}, ${max}]`;
    return `${op} ${value}`;
  };
  const commit = (move: 'down' | 'up' | 'stay') => {
    const parsed = readCell(text(), type);
    if (!parsed.ok) setError(pick(parsed.message, lang));
    else onExit({ kind: 'commit', text: text(), move });
  };
  const onKeyDown = (e: KeyboardEvent) => {
    e.stopPropagation();
    if (e.key === 'Escape') {
      e.preventDefault();
      onExit({ kind: 'cancel' });
    } else if (e.key === 'Enter') {
      e.preventDefault();
      commit(e.shiftKey ? 'up' : 'down');
    }
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keys bubble from the editor's own controls
    <span className="grid-editor typed" onKeyDown={onKeyDown}>
      <select
        // biome-ignore lint/a11y/noAutofocus: the editor opens on the user's request in this cell
        autoFocus
        aria-label={`${label} — ${t.operator}`}
        value={op}
        onChange={(e) => {
          setOp(e.target.value);
          setError(null);
        }}
      >
        <option value="-">{t.anyOption}</option>
        {CONDITION_OPERATOR_NAMES.map((name) => {
          const info = simpleOperatorInfo(name);
          return (
            <option key={name} value={name}>
              {name} — {info ? info[lang] : ''}
            </option>
          );
        })}
      </select>
      {operand === 'range' ? (
        <>
          <input
            className="grid-input narrow mono"
            aria-label={`${label} — ${t.min}`}
            inputMode="decimal"
            value={min}
            onChange={(e) => setMin(e.target.value)}
          />
          <input
            className="grid-input narrow mono"
            aria-label={`${label} — ${t.max}`}
            inputMode="decimal"
            value={max}
            onChange={(e) => setMax(e.target.value)}
          />
        </>
      ) : operand !== 'none' && operand !== 'any' ? (
        <input
          className="grid-input mono"
          aria-label={`${label} — ${t.value}`}
          inputMode={operand === 'count' ? 'numeric' : undefined}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
        />
      ) : null}
      <button type="button" className="button small" onClick={() => commit('stay')}>
        {t.apply}
      </button>
      {error && (
        <span role="alert" className="grid-error">
          {error}
        </span>
      )}
    </span>
  );
}

/** The decision as a picker of the 13 decisions. */
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
