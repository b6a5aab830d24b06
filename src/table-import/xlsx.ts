import readXlsxFile, { readSheet } from 'read-excel-file/universal';
import writeXlsxFile from 'write-excel-file/universal';
import type { DocumentImport } from '../kernel/table-import';
import { importGrid } from '../kernel/table-import';

/**
 * Excel workbooks in and out (docs/table-import.md): read-excel-file and write-excel-file (MIT,
 * both on fflate), loaded only when an .xlsx is imported or exported. A sheet has the CSV shape of
 * docs/table-cells.md; every cell is read as text by the one cell reader.
 */

/** A spreadsheet value as the text the cell reader reads: numbers keep their written digits. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.replace('.000Z', 'Z');
  }
  return String(value);
}

/** The workbook's sheet names in order, or null when it does not read as a workbook. */
export async function xlsxSheetNames(bytes: Uint8Array): Promise<string[] | null> {
  try {
    const sheets = await readXlsxFile(arrayBufferOf(bytes), { parseNumber: (n: string) => n });
    return sheets.map((s) => s.sheet);
  } catch {
    return null;
  }
}

function arrayBufferOf(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

export async function readXlsxTable(
  bytes: Uint8Array,
  name: string,
  sheet = 1,
): Promise<DocumentImport> {
  let rows: unknown[][];
  try {
    const buffer = arrayBufferOf(bytes);
    // parseNumber keeps a number's digits as written (never re-rendered through a double).
    rows = (await readSheet(buffer, sheet, { parseNumber: (n: string) => n })) as unknown[][];
  } catch (e) {
    const detail = e instanceof Error ? e.message : String(e);
    return {
      text: null,
      tables: [],
      notes: [
        {
          level: 'error',
          message: {
            en: `sheet ${sheet} of the workbook cannot be read: ${detail}`,
            zh: `无法读取工作簿的第 ${sheet} 个工作表：${detail}`,
          },
        },
      ],
    };
  }
  const grid = rows.map((r) => r.map(cellText)).filter((r) => r.some((c) => c.trim() !== ''));
  return importGrid(grid, name, `Excel sheet ${sheet}`);
}

/** A grid of cell texts (tableToGrid) as an .xlsx workbook of one sheet; every cell is text. */
export async function writeXlsxTable(
  grid: readonly (readonly string[])[],
  sheet: string,
): Promise<Uint8Array> {
  const data = grid.map((r, i) =>
    r.map((value) => ({
      value,
      type: String,
      ...(i === 0 ? { fontWeight: 'bold' as const } : {}),
    })),
  );
  const blob = await writeXlsxFile(data, {
    sheet: sheet.slice(0, 31).replace(/[\\/?*[\]:]/g, '-') || 'table',
  }).toBlob();
  return new Uint8Array(await blob.arrayBuffer());
}
