import './table-import.css';
import { revealInline } from '../../kernel/util/visible-text';
import { format, pick, useT } from '../i18n/i18n';
import { useModalDialog } from '../shell/use-modal-dialog';
import { VisibleText } from '../shell/VisibleText';
import { useStudio } from '../store';
import type { ForeignImport } from './foreign-file';
import { tableImportStrings } from './strings';

/**
 * The conversion report of an imported DMN / JDM / Excel file, in the UI language: a dialog wide
 * enough to read every note at once (the document list beside the editor is too narrow for it),
 * closed with its button or Escape.
 */
export function ConversionReport({
  report,
  documentName,
  onClose,
}: {
  readonly report: ForeignImport;
  readonly documentName: string | null;
  readonly onClose: () => void;
}) {
  const t = useT(tableImportStrings);
  const lang = useStudio((s) => s.lang);
  const dialog = useModalDialog();
  const groups = [
    { title: t.file, notes: report.result.notes },
    ...report.result.tables.map((tb) => ({
      title: format(t.table, { name: revealInline(tb.name) }),
      notes: tb.notes,
    })),
  ].filter((g) => g.notes.length > 0);
  return (
    <dialog
      ref={dialog}
      className="import-dialog conversion-report"
      aria-label={format(t.title, { file: revealInline(report.fileName) })}
      data-testid="conversion-report"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <header className="conversion-report-head">
        <h2 className="section-title">
          <VisibleText text={format(t.title, { file: report.fileName })} />
        </h2>
        <button type="button" className="button" onClick={onClose}>
          {t.close}
        </button>
      </header>
      <p>
        {documentName === null ? (
          report.result.refused ? (
            t.refused
          ) : (
            t.nothing
          )
        ) : (
          <VisibleText text={format(t.converted, { name: documentName })} />
        )}
      </p>
      {groups.map((g) => (
        <div key={g.title}>
          <h3>{g.title}</h3>
          <ul>
            {g.notes.map((n, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: notes are a fixed list shown once.
              <li key={i} className={`note-${n.level}`} data-level={n.level}>
                <strong>
                  {report.result.refused && n.level === 'error' ? t.refusedNote : t[n.level]}
                </strong>{' '}
                <VisibleText text={pick(n.message, lang)} multiline />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </dialog>
  );
}
