import './update-table.css';
import { useMemo, useState } from 'react';
import { applyTextEdits, type PasteWidening, readTables } from '../../../kernel/table-edit';
import type { SheetMeta } from '../../../kernel/table-import/sheet-round-trip';
import { type CellChange, planSheetUpdate } from '../../../kernel/table-import/sheet-round-trip';
import { revealInline } from '../../../kernel/util/visible-text';
import { decisionWord } from '../../grid/changes/cell-phrase';
import { columnName, wideningText } from '../../grid/changes/widening-text';
import { format, pick, useT } from '../../i18n/i18n';
import { useModalDialog } from '../../shell/use-modal-dialog';
import { VisibleText } from '../../shell/VisibleText';
import { studioStore, useStudio } from '../../store';
import { updateStrings } from './strings';

/**
 * "Update this table" from a workbook (docs/table-import.md, "Round trips"): the rows the sheet
 * adds, removes and changes, each changed cell as it was and as it becomes, what the update widens
 * (as the paste preview says it) and a fallback the workbook has that the document has not (shown,
 * never applied). One edit of the document's text on confirm: one undo step.
 */
export function UpdateTableDialog({
  docId,
  entry,
  fileName,
  grid,
  meta,
  onApplied,
  onNewDocument,
  onClose,
}: {
  readonly docId: string;
  readonly entry: string;
  readonly fileName: string;
  readonly grid: readonly (readonly string[])[];
  readonly meta: SheetMeta | null;
  /** After the update is applied (the document's text changed). */
  readonly onApplied?: () => void;
  readonly onNewDocument: () => void;
  readonly onClose: () => void;
}) {
  const t = useT(updateStrings);
  const lang = useStudio((s) => s.lang);
  // Opened from the document list, the table may be another document's than the one shown.
  const otherDocument = useStudio((s) =>
    s.activeId === docId ? null : (s.documents[docId]?.name ?? null),
  );
  const dialog = useModalDialog();
  // The preview is of the text as it is when the dialog opens; it applies only to that text.
  const [text] = useState(() => studioStore.getState().documents[docId]?.text ?? '');
  const read = useMemo(() => readTables(text), [text]);
  const table = read.ok ? read.tables.find((x) => x.entry === entry) : undefined;
  const plan = useMemo(
    () => (table ? planSheetUpdate(text, table, grid, meta) : null),
    [text, table, grid, meta],
  );
  const cellColumn = (c: CellChange): string => {
    if (typeof c.at === 'number') return table ? columnName(table, c.at, lang) : c.column;
    return c.at === 'then' ? t.decision : t[c.at];
  };
  const cellText = (v: string) => (v === '' ? <span className="muted">{t.empty}</span> : v);
  const rowLabel = (row: number, name: string | null) =>
    name === null ? format(t.rowN, { n: row + 1 }) : format(t.rowNamed, { n: row + 1, name });
  const widenings: string[] = [];
  if (plan?.ok && table) {
    const defaultThen = table.rows.find((r) => r.isDefault)?.then ?? null;
    for (const c of plan.changes) {
      const ws: PasteWidening[] = [];
      if (c.kind === 'changed') {
        if (c.widening) ws.push({ kind: 'row', row: c.row, widening: c.widening });
        const then = c.cells.find((x) => x.at === 'then');
        if (c.lessBlocking && then)
          ws.push({
            kind: 'decision',
            row: c.row,
            before: then.was,
            after: then.becomes,
            newRow: false,
          });
      } else if (c.kind === 'added' && c.lessBlocking)
        ws.push({
          kind: 'decision',
          row: c.sheetRow - 2,
          before: defaultThen,
          after: c.cells[c.cells.length - 1] as string,
          newRow: true,
        });
      else if (c.kind === 'removed' && c.mayWiden)
        widenings.push(
          format(t.removedWidens, {
            row: c.row + 1,
            before: decisionWord(c.cells[c.cells.length - 1] as string, lang),
            after: decisionWord(defaultThen ?? '', lang),
          }),
        );
      for (const w of ws) widenings.push(wideningText(w, table, lang).text);
    }
  }
  const counts = plan?.ok
    ? {
        added: plan.changes.filter((c) => c.kind === 'added').length,
        removed: plan.changes.filter((c) => c.kind === 'removed').length,
        changed: plan.changes.filter((c) => c.kind === 'changed').length,
      }
    : null;
  const apply = () => {
    if (!plan?.ok || !plan.edit) return;
    const state = studioStore.getState();
    const now = state.documents[docId]?.text;
    const next = now === text ? applyTextEdits(text, [plan.edit]) : null;
    if (next === null) {
      state.notify('warning', { en: updateStrings.en.raced, zh: updateStrings.zh.raced });
      onClose();
      return;
    }
    state.setText(docId, next);
    onApplied?.();
    state.notify('info', {
      en: format(updateStrings.en.updated, { table: entry, file: fileName }),
      zh: format(updateStrings.zh.updated, { table: entry, file: fileName }),
    });
    onClose();
  };
  return (
    <dialog
      ref={dialog}
      className="import-dialog update-table"
      aria-label={format(t.title, { table: revealInline(entry), file: revealInline(fileName) })}
      data-testid="update-table"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // Keys typed in the dialog are its own, not the grid's it was opened from.
      onKeyDown={(event) => event.stopPropagation()}
    >
      <h2 className="section-title">
        <VisibleText text={format(t.title, { table: entry, file: fileName })} />
      </h2>
      {plan === null || !plan.ok ? (
        <div role="alert">
          <p>{t.refused}</p>
          <ul>
            {(plan?.ok === false
              ? plan.problems
              : [{ en: updateStrings.en.noTable, zh: updateStrings.zh.noTable }]
            ).map((p) => (
              <li key={p.en}>
                <VisibleText text={pick(p, lang)} />
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <>
          {otherDocument !== null && (
            <p data-testid="update-document">
              <VisibleText text={format(t.inDocument, { document: otherDocument })} />
            </p>
          )}
          <p className="muted">{t.intro}</p>
          {plan.otherEntry !== null && (
            <p className="update-note" data-testid="update-other-entry">
              <VisibleText text={format(t.otherEntry, { entry: plan.otherEntry })} />
            </p>
          )}
          {plan.fallback !== null && (
            <p className="update-note" data-testid="update-fallback">
              {format(t.fallbackDiffers, {
                sheet: plan.fallback.sheet ?? t.none,
                document: plan.fallback.document ?? t.none,
              })}
            </p>
          )}
          {plan.changes.length === 0 ? (
            <p data-testid="update-no-change">{t.noChange}</p>
          ) : (
            <>
              <p data-testid="update-counts">{format(t.counts, counts ?? {})}</p>
              <div className="update-table-scroll">
                <table className="data-table">
                  <thead>
                    <tr>
                      <th>{t.row}</th>
                      <th>{t.column}</th>
                      <th>{t.was}</th>
                      <th>{t.becomes}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {plan.changes.flatMap((c) =>
                      c.kind === 'changed'
                        ? c.cells.map((cell, i) => (
                            <tr
                              key={`c${c.row}-${String(cell.at)}`}
                              data-change="changed"
                              {...(c.widening || c.lessBlocking ? { 'data-widens': '' } : {})}
                            >
                              <td className="update-where">
                                {i === 0 ? <VisibleText text={rowLabel(c.row, c.name)} /> : ''}
                              </td>
                              <td className="update-where">
                                <VisibleText text={cellColumn(cell)} />
                              </td>
                              <td className="mono update-was">{cellText(cell.was)}</td>
                              <td className="mono update-becomes">
                                {cellText(cell.becomes)}
                                {cell.typed && (
                                  <Typed text={cell.typed.text} why={pick(cell.typed.why, lang)} />
                                )}
                              </td>
                            </tr>
                          ))
                        : [
                            <tr
                              key={`${c.kind}-${c.kind === 'added' ? c.sheetRow : c.row}`}
                              data-change={c.kind}
                            >
                              <td className="update-where">
                                <VisibleText
                                  text={
                                    c.kind === 'added'
                                      ? c.name === null
                                        ? format(t.sheetRow, { n: c.sheetRow })
                                        : format(t.newRowNamed, { n: c.sheetRow, name: c.name })
                                      : rowLabel(c.row, c.name)
                                  }
                                />
                              </td>
                              <td>{c.kind === 'added' ? t.added : t.removed}</td>
                              <td className="mono update-was">
                                {c.kind === 'removed' ? c.cells.join(' · ') : ''}
                              </td>
                              <td className="mono update-becomes">
                                {c.kind === 'added' ? c.cells.join(' · ') : ''}
                                {c.kind === 'added' &&
                                  c.typed.map((x) => (
                                    <Typed key={x.column} text={x.text} why={pick(x.why, lang)} />
                                  ))}
                              </td>
                            </tr>,
                          ],
                    )}
                  </tbody>
                </table>
              </div>
            </>
          )}
          {widenings.length > 0 && (
            <section className="paste-widenings" data-testid="update-widenings">
              <h4>{t.widensTitle}</h4>
              <ul>
                {widenings.map((w) => (
                  <li key={w}>
                    <span className="widening-mark" aria-hidden="true">
                      ⚠{' '}
                    </span>
                    <VisibleText text={w} />
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
      <div className="update-actions">
        <button
          type="button"
          className="button"
          disabled={!plan?.ok || plan.edit === null}
          onClick={apply}
        >
          {widenings.length > 0 ? format(t.updateWidening, { n: widenings.length }) : t.update}
        </button>
        <button type="button" className="button" onClick={onNewDocument}>
          {t.newDocument}
        </button>
        <button type="button" className="button" onClick={onClose}>
          {t.cancel}
        </button>
      </div>
    </dialog>
  );
}

/**
 * Under a cell the update writes in ERDL's notation: the text typed in the workbook and why the
 * document cannot hold it as typed (kernel/table-import/notation.ts).
 */
function Typed({ text, why }: { readonly text: string; readonly why: string }) {
  const t = useT(updateStrings);
  return (
    <span className="update-typed" data-testid="update-typed">
      <VisibleText text={format(t.typedAs, { typed: text, why })} />
    </span>
  );
}
