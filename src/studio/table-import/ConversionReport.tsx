import './table-import.css';
import { format, pick, useT } from '../i18n/i18n';
import { useStudio } from '../store';
import type { ForeignImport } from './foreign-file';
import { tableImportStrings } from './strings';

/** The conversion report of an imported DMN / JDM / Excel file, in the UI language. */
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
  const groups = [
    { title: t.file, notes: report.result.notes },
    ...report.result.tables.map((tb) => ({
      title: format(t.table, { name: tb.name }),
      notes: tb.notes,
    })),
  ].filter((g) => g.notes.length > 0);
  return (
    <section
      className="conversion-report"
      aria-label={format(t.title, { file: report.fileName })}
      data-testid="conversion-report"
    >
      <header className="conversion-report-head">
        <h3>{format(t.title, { file: report.fileName })}</h3>
        <button type="button" className="button small" onClick={onClose}>
          {t.close}
        </button>
      </header>
      <p>{documentName === null ? t.nothing : format(t.converted, { name: documentName })}</p>
      {groups.map((g) => (
        <div key={g.title}>
          <h4>{g.title}</h4>
          <ul>
            {g.notes.map((n, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: notes are a fixed list shown once.
              <li key={i} className={`note-${n.level}`} data-level={n.level}>
                <strong>{t[n.level]}</strong> {pick(n.message, lang)}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
