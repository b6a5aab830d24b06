import { readTables } from '../../kernel/table-edit';
import { DMN_VERSIONS, type DmnVersion, tableToDmn } from '../../kernel/table-import';
import { tableSheets } from '../../kernel/table-import/sheet-round-trip';
import { zhQuote } from '../../kernel/util/quote';
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE } from '../exit-codes';
import { printError, usageError } from '../messages';
import { readFailure, readRules } from '../reader';
import type { Verb } from './verb';

export const exportVerb: Verb = {
  name: 'export',
  stdout: 'text',
  args: ['RULES'],
  options: [
    {
      name: '--to',
      value: 'dmn|xlsx',
      summary: { en: 'the file format (required)', zh: '文件格式（必填）' },
    },
    {
      name: '--rule',
      value: 'NAME',
      summary: { en: 'the decision-table rule entry (required)', zh: '决策表规则条目（必填）' },
    },
    {
      name: '--dmn-version',
      value: '1.3|1.5',
      summary: {
        en: 'with --to dmn: the DMN version written (default 1.3)',
        zh: '与 --to dmn 一起使用：写出的 DMN 版本（默认 1.3）',
      },
    },
    {
      name: '--out',
      value: 'FILE',
      summary: { en: 'the file to write (required)', zh: '要写入的文件（必填）' },
    },
  ],
  summary: {
    en: 'export a decision table as DMN 1.3 (or 1.5) or Excel',
    zh: '将决策表导出为 DMN 1.3（或 1.5）或 Excel',
  },
  details: [
    '--to dmn writes a DMN 1.3 model with one decision table, hit policy FIRST (inputs: the',
    "columns' field paths; outputs: decision and message); --dmn-version 1.5 writes the same",
    'elements in the DMN 1.5 namespace. --to xlsx writes one sheet in the CSV',
    "shape of docs/table-cells.md and a sheet `erdl` (the table's name, description, column types,",
    "row names and the document's fallback), which `erdl import` reads back to the identical",
    'table; the same table always gives the same bytes.',
    'Exits 0 when the file was written; 1 when RULES does not load or a cell has no DMN form',
    '(each named on stderr, nothing written); 2 for usage errors, an unknown --rule or an',
    'unwritable file.',
  ],
  async run(io, [fileArg], options) {
    const file = fileArg as string;
    const to = options['--to'];
    const rule = options['--rule'];
    const out = options['--out'];
    const dmnVersion = options['--dmn-version'] ?? '1.3';
    if (
      !DMN_VERSIONS.includes(dmnVersion as DmnVersion) ||
      (dmnVersion !== '1.3' && to !== 'dmn')
    ) {
      printError(
        io,
        usageError({
          en: `--dmn-version takes 1.3 or 1.5, with --to dmn (not ${JSON.stringify(dmnVersion)})`,
          zh: `--dmn-version 只能是 1.3 或 1.5，且须与 --to dmn 一起使用（而不是 ${zhQuote(dmnVersion)}）`,
        }),
      );
      return EXIT_USAGE;
    }
    if ((to !== 'dmn' && to !== 'xlsx') || rule === undefined || out === undefined) {
      printError(
        io,
        usageError({
          en: 'export needs --to dmn|xlsx, --rule NAME and --out FILE',
          zh: 'export 需要 --to dmn|xlsx、--rule NAME 和 --out FILE',
        }),
      );
      return EXIT_USAGE;
    }
    const read = await readRules(io, file);
    if (!read.ok) {
      printError(io, read.message);
      return EXIT_USAGE;
    }
    const text = new TextDecoder('utf-8').decode(read.bytes);
    const tables = readTables(text);
    if (!tables.ok) {
      for (const p of tables.problems)
        printError(io, {
          en: `${file}:${p.line}:${p.column}: ${p.message.en}`,
          zh: `${file}:${p.line}:${p.column}：${p.message.zh}`,
        });
      return EXIT_INVALID;
    }
    const table = tables.tables.find((t) => t.entry === rule);
    if (!table) {
      printError(
        io,
        usageError({
          en: `${JSON.stringify(rule)} is not a decision table of ${file}`,
          zh: `${zhQuote(rule)}不是 ${file} 中的决策表`,
        }),
      );
      return EXIT_USAGE;
    }
    let bytes: Uint8Array;
    if (to === 'dmn') {
      const dmn = tableToDmn(table, dmnVersion as DmnVersion);
      if (!dmn.ok) {
        for (const p of dmn.problems) printError(io, p);
        return EXIT_INVALID;
      }
      bytes = new TextEncoder().encode(dmn.xml);
    } else {
      const { writeXlsxTable } = await import('../../table-import/xlsx');
      // With the `erdl` sheet (sheet-round-trip.ts): imported back, the table is rebuilt exactly.
      const sheets = tableSheets(text, table);
      bytes = await writeXlsxTable(sheets.grid, table.entry, sheets.meta);
    }
    if (!io.writeBytes) {
      printError(io, { en: 'this command cannot write files here', zh: '此处无法写入文件' });
      return EXIT_USAGE;
    }
    try {
      await io.writeBytes(out, bytes);
    } catch (e) {
      printError(io, readFailure(out, e));
      return EXIT_USAGE;
    }
    return EXIT_OK;
  },
};
