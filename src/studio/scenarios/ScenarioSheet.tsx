import { compiledRowName } from '../../kernel/document/row-rule-name';
import './scenarios.css';
import {
  Fragment,
  type KeyboardEvent,
  memo,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { parseSuite } from '../../kernel';
import { stringifyExact } from '../../kernel/data/json-number';
import type { Value } from '../../kernel/eval/values';
import { isList, isNumeric, isRecord, numberText, toExactJson } from '../../kernel/eval/values';
import { scenarioValueText } from '../../kernel/scenarios';
import type { ColumnType, TableModel } from '../../kernel/table-edit';
import { revealInline } from '../../kernel/util/visible-text';
import {
  DECISION_NAMES,
  type Decision,
  decisionInfo,
  isDecision,
} from '../../kernel/vocabulary/decisions';
import { ColumnName } from '../grid/ColumnName';
import { columnLabel } from '../grid/column-label';
import { formatNumber } from '../grid/finding-sentence';
import { gridStrings } from '../grid/strings';
import { bilingual, format, pick, useT } from '../i18n/i18n';
import { VisibleText } from '../shell/VisibleText';
import { studioStore, useStudio } from '../store';
import type { Lang } from '../store/types';
import { suiteRunCurrent } from '../suites/SuiteBadge';
import {
  type ActionResult,
  addCase,
  columnName,
  editCaseDecision,
  editCaseValue,
  undoSuiteEdit,
} from './scenario-actions';
import { MAX_SHEET_SUITE_CHARS, type SheetRow, sheetModel } from './sheet-model';
import { scenarioStrings } from './strings';

/** A value as the sheet shows it: numbers grouped in the UI language, texts as written. */
export function shownValue(v: Value, lang: Lang): string {
  const p = gridStrings[lang].finding;
  if (v === undefined) return scenarioStrings[lang].absent;
  if (v === null) return p.nullValue;
  if (typeof v === 'boolean') return v ? p.yes : p.no;
  if (typeof v === 'number') return formatNumber(v, lang);
  if (isNumeric(v)) return numberText(v);
  if (typeof v === 'string') return v;
  if (isList(v) || isRecord(v)) return stringifyExact(toExactJson(v), 0);
  return String(v);
}

/** A decision's word in the UI language, as the grid's decision cells show it ("Allow", "放行"). */
function decisionWord(decision: string, lang: Lang): string | null {
  const word = decisionInfo(decision)?.[lang];
  if (!word) return null;
  return lang === 'en' ? word.charAt(0).toUpperCase() + word.slice(1) : word;
}

/** The decision a case got: its word (the code on hover and for assistive technology). */
function DecisionWord({ decision, lang }: { decision: string; lang: Lang }) {
  const info = decisionInfo(decision);
  const word = decisionWord(decision, lang);
  if (!info || word === null)
    return (
      <span className="decision decision-word mono">
        <VisibleText text={decision} />
      </span>
    );
  const tone = info.blocking ? 'blocking' : 'passing';
  return (
    <span
      className={`decision decision-${tone} decision-word`}
      title={decision}
      data-decision={decision}
      lang={lang === 'zh' ? 'zh-CN' : 'en'}
    >
      {word}
      <span className="sr-only"> ({decision})</span>
    </span>
  );
}

/** A YAML scalar the kernel wrote (`700`, `"gold"`, `true`) as the sheet shows it. */
function shownScalar(text: string | null, lang: Lang): string {
  if (text === null) return scenarioStrings[lang].absent;
  try {
    return shownValue(JSON.parse(text) as Value, lang);
  } catch {
    return text;
  }
}

interface Editing {
  readonly index: number;
  readonly col: number;
  readonly text: string;
  readonly error: string | null;
}

/**
 * The test cases under a decision table (issue 36 §8; docs/fact-suites.md "The test cases of a
 * table"): each case of the fact suite that reaches this table as a row — its fact in the table's
 * columns, expected and actual decision, the row that decided (a click selects it in the grid),
 * the result — derived from the suite text and the Tests badge's run, never remembered. A cell
 * edits the case's value in the suite text; the expectation has a picker; a test case is added for
 * the grid's selected row in one step.
 */
export const ScenarioSheet = memo(
  ScenarioSheetView,
  // The grid re-renders on every selection move: the sheet only when what it shows changes.
  (a, b) =>
    a.docId === b.docId &&
    a.table === b.table &&
    a.types === b.types &&
    a.editable === b.editable &&
    a.lang === b.lang &&
    a.activeRow === b.activeRow,
);

/** Case rows rendered at once (as the Evaluate panel's suite results). */
const MAX_ROWS = 200;

function ScenarioSheetView({
  docId,
  table,
  types,
  editable,
  lang,
  activeRow,
}: {
  readonly docId: string;
  readonly table: TableModel;
  readonly types: readonly ColumnType[];
  readonly editable: boolean;
  readonly lang: Lang;
  /** The grid's selected row (0-based): "Add a test case for row n". */
  readonly activeRow: number;
}) {
  const t = useT(scenarioStrings);
  const id = useId();
  const suiteText = useStudio((s) => s.documents[docId]?.suite ?? '');
  const run = useStudio((s) => s.suiteRuns[docId]);
  const current = useStudio((s) => suiteRunCurrent(s, docId));
  const suite = useMemo(
    () =>
      suiteText.trim() === '' || suiteText.length > MAX_SHEET_SUITE_CHARS
        ? null
        : parseSuite(suiteText).suite,
    [suiteText],
  );
  const model = useMemo(
    () => sheetModel(table, suiteText, suite, run, current),
    [table, suiteText, suite, run, current],
  );
  const [editing, setEditing] = useState<Editing | null>(null);
  const [status, setStatus] = useState<Extract<ActionResult, { ok: true }> | null>(null);
  const [refusal, setRefusal] = useState<ActionResult | null>(null);
  const [added, setAdded] = useState<number | null>(null);
  const [roving, setRoving] = useState('0:0');
  const sheet = useRef<HTMLTableElement>(null);

  // After an edit, the focus goes back to a cell once the sheet shows it again.
  const [focusTo, setFocusTo] = useState<string | null>(null);
  useEffect(() => {
    if (focusTo === null) return;
    const cells = sheet.current;
    const cell =
      cells?.querySelector<HTMLElement>(`[data-scell="${focusTo}"]`) ??
      cells?.querySelector<HTMLElement>(`[data-scell="${roving}"]`);
    if (!cell) return;
    cell.focus();
    setFocusTo(null);
  });

  // A case just added is scrolled into view once it is shown.
  useEffect(() => {
    if (added === null) return;
    const row = sheet.current?.querySelector<HTMLElement>(`[data-case="${added}"]`);
    if (!row) return;
    row.scrollIntoView({ block: 'nearest' });
    setAdded(null);
  });

  const report = (result: ActionResult) => {
    if (result.ok) {
      setStatus(result);
      setRefusal(null);
    } else setRefusal(result);
  };

  /** Selects a row in the grid, as "Show in table" does from the trace (the grid takes the focus). */
  const selectRow = (row: number) => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    studioStore.getState().showInGrid(docId, compiledRowName(table.entry, row + 1));
  };

  const activeRowModel = table.rows[activeRow];
  const [adding, setAdding] = useState(false);
  const addForRow = async () => {
    if (!activeRowModel) return;
    setAdding(true);
    const result = await addCase(
      docId,
      table,
      { row: activeRowModel.name ?? String(activeRowModel.index) },
      lang,
    );
    setAdding(false);
    if (!result) return;
    report(result);
    if (result.ok) setAdded(result.index);
  };

  const header = (col: number) => {
    const c = table.columns[col];
    if (!c) return null;
    const name = columnLabel(c.label, lang);
    return (
      <th scope="col" key={`c${col}`}>
        <ColumnName name={name} field={c.field} />
      </th>
    );
  };

  const rowLabel = (row: number | null, idText?: string) => {
    if (row === null) return format(t.noSuchRow, { id: idText ?? '' });
    const r = table.rows[row];
    return r?.name
      ? format(t.rowNamed, { row: row + 1, name: r.name })
      : format(t.rowRef, { row: row + 1 });
  };

  const commit = (r: SheetRow, e: Editing) => {
    const col = e.col;
    const old = r.values[col];
    const result = editCaseValue(
      docId,
      table,
      col,
      types[col] ?? 'unknown',
      { index: r.index, name: r.name },
      e.text,
      {
        from: { en: shownValue(old, 'en'), zh: shownValue(old, 'zh') },
        to: (text, l) => shownScalar(text, l),
      },
    );
    if (result.ok) {
      setEditing(null);
      report(result);
      return true;
    }
    setEditing({ ...e, error: pick(result.message, lang) });
    return false;
  };

  /** Moves the focus to another cell of the sheet (arrow keys), as in the grid. */
  const move = (from: HTMLElement, dRow: number, dCol: number) => {
    const [row, col] = (from.dataset.scell ?? '0:0').split(':').map(Number) as [number, number];
    const next = sheet.current?.querySelector<HTMLElement>(
      `[data-scell="${row + dRow}:${col + dCol}"]`,
    );
    next?.focus();
  };

  const cellKeys = (r: SheetRow, col: number) => (e: KeyboardEvent<HTMLElement>) => {
    if (e.target !== e.currentTarget) return;
    const editableCell = editable && col < table.columns.length;
    const start = (text: string) => {
      if (!editableCell) return;
      const v = r.values[col];
      if (isList(v) || isRecord(v)) {
        setRefusal({ ok: false, message: bilingual(scenarioStrings, (x) => x.notEditable) });
        return;
      }
      setEditing({ index: r.index, col, text, error: null });
    };
    if (e.key === 'ArrowDown') move(e.currentTarget, 1, 0);
    else if (e.key === 'ArrowUp') move(e.currentTarget, -1, 0);
    else if (e.key === 'ArrowLeft') move(e.currentTarget, 0, -1);
    else if (e.key === 'ArrowRight') move(e.currentTarget, 0, 1);
    else if (e.key === 'Enter' || e.key === 'F2')
      start(scenarioValueText(r.values[col], types[col] ?? 'unknown'));
    else if (e.key === 'Delete') {
      // As in the grid: Delete clears the cell (the fact no longer has the field) at once.
      if (editableCell) commit(r, { index: r.index, col, text: '', error: null });
    } else if (e.key === 'Backspace') start('');
    else if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) start(e.key);
    else return;
    e.preventDefault();
  };

  const valueCell = (r: SheetRow, k: number, col: number) => {
    const v = r.values[col];
    const open = editing && editing.index === r.index && editing.col === col ? editing : null;
    const label = format(t.cellLabel, { name: r.name, column: columnName(table, col, lang) });
    if (open)
      return (
        <td key={`c${col}`} className="scenario-cell editing">
          <input
            // biome-ignore lint/a11y/noAutofocus: the editor opens on the cell the user acted on
            autoFocus
            className="grid-input scenario-input"
            aria-label={revealInline(label)}
            aria-invalid={open.error !== null}
            aria-describedby={open.error ? `${id}-error` : undefined}
            value={open.text}
            onChange={(e) => setEditing({ ...open, text: e.target.value, error: null })}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.preventDefault();
                setEditing(null);
                setFocusTo(`${k}:${col}`);
              } else if (e.key === 'Enter' || e.key === 'Tab') {
                e.preventDefault();
                // As in the grid: Enter moves down, Tab right (Shift+Tab left) once it is written.
                if (commit(r, open))
                  setFocusTo(
                    e.key === 'Enter' ? `${k + 1}:${col}` : `${k}:${col + (e.shiftKey ? -1 : 1)}`,
                  );
              }
            }}
          />
        </td>
      );
    return (
      <td
        key={`c${col}`}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA grid pattern on a table
        role="gridcell"
        className={`scenario-cell${v === undefined ? ' absent' : ''}`}
        // Roving focus, as in the grid: one cell of the sheet is in the tab order.
        tabIndex={roving === `${k}:${col}` ? 0 : -1}
        onFocus={() => setRoving(`${k}:${col}`)}
        data-scell={`${k}:${col}`}
        aria-label={`${revealInline(label)}: ${revealInline(shownValue(v, lang))}`}
        onDoubleClick={() =>
          editable &&
          setEditing({
            index: r.index,
            col,
            text: scenarioValueText(v, types[col] ?? 'unknown'),
            error: null,
          })
        }
        onKeyDown={cellKeys(r, col)}
      >
        <VisibleText text={shownValue(v, lang)} />
      </td>
    );
  };

  const body = () => {
    if (model.kind === 'no-suite') return <p className="muted">{t.noSuite}</p>;
    if (model.kind === 'problems') return <p className="muted">{t.suiteProblems}</p>;
    if (model.kind === 'too-large')
      return <p className="muted">{format(t.tooLarge, { n: model.chars })}</p>;
    if (model.rows.length === 0) return <p className="muted">{t.none}</p>;
    const checking = model.state === 'checking';
    return (
      <div className="scenario-scroll">
        <table
          ref={sheet}
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA grid pattern on a table
          role="grid"
          aria-readonly={!editable}
          className="data-table scenario-table"
          aria-labelledby={`${id}-title`}
          aria-busy={checking}
          data-testid="scenario-table"
        >
          <thead>
            <tr>
              <th scope="col">{t.caseColumn}</th>
              {table.columns.map((_, col) => header(col))}
              <th scope="col">{t.expected}</th>
              <th scope="col">{t.actual}</th>
              <th scope="col">{t.row}</th>
              <th scope="col">{t.result}</th>
            </tr>
          </thead>
          <tbody>
            {model.rows.slice(0, MAX_ROWS).map((r, k) => {
              const res = r.result;
              const status = checking || !res ? 'checking' : res.status;
              const why = res?.mismatches.map((m) => m[lang]).join(lang === 'zh' ? '；' : '; ');
              const expectedText = r.expectedRows
                .map((x) => rowLabel(x.row, x.id))
                .join(lang === 'zh' ? '、' : ', ');
              const error =
                editing?.index === r.index && editing.error !== null ? editing.error : null;
              return (
                <Fragment key={r.index}>
                  <tr
                    data-case={r.index}
                    data-status={status}
                    className={`scenario-row scenario-${status}`}
                    data-testid="scenario-row"
                  >
                    <th scope="row" className="scenario-name">
                      <VisibleText text={r.name} />
                    </th>
                    {table.columns.map((_, col) => valueCell(r, k, col))}
                    <td className="nowrap">
                      <select
                        className="scenario-expect"
                        aria-label={revealInline(format(t.expectedLabel, { name: r.name }))}
                        value={r.expect?.decision ?? ''}
                        disabled={!editable}
                        data-testid="scenario-expected"
                        onChange={(e) => {
                          const d = e.target.value;
                          if (isDecision(d))
                            report(
                              editCaseDecision(
                                docId,
                                { index: r.index, name: r.name },
                                d as Decision,
                              ),
                            );
                        }}
                      >
                        {!r.expect && <option value="">{t.noExpectation}</option>}
                        {DECISION_NAMES.map((d) => (
                          <option key={d} value={d} title={d}>
                            {decisionWord(d, lang) ?? d}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td
                      className={`nowrap scenario-actual${checking ? ' stale' : ''}`}
                      data-testid="scenario-actual"
                    >
                      {res ? <DecisionWord decision={res.decision} lang={lang} /> : t.checking}
                      {res?.decidedElsewhere && (
                        <div className="muted scenario-elsewhere">
                          <VisibleText text={format(t.decidedBy, { rule: res.decidedElsewhere })} />
                        </div>
                      )}
                    </td>
                    <td
                      className={`nowrap${checking ? ' stale' : ''}`}
                      data-testid="scenario-row-cell"
                      title={expectedText || undefined}
                    >
                      {res && res.row !== null ? (
                        <button
                          type="button"
                          className="link-button scenario-row-link"
                          title={format(t.showRow, { row: res.row + 1 })}
                          data-row={res.row}
                          onClick={() => selectRow(res.row as number)}
                        >
                          <VisibleText text={rowLabel(res.row)} />
                        </button>
                      ) : res ? (
                        <span className="muted">{t.noRow}</span>
                      ) : null}
                      {/* The rows the expectation names, when the row that fired is not one of them. */}
                      {expectedText &&
                        (!res ||
                          !r.expectedRows.some((x) => x.row !== null && x.row === res.row)) && (
                          <div
                            className={
                              res ? 'scenario-expected-row mismatch' : 'scenario-expected-row'
                            }
                            data-testid="scenario-expected-row"
                          >
                            <VisibleText text={format(t.expectedRow, { rows: expectedText })} />
                          </div>
                        )}
                    </td>
                    <td
                      className={`nowrap scenario-result result-${status}`}
                      data-testid="scenario-result"
                      title={why || undefined}
                    >
                      {status === 'checking'
                        ? t.checking
                        : status === 'pass'
                          ? `✓ ${t.pass}`
                          : status === 'fail'
                            ? `✗ ${t.fail}`
                            : t.unchecked}
                      {status === 'fail' && why && <span className="sr-only">: {why}</span>}
                    </td>
                  </tr>
                  {/* Why a typed value was refused: right under its row, naming the case and column. */}
                  {error && (
                    <tr className="scenario-error-row">
                      <td colSpan={table.columns.length + 5} role="alert" id={`${id}-error`}>
                        <VisibleText text={error} multiline />
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
        {model.rows.length > MAX_ROWS && (
          <p className="muted">{format(t.more, { shown: MAX_ROWS, n: model.rows.length })}</p>
        )}
      </div>
    );
  };

  const totals =
    model.kind === 'cases' && model.state === 'current'
      ? model.rows.reduce(
          (acc, r) => ({
            passed: acc.passed + (r.result?.status === 'pass' ? 1 : 0),
            failed: acc.failed + (r.result?.status === 'fail' ? 1 : 0),
          }),
          { passed: 0, failed: 0 },
        )
      : null;
  const stateText =
    model.kind !== 'cases'
      ? null
      : model.state === 'checking'
        ? t.checking
        : model.state === 'imported'
          ? t.imported
          : model.state === 'document-invalid'
            ? t.documentInvalid
            : totals && format(t.totals, totals);

  return (
    <section
      className="scenario-sheet"
      aria-labelledby={`${id}-title`}
      data-testid="scenario-sheet"
      data-state={model.kind === 'cases' ? model.state : model.kind}
    >
      <div className="scenario-head">
        <h4 id={`${id}-title`}>
          <VisibleText text={format(t.label, { entry: table.entry })} />
        </h4>
        {model.kind === 'cases' && (
          <span className="muted">
            {format(t.count, { shown: model.rows.length, total: model.total })}
          </span>
        )}
        {stateText && (
          <span
            className={`scenario-state state-${model.kind === 'cases' ? model.state : ''}`}
            role="status"
            aria-label={
              model.kind === 'cases' && model.state === 'checking' ? t.checkingLabel : undefined
            }
            data-testid="scenario-state"
          >
            {stateText}
          </span>
        )}
        <button
          type="button"
          className="button small scenario-add"
          disabled={
            !editable ||
            adding ||
            !activeRowModel ||
            model.kind === 'problems' ||
            model.kind === 'too-large'
          }
          title={format(t.addForRowHelp, { row: activeRow + 1 })}
          onClick={() => void addForRow()}
          data-testid="scenario-add-row"
        >
          {format(t.addForRow, { row: activeRow + 1 })}
        </button>
      </div>
      {body()}
      {refusal && !refusal.ok && (
        <p role="alert" className="scenario-refusal">
          <VisibleText text={pick(refusal.message, lang)} multiline />
        </p>
      )}
      {status && (
        <p className="scenario-status" role="status" data-testid="scenario-status">
          <VisibleText text={pick(status.said, lang)} />{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              if (undoSuiteEdit(docId, status.before, status.after)) setStatus(null);
              setRefusal(null);
            }}
          >
            {t.undo}
          </button>
        </p>
      )}
    </section>
  );
}
