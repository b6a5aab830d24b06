import { tableToGrid } from '../../kernel/table-import/csv';
import './table-import.css';
import { useRef } from 'react';
import type { TableModel } from '../../kernel/table-edit';
import { DMN_VERSIONS, type DmnVersion, tableToDmn } from '../../kernel/table-import';
import { format, useT } from '../i18n/i18n';
import { studioStore } from '../store';
import { tableImportStrings } from './strings';
import { UpdateFromXlsxButton } from './update/UpdateFromXlsxButton';

function download(bytes: Uint8Array | string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Export a table as an Excel workbook (lazy-loaded writer) or as DMN: Export DMN opens a small
 * menu of the versions, 1.3 first (what most tools read) and 1.5 (the TCK's) (docs/table-import.md).
 */
export function ExportTableButtons({ table }: { readonly table: TableModel }) {
  const t = useT(tableImportStrings);
  const menu = useRef<HTMLDetailsElement>(null);
  const exportXlsx = async () => {
    const [{ writeXlsxTable }, { tableSheets }] = await Promise.all([
      import('../../table-import/xlsx'),
      import('../../kernel/table-import/sheet-round-trip'),
    ]);
    // With the `erdl` sheet: the workbook updates this table, or rebuilds it, exactly.
    const state = studioStore.getState();
    const text = state.activeId === null ? undefined : state.documents[state.activeId]?.text;
    const sheets = text === undefined ? null : tableSheets(text, table);
    download(
      await (sheets
        ? writeXlsxTable(sheets.grid, table.entry, sheets.meta)
        : writeXlsxTable(tableToGrid(table), table.entry)),
      `${table.entry}.xlsx`,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
  };
  const exportDmn = (dmnVersion: DmnVersion) => {
    if (menu.current) menu.current.open = false;
    const dmn = tableToDmn(table, dmnVersion);
    if (!dmn.ok) {
      studioStore.getState().notify('error', {
        en: format(tableImportStrings.en.dmnRefused, {
          problems: dmn.problems.map((p) => p.en).join('; '),
        }),
        zh: format(tableImportStrings.zh.dmnRefused, {
          problems: dmn.problems.map((p) => p.zh).join('；'),
        }),
      });
      return;
    }
    download(dmn.xml, `${table.entry}.dmn`, 'application/xml');
  };
  return (
    <>
      <button type="button" className="button small" onClick={() => void exportXlsx()}>
        {t.exportXlsx}
      </button>
      <details
        ref={menu}
        className="dmn-export"
        onKeyDown={(e) => {
          if (e.key === 'Escape' && menu.current?.open) {
            menu.current.open = false;
            menu.current.querySelector('summary')?.focus();
          }
        }}
      >
        <summary className="button small">{t.exportDmn}</summary>
        <fieldset className="dmn-export-menu" aria-label={t.dmnVersion}>
          {DMN_VERSIONS.map((v) => (
            <button key={v} type="button" className="button small" onClick={() => exportDmn(v)}>
              {format(t.exportDmnVersion, { version: v })}
            </button>
          ))}
        </fieldset>
      </details>
      <UpdateFromXlsxButton entry={table.entry} />
    </>
  );
}
