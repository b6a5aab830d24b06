import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { columnPlace, type PastePlan, type TableModel } from '../../kernel/table-edit';
import { format, pick, useT } from '../i18n/i18n';
import { VisibleText } from '../shell/VisibleText';
import type { Lang } from '../store/types';
import { changeStrings } from './changes/strings';
import { type WideningMark, widenedRows, wideningText } from './changes/widening-text';
import { gridStrings } from './strings';
import './changes/changes.css';

/**
 * The paste, before it applies: for every cell it changes, the cell as it was and how the pasted
 * text will read (was → becomes); refused cells with their reason; what the paste widens (a row
 * that would match inputs it did not match, a decision that blocks less), each marked and said in
 * a sentence; what needs confirmation (the default row, rows outside the selection); Apply /
 * Cancel. Refused cells block Apply: a paste applies whole, as one undo step, or not at all.
 */
export function PastePreview({
  plan,
  header = null,
  table,
  lang,
  onApply,
  onCancel,
  asks,
}: {
  readonly plan: PastePlan;
  /** The pasted block's header row, left out of the paste: said, and the rows numbered after it. */
  readonly header?: readonly string[] | null;
  readonly table: TableModel;
  readonly lang: Lang;
  readonly onApply: () => void;
  readonly onCancel: () => void;
  /** What the grid asks before the paste can read (column-type/PasteReadAsText.tsx). */
  readonly asks?: ReactNode;
}) {
  const t = useT(gridStrings);
  const c = useT(changeStrings).preview;
  const titleId = useId();
  const [confirmed, setConfirmed] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.querySelector<HTMLElement>('button, input')?.focus();
  }, []);
  const conditions = table.columns.length;
  // A condition column by its header: its label and field path (issue 36), never its number.
  const columnName = (col: number) =>
    col < conditions
      ? (() => {
          const c = table.columns[col];
          return c ? pick(columnPlace(c), lang) : '';
        })()
      : col === conditions
        ? t.decision
        : col === conditions + 1
          ? t.priority
          : `#${col + 1}`;
  const where = (row: number, col: number) =>
    row >= 0
      ? format(t.pasteAt, { row: row + 1, column: columnName(col) })
      : format(t.pasteAtNew, { row: plan.insertAt - row, column: columnName(col) });
  const rowProblems = plan.problems.filter((p) => p.blockColumn === null);
  const blocked = plan.problems.length > 0;
  const shown = plan.cells.filter((cell) => cell.changed || !cell.reading.ok);
  const unchanged = plan.cells.length - shown.length;
  const widenings = plan.widenings.map((w) => wideningText(w, table, lang));
  const widened = widenedRows(plan.widenings);
  // A cell's mark: the strongest widening of its row that names its column (or its decision).
  const markOf = (row: number, col: number): WideningMark | null => {
    const at = row >= 0 ? row : plan.insertAt - row - 1;
    const marks = widenings
      .filter(
        (w) =>
          w.row === at &&
          (w.columns.includes(col) || (w.columns.length === 0 && col === conditions)),
      )
      .map((w) => w.mark);
    return marks.includes('widens') ? 'widens' : (marks[0] ?? null);
  };
  const markText = (mark: WideningMark) =>
    mark === 'widens' ? c.widensMark : mark === 'may-widen' ? c.mayWidenMark : c.lessBlockingMark;
  const needsConfirm = plan.confirm.length > 0 || widenings.length > 0;
  const canApply = !blocked && (!needsConfirm || confirmed);
  return (
    <div
      ref={box}
      role="dialog"
      aria-labelledby={titleId}
      className="paste-preview"
      data-testid="paste-preview"
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.key === 'Escape') {
          e.preventDefault();
          onCancel();
        }
      }}
    >
      <h3 id={titleId}>{t.pastePreview}</h3>
      <p className="muted">{c.intro}</p>
      {header && (
        <p data-testid="paste-header">
          <VisibleText
            text={format(t.pasteHeader, { names: header.join(lang === 'zh' ? '、' : ', ') })}
          />
        </p>
      )}
      {shown.length > 0 ? (
        <div className="paste-preview-scroll">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t.pasteWhere}</th>
                <th scope="col">{c.was}</th>
                <th scope="col">{t.pasteText}</th>
                <th scope="col">{c.becomes}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((cell) => {
                const mark = cell.reading.ok ? markOf(cell.row, cell.column) : null;
                return (
                  <tr
                    key={`${cell.blockRow}:${cell.blockColumn}`}
                    className={cell.reading.ok ? undefined : 'paste-refused'}
                    data-paste-cell={`${cell.blockRow}:${cell.blockColumn}`}
                    data-widens={mark ?? undefined}
                  >
                    <td className="paste-where">
                      <VisibleText text={where(cell.row, cell.column)} />
                    </td>
                    <td className="mono paste-was">
                      {cell.was === null ? (
                        <span className="muted">{c.newCell}</span>
                      ) : cell.was === '' ? (
                        <span className="muted">{c.empty}</span>
                      ) : (
                        <VisibleText text={keepOperator(cell.was)} />
                      )}
                    </td>
                    <td className="mono paste-text">
                      {cell.text === '' ? '∅' : <VisibleText text={keepOperator(cell.text)} />}
                    </td>
                    <td className="paste-becomes">
                      {cell.reading.ok ? (
                        <>
                          <span className="paste-reading">
                            <VisibleText
                              text={keepOperator(pick(cell.reading.description, lang))}
                            />
                          </span>
                          {mark && (
                            <span className={`widening-mark widening-${mark}`}>
                              {'⚠ '}
                              {markText(mark)}
                            </span>
                          )}
                        </>
                      ) : (
                        <span className="paste-reason">
                          <VisibleText text={pick(cell.reading.message, lang)} />
                        </span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : (
        !blocked && <p data-testid="paste-no-change">{c.nothingChanges}</p>
      )}
      {unchanged > 0 && shown.length > 0 && (
        <p className="muted" data-testid="paste-unchanged">
          {format(c.unchanged, { n: unchanged })}
        </p>
      )}
      {rowProblems.length > 0 && (
        <ul className="paste-row-problems">
          {rowProblems.map((p) => (
            <li key={p.blockRow} className="paste-reason">
              <VisibleText
                text={format(t.pasteRowProblem, {
                  row: p.blockRow + 1 + (header ? 1 : 0),
                  message: pick(p.message, lang),
                })}
              />
            </li>
          ))}
        </ul>
      )}
      {asks}
      {blocked && (
        <p role="alert" className="paste-blocked">
          {format(t.pasteProblems, { n: plan.problems.length })}
        </p>
      )}
      {!blocked && widenings.length > 0 && (
        <section className="paste-widenings" data-testid="paste-widenings">
          <h4>
            <span aria-hidden="true">⚠ </span>
            {c.widensTitle}
          </h4>
          <p className="muted">{c.widensIntro}</p>
          <ul>
            {widenings.map((w) => (
              <li key={w.text} className={`widening-${w.mark}`} data-widening={w.mark}>
                <span className="widening-mark" aria-hidden="true">
                  ⚠{' '}
                </span>
                <VisibleText text={w.text} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {!blocked && needsConfirm && (
        <div className="paste-confirm">
          {plan.confirm.length > 0 && (
            <>
              <p>{t.pasteConfirmIntro}</p>
              <ul>
                {plan.confirm.map((m) => (
                  <li key={m.en}>
                    <VisibleText text={pick(m, lang)} />
                  </li>
                ))}
              </ul>
            </>
          )}
          <label>
            <input
              type="checkbox"
              checked={confirmed}
              onChange={(e) => setConfirmed(e.target.checked)}
            />{' '}
            {t.pasteConfirm}
          </label>
        </div>
      )}
      <div className="paste-actions">
        <button type="button" className="button small" disabled={!canApply} onClick={onApply}>
          {widened > 0 ? format(c.applyWidening, { n: widened }) : c.apply}
        </button>
        <button type="button" className="button small" onClick={onCancel}>
          {t.pasteCancel}
        </button>
      </div>
    </div>
  );
}

/** A no-break space after each comparison symbol: a line never ends between `<` and `580`. */
function keepOperator(text: string): string {
  return text.replace(/([<>=!≥≤≠]) /g, '$1\u00a0');
}
