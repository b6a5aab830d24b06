import readXlsxFile from 'read-excel-file/universal';
import writeXlsxFile from 'write-excel-file/universal';
import type { Bilingual } from '../kernel/diagnostics/diagnostic';
import { MAX_TABLE_CELL_CHARS, MAX_TABLE_FILE_BYTES } from '../kernel/file-limits';
import type { DocumentImport, ImportNote } from '../kernel/table-import';
import { cellTooLong, importGrid, tableFileTooLarge } from '../kernel/table-import';
import {
  importSheetWithMeta,
  META_SHEET,
  readSheetMeta,
  type SheetMeta,
} from '../kernel/table-import/sheet-round-trip';
import { guardWorkbook } from './xlsx-guard';

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

const refused = (message: Bilingual): DocumentImport => ({
  text: null,
  refused: true,
  tables: [],
  notes: [{ level: 'error', message }],
});

/**
 * The workbook's sheets (name and rows), read from the guarded parts only (xlsx-guard.ts): the
 * refusal when the workbook is over a limit, or the reader's failure.
 */
type SheetsRead =
  | { ok: true; sheets: { sheet: string; data: unknown[][] }[]; meta: SheetMeta | null }
  | { ok: false; refused: boolean; message: Bilingual };

/**
 * The round-trip meta sheet (sheet-round-trip.ts) when the workbook's last sheet is one: it is then
 * not a table sheet, and the table sheet is read with it.
 */
function splitMeta(sheets: { sheet: string; data: unknown[][] }[]): {
  sheets: { sheet: string; data: unknown[][] }[];
  meta: SheetMeta | null;
} {
  const last = sheets[sheets.length - 1];
  if (sheets.length < 2 || last?.sheet !== META_SHEET) return { sheets, meta: null };
  const meta = readSheetMeta(last.data.map((r) => r.map(cellText)));
  return meta ? { sheets: sheets.slice(0, -1), meta } : { sheets, meta: null };
}

async function readSheets(bytes: Uint8Array): Promise<SheetsRead> {
  if (bytes.length > MAX_TABLE_FILE_BYTES)
    return { ok: false, refused: true, message: tableFileTooLarge(bytes.length) };
  const guarded = guardWorkbook(bytes);
  if (!guarded.ok) return { ok: false, refused: true, message: guarded.message };
  try {
    // parseNumber keeps a number's digits as written (never re-rendered through a double).
    const sheets = await readXlsxFile(arrayBufferOf(guarded.bytes), {
      parseNumber: (n: string) => n,
    });
    return { ok: true, ...splitMeta(sheets as { sheet: string; data: unknown[][] }[]) };
  } catch (e) {
    return {
      ok: false,
      refused: false,
      message: workbookUnreadable(e instanceof Error ? e.message : String(e)),
    };
  }
}

/** Why a workbook could not be read (the reader's own words in `detail`). */
export function workbookUnreadable(detail: string): Bilingual {
  return { en: `the workbook cannot be read: ${detail}`, zh: `无法读取该工作簿：${detail}` };
}

/** The workbook's sheet names in order; null when it does not read as a workbook. */
export async function xlsxSheetNames(bytes: Uint8Array): Promise<string[] | null> {
  const read = await readSheets(bytes);
  return read.ok ? read.sheets.map((s) => s.sheet) : null;
}

/**
 * A workbook read once for the studio: its sheet names when it has several (the user picks one,
 * then `readXlsxTable` reads it), else the import of its one sheet — or the refusal.
 */
export async function readXlsxOrSheets(
  bytes: Uint8Array,
  name: string,
): Promise<{ kind: 'sheets'; sheets: string[] } | { kind: 'import'; result: DocumentImport }> {
  const read = await readSheets(bytes);
  if (read.ok && read.sheets.length > 1)
    return { kind: 'sheets', sheets: read.sheets.map((s) => s.sheet) };
  return { kind: 'import', result: sheetImport(read, name, 1) };
}

function arrayBufferOf(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

/** A sheet name as a reference's prefix: quoted as Excel quotes it when it is not a plain word. */
function sheetPrefix(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_.]*$/.test(name) ? name : `'${name.replaceAll("'", "''")}'`;
}

/** A 0-based column as its letters (0 → A, 26 → AA). */
function columnLetters(column: number): string {
  let name = '';
  for (let c = column + 1; c > 0; c = Math.floor((c - 1) / 26))
    name = String.fromCharCode(65 + ((c - 1) % 26)) + name;
  return name;
}

export async function readXlsxTable(
  bytes: Uint8Array,
  name: string,
  sheet = 1,
): Promise<DocumentImport> {
  return sheetImport(await readSheets(bytes), name, sheet);
}

/** Sheet `sheet` (1-based) of a workbook read by readSheets, as an ERDL document. */
function sheetImport(read: SheetsRead, name: string, sheet: number): DocumentImport {
  if (!read.ok) {
    if (read.refused) return refused(read.message);
    return {
      text: null,
      tables: [],
      notes: [
        {
          level: 'error',
          message: {
            en: `sheet ${sheet} of the workbook cannot be read: ${read.message.en}`,
            zh: `无法读取工作簿的第 ${sheet} 个工作表：${read.message.zh}`,
          },
        },
      ],
    };
  }
  const found = read.sheets[sheet - 1];
  if (!found)
    return {
      text: null,
      tables: [],
      notes: [
        {
          level: 'error',
          message: {
            en: `the workbook has ${read.sheets.length} sheet${read.sheets.length === 1 ? '' : 's'}, so there is no sheet ${sheet}`,
            zh: `该工作簿只有 ${read.sheets.length} 个工作表，没有第 ${sheet} 个`,
          },
        },
      ],
    };
  const prefix = sheetPrefix(found.sheet);
  const ref = (row: number, column: number) => `${prefix}!${columnLetters(column)}${row + 1}`;
  // Every cell over the limit is named by its reference before any cell is read.
  const tooLong: ImportNote[] = [];
  found.data.forEach((cells, r) => {
    cells.forEach((value, c) => {
      if (typeof value === 'string' && value.length > MAX_TABLE_CELL_CHARS)
        tooLong.push({
          level: 'error',
          message: cellTooLong({ en: ref(r, c), zh: ref(r, c) }, value.length),
        });
    });
  });
  if (tooLong.length > 0) return { text: null, tables: [], notes: tooLong };
  // Blank rows are left out; each grid row keeps its sheet row for the problems' references.
  const sheetRows: number[] = [];
  const grid: string[][] = [];
  found.data.forEach((cells, r) => {
    const texts = cells.map(cellText);
    if (!texts.some((c) => c.trim() !== '')) return;
    sheetRows.push(r);
    grid.push(texts);
  });
  const place = (line: number, column: number) => {
    const at = ref(sheetRows[line - 1] ?? line - 1, column - 1);
    return { en: at, zh: at };
  };
  // A workbook exported by ERDL rebuilds its table: name, description, types and fallback.
  if (read.meta && sheet === 1)
    return importSheetWithMeta(grid, read.meta, `Excel sheet ${sheet}`, place);
  return importGrid(grid, name, `Excel sheet ${sheet}`, place);
}

/** Limits of a workbook read for an update: the same guard as an import (xlsx-guard.ts). */
export type SheetForUpdate =
  | { readonly ok: true; readonly grid: string[][]; readonly meta: SheetMeta | null }
  | { readonly ok: false; readonly message: Bilingual };

/**
 * The first sheet of a workbook as cell texts, and its round-trip meta sheet when it has one: what
 * "Update this table" compares with the table (sheet-round-trip.ts planSheetUpdate). Blank rows
 * are kept (the update skips them, naming sheet rows by their place).
 */
export async function readXlsxForUpdate(bytes: Uint8Array): Promise<SheetForUpdate> {
  const read = await readSheets(bytes);
  if (!read.ok) return { ok: false, message: read.message };
  const first = read.sheets[0];
  if (!first)
    return { ok: false, message: { en: 'the workbook has no sheet', zh: '该工作簿没有工作表' } };
  for (const [r, cells] of first.data.entries())
    for (const [c, value] of cells.entries())
      if (typeof value === 'string' && value.length > MAX_TABLE_CELL_CHARS) {
        const at = `${sheetPrefix(first.sheet)}!${columnLetters(c)}${r + 1}`;
        return { ok: false, message: cellTooLong({ en: at, zh: at }, value.length) };
      }
  return { ok: true, grid: first.data.map((r) => r.map(cellText)), meta: read.meta };
}

/**
 * A grid of cell texts (tableToGrid) as an .xlsx workbook: the table's sheet, and — when `meta` is
 * given (sheet-round-trip.ts tableSheets) — the round-trip sheet `erdl` after it. Every cell is
 * text. The same grid gives the same bytes: the zip entries' times are fixed (normalizeZipTimes).
 */
export async function writeXlsxTable(
  grid: readonly (readonly string[])[],
  sheet: string,
  meta?: readonly (readonly string[])[],
): Promise<Uint8Array> {
  const cells = (rows: readonly (readonly string[])[], bold: boolean) =>
    rows.map((r, i) =>
      r.map((value) => ({
        value,
        type: String,
        ...(bold && i === 0 ? { fontWeight: 'bold' as const } : {}),
      })),
    );
  const name = sheet.slice(0, 31).replace(/[\\/?*[\]:]/g, '-') || 'table';
  const blob = await (meta
    ? writeXlsxFile([
        { data: cells(grid, true), sheet: name === META_SHEET ? `${name}-table` : name },
        { data: cells(meta, false), sheet: META_SHEET },
      ])
    : writeXlsxFile(cells(grid, true), { sheet: name })
  ).toBlob();
  return normalizeZipTimes(new Uint8Array(await blob.arrayBuffer()));
}

/** 1980-01-01 00:00 in DOS form: the first time a zip can hold. */
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

/**
 * The zip's entries dated 1980-01-01 00:00 (the zip writer stamps the time of writing, so the same
 * table would give other bytes each export): in each central directory header and the local header
 * it points to. The bytes are the writer's own, so a layout it does not have is left as it is.
 */
export function normalizeZipTimes(zip: Uint8Array): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  let end = -1;
  for (let i = out.length - 22; i >= Math.max(0, out.length - 22 - 0xffff); i--)
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  if (end < 0) return out;
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  for (let k = 0; k < count && at + 46 <= out.length; k++) {
    if (view.getUint32(at, true) !== 0x02014b50) break;
    view.setUint16(at + 12, DOS_TIME, true);
    view.setUint16(at + 14, DOS_DATE, true);
    const local = view.getUint32(at + 42, true);
    if (local + 30 <= out.length && view.getUint32(local, true) === 0x04034b50) {
      view.setUint16(local + 10, DOS_TIME, true);
      view.setUint16(local + 12, DOS_DATE, true);
    }
    at +=
      46 +
      view.getUint16(at + 28, true) +
      view.getUint16(at + 30, true) +
      view.getUint16(at + 32, true);
  }
  return out;
}
