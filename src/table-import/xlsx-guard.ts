import { Inflate, zipSync } from 'fflate';
import type { Bilingual } from '../kernel/diagnostics/diagnostic';
import {
  MAX_XLSX_ENTRIES,
  MAX_XLSX_RATIO,
  MAX_XLSX_UNCOMPRESSED_BYTES,
  XLSX_RATIO_FLOOR_BYTES,
} from '../kernel/file-limits';
import { grouped, sizeText } from '../kernel/table-import/limits';
import { enQuote, zhQuote } from '../kernel/util/quote';

/**
 * An .xlsx file checked before anything in it is inflated (docs/table-import.md "Limits"): a
 * workbook is a zip, and a zip can declare — or hide — far more data than it holds (a 478 KB file
 * inflating to 500 MB). The zip's central directory is read first and the workbook refused, naming
 * the numbers, when it has too many entries, when the XML parts it would read declare more than
 * MAX_XLSX_UNCOMPRESSED_BYTES in all, or when one of them declares a compression ratio over
 * MAX_XLSX_RATIO. Sizes can lie, so every part is then inflated in small steps and refused the
 * moment it yields more than its directory entry declared. The parts' cell references are checked
 * too (a one-cell sheet at XFD1048576 makes the reader build a grid of 17 billion cells). Only what
 * passed goes to the workbook reader, re-packed uncompressed: it reads exactly the bytes checked.
 */

export type GuardedWorkbook =
  | {
      readonly ok: true;
      /** The workbook's XML parts, re-packed as a zip of stored (uncompressed) entries. */
      readonly bytes: Uint8Array;
    }
  | { readonly ok: false; readonly message: Bilingual };

/** Excel's own grid: 1,048,576 rows × 16,384 columns (XFD). */
export const EXCEL_MAX_ROWS = 1_048_576;
export const EXCEL_MAX_COLUMNS = 16_384;
/**
 * 5,000,000 cells: the grid the reader builds for a sheet spans from A1 to the furthest cell with
 * a value (a 10,000-row × 8-column table is 80,000 cells).
 */
export const MAX_XLSX_SHEET_CELLS = 5_000_000;

/** Inflation goes in steps of this much compressed input: one step yields at most ~16.5 MB. */
const INFLATE_STEP = 16 * 1024;

interface ZipEntry {
  readonly name: string;
  readonly flags: number;
  readonly method: number;
  readonly compressedSize: number;
  readonly size: number;
  readonly localOffset: number;
}

const refuse = (en: string, zh: string): { ok: false; message: Bilingual } => ({
  ok: false,
  message: { en, zh },
});

const NOT_A_ZIP = refuse(
  'the file is not an Excel workbook (an .xlsx is a zip archive, and no zip directory was found)',
  '该文件不是 Excel 工作簿（.xlsx 是 zip 压缩包，但找不到 zip 目录）',
);

const damaged = (en: string, zh: string) =>
  refuse(`the workbook's zip is damaged: ${en}`, `工作簿的 zip 已损坏：${zh}`);

/** The parts the workbook reader reads (read-excel-file's own filter): the rest is never inflated. */
const isReadPart = (name: string): boolean => name.endsWith('.xml') || name.endsWith('.xml.rels');

/** A little-endian reader over the file; every read is bounds-checked by the caller. */
function reader(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    u16: (at: number) => view.getUint16(at, true),
    u32: (at: number) => view.getUint32(at, true),
    /** A 64-bit size or offset; null above 2^53 (no file here is that large). */
    u64: (at: number): number | null => {
      const high = view.getUint32(at + 4, true);
      return high >= 0x200000 ? null : high * 0x1_0000_0000 + view.getUint32(at, true);
    },
  };
}

type Directory = { ok: true; entries: ZipEntry[] } | { ok: false; message: Bilingual };

/** The zip's central directory: every entry's name, method, declared sizes and offset. */
function readDirectory(bytes: Uint8Array): Directory {
  const n = bytes.length;
  if (n < 22) return NOT_A_ZIP;
  const { u16, u32, u64 } = reader(bytes);
  // The end-of-central-directory record: 22 bytes, then a comment of at most 65,535 bytes.
  let eocd = -1;
  for (let at = n - 22; at >= Math.max(0, n - 22 - 65_535); at--) {
    if (u32(at) === 0x06054b50) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) return NOT_A_ZIP;
  if (u16(eocd + 4) !== 0 || u16(eocd + 6) !== 0)
    return refuse(
      'the workbook is a zip split over several disks, which no spreadsheet writes',
      '该工作簿是分卷 zip 压缩包，电子表格软件不会这样保存',
    );
  let count: number | null = u16(eocd + 10);
  let dirSize: number | null = u32(eocd + 12);
  let dirOffset: number | null = u32(eocd + 16);
  if (count === 0xffff || dirSize === 0xffffffff || dirOffset === 0xffffffff) {
    // Zip64: a locator 20 bytes before the record points to the 64-bit record.
    const locator = eocd - 20;
    if (locator < 0 || u32(locator) !== 0x07064b50)
      return damaged('its zip64 directory is missing', '缺少 zip64 目录');
    const record = u64(locator + 8);
    if (record === null || record + 56 > locator || u32(record) !== 0x06064b50)
      return damaged('its zip64 directory is missing', '缺少 zip64 目录');
    count = u64(record + 32);
    dirSize = u64(record + 40);
    dirOffset = u64(record + 48);
  }
  if (count === null || count > MAX_XLSX_ENTRIES)
    return refuse(
      `the workbook is a zip of ${count === null ? 'more than 2^53' : grouped(count)} entries; the limit is ${grouped(MAX_XLSX_ENTRIES)} (a workbook of tables has a few dozen), so nothing in it is read`,
      `该工作簿是含 ${count === null ? '超过 2^53' : grouped(count)} 个条目的 zip 压缩包；上限为 ${grouped(MAX_XLSX_ENTRIES)} 个（表格工作簿通常只有几十个），因此不读取其中任何内容`,
    );
  if (dirSize === null || dirOffset === null || dirOffset + dirSize > n)
    return damaged('its directory lies outside the file', '其目录位于文件范围之外');
  const entries: ZipEntry[] = [];
  let at = dirOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > n || u32(at) !== 0x02014b50)
      return damaged(
        `directory entry ${i + 1} of ${grouped(count)} is missing`,
        `目录中第 ${i + 1} 个条目（共 ${grouped(count)} 个）缺失`,
      );
    const flags = u16(at + 8);
    const method = u16(at + 10);
    let compressedSize: number | null = u32(at + 20);
    let size: number | null = u32(at + 24);
    const nameLength = u16(at + 28);
    const extraLength = u16(at + 30);
    const commentLength = u16(at + 32);
    let localOffset: number | null = u32(at + 42);
    const end = at + 46 + nameLength + extraLength + commentLength;
    if (end > n) return damaged('a directory entry is cut off', '某个目录条目被截断');
    const name = new TextDecoder('utf-8').decode(bytes.subarray(at + 46, at + 46 + nameLength));
    // Zip64 sizes and offset live in extra field 0x0001, in this order, for the fields at 0xffffffff.
    for (let x = at + 46 + nameLength; x + 4 <= at + 46 + nameLength + extraLength; ) {
      const id = u16(x);
      const length = u16(x + 2);
      if (id === 0x0001) {
        let field = x + 4;
        const next = (): number | null => {
          if (field + 8 > x + 4 + length) return null;
          const v = u64(field);
          field += 8;
          return v;
        };
        if (size === 0xffffffff) size = next();
        if (compressedSize === 0xffffffff) compressedSize = next();
        if (localOffset === 0xffffffff) localOffset = next();
      }
      x += 4 + length;
    }
    if (size === null || compressedSize === null || localOffset === null)
      return damaged(
        `the sizes of ${enQuote(name, 80)} cannot be read`,
        `无法读取${zhQuote(name, 80)}的大小`,
      );
    entries.push({ name, flags, method, compressedSize, size, localOffset });
    at = end;
  }
  return { ok: true, entries };
}

/** The declared sizes checked against the limits, before anything is inflated. */
function checkDeclared(entries: readonly ZipEntry[]): { ok: false; message: Bilingual } | null {
  const read = entries.filter((e) => isReadPart(e.name));
  const names = new Set<string>();
  for (const e of read) {
    if (names.has(e.name))
      return refuse(
        `the workbook's zip holds two entries named ${enQuote(e.name, 80)}: which one a reader takes is not defined, so the workbook is refused`,
        `工作簿的 zip 中有两个名为${zhQuote(e.name, 80)}的条目：读取哪一个没有定义，因此拒绝该工作簿`,
      );
    names.add(e.name);
    if (e.flags & 1)
      return refuse(
        `${enQuote(e.name, 80)} is encrypted inside the zip; save the workbook without a password`,
        `${zhQuote(e.name, 80)}在 zip 中已加密；请不设密码重新保存该工作簿`,
      );
    if (e.method !== 0 && e.method !== 8)
      return refuse(
        `${enQuote(e.name, 80)} uses zip compression method ${e.method}, which spreadsheets do not write (only stored and deflate are read)`,
        `${zhQuote(e.name, 80)}使用了 zip 压缩方法 ${e.method}，电子表格软件不会使用（只读取不压缩和 deflate 两种）`,
      );
    const ratio = e.size / Math.max(e.compressedSize, 1);
    if (e.size > XLSX_RATIO_FLOOR_BYTES && ratio > MAX_XLSX_RATIO) {
      const size = sizeText(e.size);
      const floor = sizeText(XLSX_RATIO_FLOOR_BYTES);
      return refuse(
        `${enQuote(e.name, 80)} declares ${size.en} uncompressed (ratio ${grouped(ratio)}:1); the limit is ${MAX_XLSX_RATIO}:1 for a part over ${floor.en}, so the workbook is refused as a zip bomb before anything in it is inflated`,
        `${zhQuote(e.name, 80)}声明解压后为 ${size.zh}（压缩比 ${grouped(ratio)}:1）；超过 ${floor.zh} 的部件压缩比上限为 ${MAX_XLSX_RATIO}:1，因此该工作簿被视为 zip 炸弹，在解压任何内容之前即被拒绝`,
      );
    }
  }
  const total = read.reduce((sum, e) => sum + e.size, 0);
  if (total > MAX_XLSX_UNCOMPRESSED_BYTES) {
    const size = sizeText(total);
    const limit = sizeText(MAX_XLSX_UNCOMPRESSED_BYTES);
    const largest = read.reduce((a, b) => (b.size > a.size ? b : a));
    const largestSize = sizeText(largest.size);
    return refuse(
      `the workbook's XML parts declare ${size.en} uncompressed (the largest, ${enQuote(largest.name, 80)}, ${largestSize.en}); the limit is ${limit.en}, so nothing in it is inflated`,
      `工作簿的 XML 部件声明解压后共 ${size.zh}（最大的${zhQuote(largest.name, 80)}为 ${largestSize.zh}）；上限为 ${limit.zh}，因此不解压其中任何内容`,
    );
  }
  return null;
}

/** One part inflated, never past the size its directory entry declares. */
function inflatePart(
  bytes: Uint8Array,
  e: ZipEntry,
): { ok: true; data: Uint8Array } | { ok: false; message: Bilingual } {
  const { u16, u32 } = reader(bytes);
  const at = e.localOffset;
  if (at + 30 > bytes.length || u32(at) !== 0x04034b50)
    return damaged(
      `the data of ${enQuote(e.name, 80)} is not where its directory entry says`,
      `${zhQuote(e.name, 80)}的数据不在其目录条目所指的位置`,
    );
  const start = at + 30 + u16(at + 26) + u16(at + 28);
  const end = start + e.compressedSize;
  if (end > bytes.length)
    return damaged(`${enQuote(e.name, 80)} is cut off`, `${zhQuote(e.name, 80)}被截断`);
  const declared = sizeText(e.size);
  const lies = refuse(
    `${enQuote(e.name, 80)} inflates to more than the ${declared.en} its zip directory declares: the workbook misstates its sizes, so it is refused`,
    `${zhQuote(e.name, 80)}解压后超过其 zip 目录声明的 ${declared.zh}：该工作簿的大小信息不实，因此被拒绝`,
  );
  const short = (got: number) =>
    damaged(
      `${enQuote(e.name, 80)} inflates to ${sizeText(got).en}, not the ${declared.en} its directory declares`,
      `${zhQuote(e.name, 80)}解压后为 ${sizeText(got).zh}，而不是其目录声明的 ${declared.zh}`,
    );
  if (e.method === 0) {
    if (e.compressedSize > e.size) return lies;
    if (e.compressedSize < e.size) return short(e.compressedSize);
    return { ok: true, data: bytes.slice(start, end) };
  }
  const out = new Uint8Array(e.size);
  let got = 0;
  let over = false;
  const inflate = new Inflate((chunk) => {
    if (over) return;
    if (got + chunk.length > e.size) {
      over = true;
      return;
    }
    out.set(chunk, got);
    got += chunk.length;
  });
  try {
    if (start === end) inflate.push(new Uint8Array(0), true);
    for (let p = start; p < end && !over; p += INFLATE_STEP)
      inflate.push(bytes.subarray(p, Math.min(p + INFLATE_STEP, end)), p + INFLATE_STEP >= end);
  } catch (error) {
    if (over) return lies;
    const detail = error instanceof Error ? error.message : String(error);
    return damaged(
      `${enQuote(e.name, 80)} does not inflate (${detail})`,
      `${zhQuote(e.name, 80)}无法解压（${detail}）`,
    );
  }
  if (over) return lies;
  if (got !== e.size) return short(got);
  return { ok: true, data: out };
}

/** Decodes the character references XML allows in an attribute value; null for anything else. */
function attributeText(raw: string): string | null {
  if (!raw.includes('&')) return raw;
  let ok = true;
  const text = raw.replace(/&([^;]*);?/g, (whole, ref: string) => {
    if (!whole.endsWith(';')) ok = false;
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    if (ref in named) return named[ref] as string;
    const m = /^#(?:x([0-9a-fA-F]{1,6})|([0-9]{1,7}))$/.exec(ref);
    const code = m ? Number.parseInt((m[1] ?? m[2]) as string, m[1] ? 16 : 10) : Number.NaN;
    if (!(code >= 0 && code <= 0x10ffff)) {
      ok = false;
      return '';
    }
    return String.fromCodePoint(code);
  });
  return ok ? text : null;
}

/** A cell reference's column (A = 1) and row, or null when it is not one (A1, XFD1048576). */
function cellAddress(ref: string): { column: number; row: number } | null {
  const m = /^([A-Z]{1,3})([1-9][0-9]{0,6})$/.exec(ref);
  if (!m) return null;
  let column = 0;
  for (const ch of m[1] as string) column = column * 26 + (ch.charCodeAt(0) - 64);
  return { column, row: Number(m[2]) };
}

const columnName = (column: number): string => {
  let name = '';
  for (let c = column; c > 0; c = Math.floor((c - 1) / 26))
    name = String.fromCharCode(65 + ((c - 1) % 26)) + name;
  return name;
};

/**
 * The rows and cells a part places (the `r` of every `<row>` and `<c>`, as the workbook reader
 * reads them), checked against Excel's grid and MAX_XLSX_SHEET_CELLS before the reader builds the
 * grid. A scan of the XML's tags that skips comments, CDATA and processing instructions and reads
 * quoted attribute values whole; anything it cannot read (a DOCTYPE, a bad reference) is refused,
 * so what the reader sees is never more than what was checked.
 */
function checkSheetExtent(name: string, xml: string): { ok: false; message: Bilingual } | null {
  const part = { en: enQuote(name, 80), zh: zhQuote(name, 80) };
  const bad = (what: string, whatZh: string) =>
    refuse(`${part.en}: ${what}; the workbook is refused`, `${part.zh}：${whatZh}；拒绝该工作簿`);
  let dataRows = 0;
  let dataColumns = 0;
  let furthest = '';
  const n = xml.length;
  for (let i = xml.indexOf('<'); i >= 0; i = xml.indexOf('<', i)) {
    if (xml.startsWith('<!--', i)) {
      const close = xml.indexOf('-->', i + 4);
      if (close < 0) return bad('a comment is not closed', '注释没有闭合');
      i = close + 3;
      continue;
    }
    if (xml.startsWith('<![CDATA[', i)) {
      const close = xml.indexOf(']]>', i + 9);
      if (close < 0) return bad('a CDATA section is not closed', 'CDATA 段没有闭合');
      i = close + 3;
      continue;
    }
    if (xml.startsWith('<?', i)) {
      const close = xml.indexOf('?>', i + 2);
      if (close < 0) return bad('a processing instruction is not closed', '处理指令没有闭合');
      i = close + 2;
      continue;
    }
    if (xml.startsWith('<!', i))
      return bad(
        'it declares a DOCTYPE or an entity, which no workbook part has',
        '其中声明了 DOCTYPE 或实体，工作簿部件中不会出现',
      );
    if (xml[i + 1] === '/') {
      const close = xml.indexOf('>', i);
      if (close < 0) break;
      i = close + 1;
      continue;
    }
    // A start tag: its name, then attributes name="value" or name='value', then > or />.
    let k = i + 1;
    while (k < n && !' \t\r\n/>'.includes(xml[k] as string)) k++;
    const tag = xml.slice(i + 1, k);
    const local = tag.slice(tag.indexOf(':') + 1);
    let r: string | null = null;
    let selfClosing = false;
    for (;;) {
      while (k < n && ' \t\r\n'.includes(xml[k] as string)) k++;
      if (k >= n) return bad('a tag is not closed', '某个标签没有闭合');
      if (xml[k] === '>') break;
      if (xml[k] === '/' && xml[k + 1] === '>') {
        selfClosing = true;
        k++;
        break;
      }
      const nameStart = k;
      while (k < n && !' \t\r\n=/>'.includes(xml[k] as string)) k++;
      const attribute = xml.slice(nameStart, k);
      while (k < n && ' \t\r\n'.includes(xml[k] as string)) k++;
      if (xml[k] === '=') k++;
      while (k < n && ' \t\r\n'.includes(xml[k] as string)) k++;
      if (attribute === '' || (xml[k] !== '"' && xml[k] !== "'"))
        return bad(
          `the tag <${tag.slice(0, 40)}> is not well-formed XML`,
          `标签 <${tag.slice(0, 40)}> 不是格式正确的 XML`,
        );
      const close = xml.indexOf(xml[k] as string, k + 1);
      if (close < 0) return bad('an attribute value is not closed', '某个属性值没有闭合');
      if (attribute.slice(attribute.indexOf(':') + 1) === 'r') r = xml.slice(k + 1, close);
      k = close + 1;
    }
    i = k + 1;
    if ((local !== 'row' && local !== 'c') || r === null || r === '') continue;
    const value = attributeText(r);
    if (local === 'row') {
      const row = value === null ? Number.NaN : Number(value);
      if (!(Number.isInteger(row) && row >= 1 && row <= EXCEL_MAX_ROWS))
        return bad(
          `row number ${enQuote(r, 40)} is not a row of a sheet (1 to ${grouped(EXCEL_MAX_ROWS)})`,
          `行号${zhQuote(r, 40)}不是工作表中的行（1 至 ${grouped(EXCEL_MAX_ROWS)}）`,
        );
      continue;
    }
    const cell = value === null ? null : cellAddress(value);
    if (!cell || cell.row > EXCEL_MAX_ROWS || cell.column > EXCEL_MAX_COLUMNS)
      return bad(
        `${enQuote(r, 40)} is not a cell of a sheet (A1 to XFD${EXCEL_MAX_ROWS})`,
        `${zhQuote(r, 40)}不是工作表中的单元格（A1 至 XFD${EXCEL_MAX_ROWS}）`,
      );
    // An empty cell (<c r="Z9" s="1"/>) holds no value: the grid does not reach it.
    if (selfClosing) continue;
    if (cell.row > dataRows || cell.column > dataColumns) {
      dataRows = Math.max(dataRows, cell.row);
      dataColumns = Math.max(dataColumns, cell.column);
      furthest = `${columnName(cell.column)}${cell.row}`;
    }
  }
  const cells = dataRows * dataColumns;
  if (cells > MAX_XLSX_SHEET_CELLS)
    return refuse(
      `${part.en}: its cells reach ${furthest}, a grid of ${grouped(dataRows)} rows × ${grouped(dataColumns)} columns (${grouped(cells)} cells); the limit is ${grouped(MAX_XLSX_SHEET_CELLS)} cells, so the sheet is not read`,
      `${part.zh}：其单元格延伸到 ${furthest}，构成 ${grouped(dataRows)} 行 × ${grouped(dataColumns)} 列（${grouped(cells)} 个单元格）的表格；上限为 ${grouped(MAX_XLSX_SHEET_CELLS)} 个单元格，因此不读取该工作表`,
    );
  return null;
}

/** The workbook checked and its read parts inflated within the limits, or the refusal. */
export function guardWorkbook(bytes: Uint8Array): GuardedWorkbook {
  const directory = readDirectory(bytes);
  if (!directory.ok) return directory;
  const declared = checkDeclared(directory.entries);
  if (declared) return declared;
  const parts: Record<string, Uint8Array> = Object.create(null);
  for (const e of directory.entries) {
    if (!isReadPart(e.name)) continue;
    const part = inflatePart(bytes, e);
    if (!part.ok) return part;
    parts[e.name] = part.data;
  }
  const decoder = new TextDecoder('utf-8');
  for (const [name, data] of Object.entries(parts)) {
    const extent = checkSheetExtent(name, decoder.decode(data));
    if (extent) return extent;
  }
  return { ok: true, bytes: zipSync(parts, { level: 0 }) };
}
