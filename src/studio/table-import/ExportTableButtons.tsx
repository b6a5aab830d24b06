import { useState } from 'react';
import { type TableModel, tableToGrid } from '../../kernel/table-edit';
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
 * Export a table as an Excel workbook (lazy-loaded writer) or as DMN — 1.3 by default, 1.5 when
 * picked beside the button (docs/table-import.md).
 */
export function ExportTableButtons({ table }: { readonly table: TableModel }) {
  const t = useT(tableImportStrings);
  const [dmnVersion, setDmnVersion] = useState<DmnVersion>('1.3');
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
  const exportDmn = () => {
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
      <button type="button" className="button small" onClick={exportDmn}>
        {t.exportDmn}
      </button>
      <UpdateFromXlsxButton entry={table.entry} />
      <select
        className="button small dmn-version"
        aria-label={t.dmnVersion}
        title={t.dmnVersion}
        value={dmnVersion}
        onChange={(e) => setDmnVersion(e.currentTarget.value as DmnVersion)}
      >
        {DMN_VERSIONS.map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </select>
    </>
  );
}
