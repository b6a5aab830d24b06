// Issue #35 §4: every table reader bounded and linear (docs/table-import.md "Limits"). The .xlsx
// guard reads the zip directory before inflating anything and caps what inflation yields; cell
// references are checked before the workbook reader builds its grid; cells over the limit are
// refused by their place in every format; the FEEL reader never throws; import does work linear in

// the cells (counted, not timed). The hostile files themselves are in tests/fixtures/hostile/tables.

import fc from 'fast-check';
import { strToU8, zipSync } from 'fflate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { run } from '../src/cli/run';
import { MAX_TABLE_CELL_CHARS, MAX_TABLE_FILE_BYTES } from '../src/kernel/file-limits';
import { formatDelimited } from '../src/kernel/table-edit/delimited';
import { importGrid, importJdm, readFeelUnaryTests } from '../src/kernel/table-import';
import { MAX_OVERLAP_CHECK_ROWS } from '../src/kernel/table-import/convert-table';
import { csvToTableEntry, gridToTableEntry } from '../src/kernel/table-import/csv';
import { readForeign, readForeignRequest } from '../src/table-import/read-foreign';
import { readXlsxTable, writeXlsxTable } from '../src/table-import/xlsx';
import { guardWorkbook } from '../src/table-import/xlsx-guard';
import { captureIo } from './cli-support';
import {
  dmnTable,
  GENERATORS,
  jdmTable,
  tableSheet,
  workbook,
} from './fixtures/hostile/tables/probes';

/** Counters of the readers' work: every cell read, every FEEL test read, every Inflate made. */
const work = vi.hoisted(() => ({ readCell: 0, feel: 0, inflates: 0, inflated: 0, compiles: 0 }));

vi.mock('../src/kernel/table-edit/cell-reader', async (original) => {
  const m = await original<typeof import('../src/kernel/table-edit/cell-reader')>();
  return {
    ...m,
    readCell: (...args: Parameters<typeof m.readCell>) => {
      work.readCell++;
      return m.readCell(...args);
    },
  };
});
vi.mock('../src/kernel/table-import/feel', async (original) => {
  const m = await original<typeof import('../src/kernel/table-import/feel')>();
  return {
    ...m,
    readFeelUnaryTests: (text: string) => {
      work.feel++;
      return m.readFeelUnaryTests(text);
    },
  };
});
vi.mock('../src/kernel/compile', async (original) => {
  const m = await original<typeof import('../src/kernel/compile')>();
  return {
    ...m,
    compileDocument: (...args: Parameters<typeof m.compileDocument>) => {
      work.compiles++;
      return m.compileDocument(...args);
    },
  };
});
vi.mock('fflate', async (original) => {
  const m = await original<typeof import('fflate')>();
  class CountedInflate extends m.Inflate {
    constructor(ondata?: import('fflate').FlateStreamHandler) {
      super((chunk, final) => {
        work.inflated += chunk.length;
        ondata?.(chunk, final);
      });
      work.inflates++;
    }
  }
  return { ...m, Inflate: CountedInflate };
});

afterEach(() => {
  for (const k of Object.keys(work) as (keyof typeof work)[]) work[k] = 0;
});

const enc = (s: string) => new TextEncoder().encode(s);

/** Replaces every occurrence of `from` by `to` (same length) in a zip's bytes. */
function patchBytes(bytes: Uint8Array, from: string, to: string): Uint8Array {
  const out = bytes.slice();
  const a = enc(from);
  const b = enc(to);
  expect(a.length).toBe(b.length);
  for (let i = 0; i + a.length <= out.length; i++)
    if (a.every((x, k) => out[i + k] === x)) out.set(b, i);
  return out;
}

/** Sets a 16-bit field of every central-directory entry (offset from the entry's signature). */
function patchDirectory(bytes: Uint8Array, offset: number, value: number): Uint8Array {
  const out = bytes.slice();
  const view = new DataView(out.buffer);
  for (let i = 0; i + 46 <= out.length; i++)
    if (view.getUint32(i, true) === 0x02014b50) view.setUint16(i + offset, value, true);
  return out;
}

const TABLE = [
  ['tool.name', 'then', 'message'],
  ['"a"', 'DENY', 'no a'],
  ['"b"', 'ALLOW', ''],
];

describe('the .xlsx guard', () => {
  it('refuses the zip bomb from its directory, naming size and ratio, inflating nothing', async () => {
    const bomb = await (GENERATORS['xlsx-bomb'] as () => Promise<Uint8Array>)();
    expect(bomb.length).toBeLessThan(600_000);
    const r = guardWorkbook(bomb);
    expect(r).toEqual({
      ok: false,
      message: {
        en: '"xl/worksheets/sheet1.xml" declares 500 MB uncompressed (ratio 1,008:1); the limit is 200:1 for a part over 1 MB, so the workbook is refused as a zip bomb before anything in it is inflated',
        zh: '“xl/worksheets/sheet1.xml”声明解压后为 500 MB（压缩比 1,008:1）；超过 1 MB 的部件压缩比上限为 200:1，因此该工作簿被视为 zip 炸弹，在解压任何内容之前即被拒绝',
      },
    });
    expect(work.inflates).toBe(0);
  });

  it('caps inflation at the declared size when the directory lies', async () => {
    const lying = await (GENERATORS['xlsx-bomb-lying'] as () => Promise<Uint8Array>)();
    const r = guardWorkbook(lying);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message.en).toContain('inflates to more than the 2 KB');
    // One inflation step of 16 KiB of input yields at most ~16.5 MB: never the 500 MB.
    expect(work.inflated).toBeLessThan(20_000_000);
  });

  it('refuses a total over the limit even when no part has a high ratio', () => {
    // Three 8 MB parts of random-looking digits: ratio ~2:1, 24 MB in all.
    let seed = 1;
    const noise = (n: number) => {
      let s = '';
      while (s.length < n) {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        s += seed.toString(36);
      }
      return `<x>${s.slice(0, n)}</x>`;
    };
    const parts: Record<string, Uint8Array> = {};
    for (let i = 0; i < 3; i++) parts[`xl/data${i}.xml`] = strToU8(noise(8_000_000));
    const r = guardWorkbook(zipSync(parts, { level: 1 }));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.message.en).toMatch(
        /^the workbook's XML parts declare 24 MB uncompressed \(the largest, "xl\/data\d\.xml", 8 MB\); the limit is 20 MB/,
      );
      expect(r.message.zh).toMatch(
        /^工作簿的 XML 部件声明解压后共 24 MB（最大的“xl\/data\d\.xml”为 8 MB）；上限为 20 MB/,
      );
    }
    expect(work.inflates).toBe(0);
  });

  it('passes a real workbook through unchanged in content', async () => {
    const bytes = await writeXlsxTable(TABLE, 'Sheet1');
    expect(guardWorkbook(bytes).ok).toBe(true);
    const r = await readXlsxTable(bytes, 'small');
    expect(r.notes).toEqual([]);
    expect(r.text).toContain('message: "no a"');
  });

  it('refuses entries a workbook never has: duplicates, encryption, other compression', () => {
    const base = zipSync({ 'xl/a.xml': strToU8('<a/>'), 'xl/b.xml': strToU8('<b/>') });
    const dup = guardWorkbook(patchBytes(base, 'xl/b.xml', 'xl/a.xml'));
    expect(dup.ok).toBe(false);
    if (!dup.ok) expect(dup.message.en).toContain('two entries named "xl/a.xml"');
    const encrypted = guardWorkbook(patchDirectory(base, 8, 1));
    expect(encrypted.ok).toBe(false);
    if (!encrypted.ok) expect(encrypted.message.zh).toContain('在 zip 中已加密');
    const method = guardWorkbook(patchDirectory(base, 10, 12));
    expect(method.ok).toBe(false);
    if (!method.ok) expect(method.message.en).toContain('zip compression method 12');
  });

  it('refuses what is not a zip, and a zip cut short', async () => {
    for (const bytes of [enc('plain text'), new Uint8Array(0), new Uint8Array(100)]) {
      const r = guardWorkbook(bytes);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.message.en).toContain('not an Excel workbook');
    }
    const real = await writeXlsxTable(TABLE, 'Sheet1');
    // The directory kept, the entries' data cut away.
    const cut = new Uint8Array([...real.slice(0, 40), ...real.slice(real.length - 800)]);
    const r = guardWorkbook(cut);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message.en).toContain("the workbook's zip is damaged");
  });

  it('checks every cell reference before the reader builds its grid, however it is written', () => {
    const refused = (sheetData: string) => {
      const r = guardWorkbook(workbook(sheetData));
      return r.ok ? null : r.message.en;
    };
    const corner = '<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>x</t></is></c></row>';
    expect(refused(corner)).toContain('its cells reach XFD1048576');
    // A character reference, a '>' inside an earlier attribute, a comment holding a quote.
    expect(
      refused('<row r="999"><c t="inlineStr" r="&#88;FD999"><is><t>x</t></is></c></row>'),
    ).toContain('its cells reach XFD999');
    expect(refused('<row r="999"><c s=">" r="XFD999"><v>1</v></c></row>')).toContain(
      'its cells reach XFD999',
    );
    expect(refused('<!-- " --><row r="999"><c r="XFD999"><v>1</v></c></row>')).toContain(
      'its cells reach XFD999',
    );
    // A grid up to the limit is read: 5,000,000 cells is 305 rows × 16,384 columns.
    expect(refused('<row r="305"><c r="XFD305"><v>1</v></c></row>')).toBeNull();
    expect(refused('<row r="1"><c r="A&bogus;1"><v>1</v></c></row>')).toContain(
      'is not a cell of a sheet',
    );
    expect(refused('<row r="1048577"><c r="A1"><v>1</v></c></row>')).toContain(
      'row number "1048577" is not a row of a sheet',
    );
    // A DOCTYPE (and so any entity) has no place in a workbook part.
    const doctype = guardWorkbook(
      zipSync({ 'xl/x.xml': strToU8('<!DOCTYPE x [<!ENTITY a "b">]><x/>') }),
    );
    expect(doctype.ok).toBe(false);
    // An empty styled cell far away holds no value: the grid does not reach it.
    expect(
      refused(`${tableSheet(TABLE)}<row r="1048576"><c r="XFD1048576" s="1"/></row>`),
    ).toBeNull();
  });
});

describe('cells over the limit', () => {
  const long = 'x'.repeat(MAX_TABLE_CELL_CHARS + 1);

  it('are refused by their line and column in a CSV, before any cell is read', () => {
    const r = csvToTableEntry(`tool.name,then\n"a",DENY\n"${long}",DENY\n`, 't', 2);
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.problems).toEqual([
        {
          line: 3,
          column: 1,
          message: {
            en: "the cell holds 32,768 characters; the limit is 32,767 (Excel's own limit for a cell), so it is not read",
            zh: '该单元格有 32,768 个字符；上限为 32,767（Excel 单元格自身的上限），因此不予读取',
          },
        },
      ]);
    expect(work.readCell).toBe(0);
  });

  it('are refused by their sheet reference in a workbook', async () => {
    const rows = [...TABLE, ['"c"', 'DENY', long]];
    const r = await readXlsxTable(workbook(tableSheet(rows)), 'long');
    expect(r.text).toBeNull();
    expect(r.notes.map((n) => n.message.en)).toEqual([
      "Sheet1!C4: the cell holds 32,768 characters; the limit is 32,767 (Excel's own limit for a cell), so it is not read",
    ]);
    expect(work.readCell).toBe(0);
  });

  it('are refused by rule and column in DMN and JDM tables, before any is read as FEEL', async () => {
    const jdm = importJdm(
      jdmTable(3, (r) => (r === 2 ? long : undefined)),
      'j',
    );
    expect(jdm.tables[0]?.notes.map((n) => n.message.en)).toEqual([
      `rule 3, input 2 "Country": the cell holds 32,768 characters; the limit is 32,767 (Excel's own limit for a cell), so it is not read`,
    ]);
    const dmn = await readForeign('d.dmn', enc(dmnTable(2, (r) => (r === 0 ? long : undefined))));
    expect(dmn.tables[0]?.notes.map((n) => n.message.zh)).toEqual([
      '规则 1，第 2 个输入“Country”：该单元格有 32,768 个字符；上限为 32,767（Excel 单元格自身的上限），因此不予读取',
    ]);
    expect(work.feel).toBe(0);
  });

  it('a sheet problem is named by its sheet reference, blank rows counted', async () => {
    const sheet = `${tableSheet([TABLE[0] as string[]])}<row r="4"><c r="A4" t="inlineStr"><is><t>"a"</t></is></c><c r="B4" t="inlineStr"><is><t>MAYBE</t></is></c></row>`;
    const r = await readXlsxTable(workbook(sheet), 'ref');
    expect(r.notes.map((n) => n.message.en)).toEqual([
      'Sheet1!B4: "MAYBE" is not one of the 13 decisions',
    ]);
  });
});

describe('file sizes are checked before the work', () => {
  it('in every format of readForeign, and in the CSV import', async () => {
    const big = new Uint8Array(MAX_TABLE_FILE_BYTES + 1);
    for (const name of ['t.xlsx', 't.dmn', 't.json']) {
      const r = await readForeign(name, big);
      expect(r.refused).toBe(true);
      expect(r.notes[0]?.message.en).toBe(
        'the file is 20 MB; the limit for a table file is 20 MB, so it is not read',
      );
    }
    const csv = csvToTableEntry(' '.repeat(MAX_TABLE_FILE_BYTES + 1), 't', 2);
    expect(csv.ok).toBe(false);
    expect(work.readCell).toBe(0);
  });

  it('erdl import looks the size up and refuses the file unread (exit 2)', async () => {
    const io = captureIo();
    let read = false;
    const code = await run(['import', 'huge.xlsx'], {
      ...io,
      fileSize: async () => 25_000_000,
      readBytes: async () => {
        read = true;
        return new Uint8Array(0);
      },
    });
    expect(code).toBe(2);
    expect(read).toBe(false);
    expect(io.stderr.join('\n')).toContain(
      'the file is 25 MB; the limit for a table file is 20 MB',
    );
    expect(io.stderr.join('\n')).toContain('该文件大小为 25 MB；表格文件的上限为 20 MB');
  });
});

describe('the FEEL reader', () => {
  it('answers every input without throwing, long or nested', () => {
    const piece = fc.constantFrom(
      'not(',
      ')',
      '(',
      '[',
      ']',
      '..',
      '"',
      '\\',
      ',',
      ' ',
      '<=',
      '>',
      '-',
      '1',
      '2.5',
      'date("2026-01-01")',
      'true',
      'a',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 300 }), fc.nat(40), (parts, repeat) => {
        const text = parts.join('').repeat(repeat + 1);
        const r = readFeelUnaryTests(text);
        expect(typeof r.ok).toBe('boolean');
      }),
      { numRuns: 300 },
    );
    for (const text of [
      `"${'a'.repeat(5_000_000)}"`,
      `${'not('.repeat(100_000)}1${')'.repeat(100_000)}`,
      `${'not('.repeat(6_000)}1${')'.repeat(6_000)}`,
      `[${'1..'.repeat(10_000)}]`,
      `[${' '.repeat(30_000)}..x]`,
    ])
      expect(readFeelUnaryTests(text).ok).toBe(false);
  });

  it('reads what it read before', () => {
    const ok = (t: string) => readFeelUnaryTests(t);
    expect(ok('[1..5]')).toMatchObject({ ok: true, test: { kind: 'range', lowClosed: true } });
    expect(ok(']1.5..2[')).toMatchObject({
      ok: true,
      test: { kind: 'range', low: { source: '1.5' }, lowClosed: false, highClosed: false },
    });
    expect(ok('not("a", "b")')).toMatchObject({ ok: true, test: { kind: 'not' } });
    expect(ok('"a\\"b"')).toMatchObject({ ok: true, test: { value: { value: 'a"b' } } });
    expect(ok('<= 3')).toMatchObject({ ok: true, test: { kind: 'compare', op: '<=' } });
    expect(ok('not(-)').ok).toBe(false);
  });
});

describe('import is linear in the cells', () => {
  /** A CSV-shaped grid of `rows` rows whose every cell is distinct (nothing is shared). */
  const grid = (rows: number) => [
    ['tool.args.amount', 'context.country', 'then', 'message'],
    ...Array.from({ length: rows }, (_, r) => [
      `${r * 10}-${r * 10 + 9}`,
      `"C${r}"`,
      r % 2 ? 'DENY' : 'ALLOW',
      `row ${r}`,
    ]),
  ];

  it('reads each cell a bounded number of times: doubling the rows doubles the reads', () => {
    const reads = (rows: number) => {
      work.readCell = 0;
      expect(gridToTableEntry(grid(rows), 't', 2, 'd').ok).toBe(true);
      return work.readCell;
    };
    const small = reads(400);
    const large = reads(800);
    // Two condition columns: each cell read once for its column's type and once as a cell.
    expect(small).toBe(2 * 2 * 400);
    expect(large).toBe(2 * small);
  });

  it('through every reader: JDM, DMN, xlsx, CSV', async () => {
    const count = async (f: () => Promise<unknown>) => {
      work.readCell = 0;
      work.feel = 0;
      await f();
      return work.readCell + work.feel;
    };
    const jdm = (n: number) => enc(JSON.stringify(jdmTable(n)));
    const dmn = (n: number) => enc(dmnTable(n));
    const xlsx = (n: number) => workbook(tableSheet(grid(n)));
    const csv = (n: number) => formatDelimited(grid(n), ',');
    for (const [what, f] of [
      ['JDM', (n: number) => readForeign('t.json', jdm(n))],
      ['DMN', (n: number) => readForeign('t.dmn', dmn(n))],
      ['xlsx', (n: number) => readForeign('t.xlsx', xlsx(n))],
      ['CSV', async (n: number) => csvToTableEntry(csv(n), 't', 2)],
    ] as const) {
      const small = await count(() => f(300));
      const large = await count(() => f(600));
      expect(small, what).toBeGreaterThan(0);
      expect(large / small, what).toBeLessThanOrEqual(2.01);
    }
  });

  it('a UNIQUE table over the overlap-check limit is not compiled pairwise at import, and says so', async () => {
    const rows = MAX_OVERLAP_CHECK_ROWS + 1;
    const unique = enc(dmnTable(rows).replace('hitPolicy="FIRST"', 'hitPolicy="UNIQUE"'));
    const r = await readForeign('u.dmn', unique);
    expect(r.text).not.toBeNull();
    expect(work.compiles).toBe(0);
    expect(r.tables[0]?.notes.map((n) => n.message.en)).toContain(
      `hit policy UNIQUE: the rows were not checked for overlaps at import (1,001 rows; the check runs on tables of up to 1,000), so an overlap that breaks the original's hit policy is not reported`,
    );
    const small = await readForeign(
      'u.dmn',
      enc(dmnTable(20).replace('hitPolicy="FIRST"', 'hitPolicy="UNIQUE"')),
    );
    expect(small.text).not.toBeNull();
    expect(work.compiles).toBe(1);
  });
});

describe('the studio worker', () => {
  it('answers a workbook of one sheet with its table, a bomb with the refusal', async () => {
    const one = await readForeignRequest({
      fileName: 'one.xlsx',
      bytes: await writeXlsxTable(TABLE, 'Only'),
    });
    expect(one).toMatchObject({ kind: 'foreign', result: { notes: [] } });
    const two = await readForeignRequest({
      fileName: 'bomb.xlsx',
      bytes: await (GENERATORS['xlsx-bomb'] as () => Promise<Uint8Array>)(),
    });
    expect(two).toMatchObject({ kind: 'foreign', result: { refused: true, text: null } });
  });
});

describe('importGrid', () => {
  it('names problems by the place the caller gives', () => {
    const r = importGrid(
      [
        ['tool.name', 'then'],
        ['"a"', 'NOPE'],
      ],
      'g',
      'test',
      (line, column) => ({
        en: `at ${line}/${column}`,
        zh: `在 ${line}/${column}`,
      }),
    );
    expect(r.notes.map((n) => n.message.en)).toEqual([
      'at 2/2: "NOPE" is not one of the 13 decisions',
    ]);
  });
});
