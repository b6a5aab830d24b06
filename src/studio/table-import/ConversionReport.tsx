import './table-import.css';
import { useState } from 'react';
import type { OutputMapping } from '../../kernel/table-import';
import { revealInline } from '../../kernel/util/visible-text';
import { format, pick, useT } from '../i18n/i18n';
import { useModalDialog } from '../shell/use-modal-dialog';
import { VisibleText } from '../shell/VisibleText';
import { studioStore, useStudio } from '../store';
import { type ForeignImport, readForeignFile } from './foreign-file';
import { OutputMappingForm } from './output-mapping/OutputMappingForm';
import { outputMappingStrings } from './output-mapping/strings';
import { rememberMappings } from './output-mappings';
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
  const m = useT(outputMappingStrings);
  const lang = useStudio((s) => s.lang);
  const dialog = useModalDialog();
  // The file read again with the analyst's mapping (issue 38 §4) replaces the report shown.
  const [applied, setApplied] = useState<{
    readonly of: ForeignImport;
    readonly now: ForeignImport;
    readonly status: string;
  } | null>(null);
  const [busy, setBusy] = useState(false);
  const current = applied?.of === report ? applied.now : report;
  const status = applied?.of === report ? applied.status : report.remembered ? m.remembered : '';
  const result = current.result;
  const business = result.tables.filter((tb) => tb.entry !== null && tb.businessOutputs);
  const apply = async (mappings: OutputMapping[]) => {
    const bytes = report.bytes;
    if (!bytes || documentName === null) return;
    setBusy(true);
    try {
      const again = await readForeignFile(report.fileName, bytes, undefined, mappings);
      const state = studioStore.getState();
      const doc = Object.values(state.documents).find((d) => d.name === documentName);
      const done = (now: ForeignImport, text: string) =>
        setApplied({ of: report, now, status: text });
      if (again.kind !== 'foreign' || again.result.text === null) return done(current, m.failed);
      if (!doc) return done(current, format(m.gone, { name: documentName }));
      state.setText(doc.id, again.result.text);
      await rememberMappings(report.fileName, bytes, mappings);
      done(again, format(m.applied, { name: documentName }));
    } finally {
      setBusy(false);
    }
  };
  const headline = pick(current.headline, lang);
  const total = result.tables.length;
  const allConverted = total > 0 && result.tables.every((tb) => tb.entry !== null);
  const groups = [
    { title: t.file, notes: result.notes },
    ...result.tables.map((tb) => ({
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
      <p data-testid="conversion-headline">
        {result.refused ? (
          t.refused
        ) : documentName === null ? (
          <VisibleText text={format(m.noneAdded, { headline })} />
        ) : allConverted ? (
          // Every table converted: the count is said when there were several.
          <VisibleText
            text={
              total > 1
                ? format(m.allConverted, { name: documentName, headline })
                : format(t.converted, { name: documentName })
            }
          />
        ) : (
          <VisibleText text={format(m.partly, { headline, name: documentName })} />
        )}
      </p>
      {status && (
        <p role="status" data-testid="mapping-status">
          <VisibleText text={status} />
        </p>
      )}
      {business.length > 0 && documentName !== null && report.bytes && (
        <OutputMappingForm
          key={business.map((tb) => tb.name).join('\u0000')}
          tables={business}
          given={current.mappings ?? []}
          busy={busy}
          onApply={(mappings) => void apply(mappings)}
        />
      )}
      {groups.map((g) => (
        <div key={g.title}>
          <h3>{g.title}</h3>
          <ul>
            {g.notes.map((n, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: notes are a fixed list shown once.
              <li key={i} className={`note-${n.level}`} data-level={n.level}>
                <strong>
                  {result.refused && n.level === 'error' ? t.refusedNote : t[n.level]}
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
