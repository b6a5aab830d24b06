import { useEffect, useId, useRef, useState } from 'react';
import type { PastePlan, TableModel } from '../../kernel/table-edit';
import { format, pick, useT } from '../i18n/i18n';
import { VisibleText } from '../shell/VisibleText';
import type { Lang } from '../store/types';
import { columnLabel } from './column-label';
import { gridStrings } from './strings';

/**
 * The paste, before it applies: every pasted cell with how it will be read (operator and value)
 * or why it cannot be, what needs confirmation (the default row, rows outside the selection), and
 * Apply / Cancel. Refused cells block Apply: a paste applies whole, as one undo step, or not at all.
 */
export function PastePreview({
  plan,
  table,
  lang,
  onApply,
  onCancel,
}: {
  readonly plan: PastePlan;
  readonly table: TableModel;
  readonly lang: Lang;
  readonly onApply: () => void;
  readonly onCancel: () => void;
}) {
  const t = useT(gridStrings);
  const titleId = useId();
  const [confirmed, setConfirmed] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.querySelector<HTMLElement>('button, input')?.focus();
  }, []);
  const conditions = table.columns.length;
  const columnName = (col: number) =>
    col < conditions
      ? (columnLabel(table.columns[col]?.label, lang) ?? table.columns[col]?.field ?? '')
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
  const canApply = !blocked && (plan.confirm.length === 0 || confirmed);
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
      <p className="muted">{t.pasteIntro}</p>
      <div className="paste-preview-scroll">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t.pasteWhere}</th>
              <th scope="col">{t.pasteText}</th>
              <th scope="col">{t.pasteReading}</th>
            </tr>
          </thead>
          <tbody>
            {plan.cells.map((c) => (
              <tr
                key={`${c.blockRow}:${c.blockColumn}`}
                className={c.reading.ok ? undefined : 'paste-refused'}
                data-paste-cell={`${c.blockRow}:${c.blockColumn}`}
              >
                <td>
                  <VisibleText text={where(c.row, c.column)} />
                </td>
                <td className="mono">{c.text === '' ? '∅' : <VisibleText text={c.text} />}</td>
                <td>
                  {c.reading.ok ? (
                    <VisibleText text={pick(c.reading.description, lang)} />
                  ) : (
                    <span className="paste-reason">
                      <VisibleText text={pick(c.reading.message, lang)} />
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rowProblems.length > 0 && (
        <ul className="paste-row-problems">
          {rowProblems.map((p) => (
            <li key={p.blockRow} className="paste-reason">
              <VisibleText
                text={format(t.pasteRowProblem, {
                  row: p.blockRow + 1,
                  message: pick(p.message, lang),
                })}
              />
            </li>
          ))}
        </ul>
      )}
      {blocked && (
        <p role="alert" className="paste-blocked">
          {format(t.pasteProblems, { n: plan.problems.length })}
        </p>
      )}
      {!blocked && plan.confirm.length > 0 && (
        <div className="paste-confirm">
          <p>{t.pasteConfirmIntro}</p>
          <ul>
            {plan.confirm.map((c) => (
              <li key={c.en}>
                <VisibleText text={pick(c, lang)} />
              </li>
            ))}
          </ul>
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
          {t.pasteApply}
        </button>
        <button type="button" className="button small" onClick={onCancel}>
          {t.pasteCancel}
        </button>
      </div>
    </div>
  );
}
