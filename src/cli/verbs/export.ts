import { fill } from '../../i18n/format';
import { readTables } from '../../kernel/table-edit';
import { DMN_VERSIONS, type DmnVersion, tableToDmn } from '../../kernel/table-import';
import { tableSheets } from '../../kernel/table-import/sheet-round-trip';
import { zhQuote } from '../../kernel/util/quote';
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE } from '../exit-codes';
import { printError, usageError } from '../messages';
import { readFailure, readRules } from '../reader';
import { EXPORT_STRINGS as msg } from '../strings/export';
import { HELP } from '../strings/help';
import type { Verb } from './verb';

export const exportVerb: Verb = {
  name: 'export',
  stdout: 'text',
  args: ['RULES'],
  options: [
    {
      name: '--to',
      value: 'dmn|xlsx',
      summary: msg.toOption,
    },
    {
      name: '--rule',
      value: 'NAME',
      summary: msg.ruleOption,
    },
    {
      name: '--dmn-version',
      value: '1.3|1.5',
      summary: msg.dmnVersionOption,
    },
    {
      name: '--out',
      value: 'FILE',
      summary: msg.outOption,
    },
  ],
  summary: msg.summary,
  details: HELP.export,
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
        usageError(
          fill(msg.dmnVersionTakes1, {
            dmnVersion: { en: JSON.stringify(dmnVersion), zh: zhQuote(dmnVersion) },
          }),
        ),
      );
      return EXIT_USAGE;
    }
    if ((to !== 'dmn' && to !== 'xlsx') || rule === undefined || out === undefined) {
      printError(io, usageError(msg.exportNeedsDmnXlsx));
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
        printError(
          io,
          fill(msg.text, { file, line: p.line, column: p.column, message: p.message }),
        );
      return EXIT_INVALID;
    }
    const table = tables.tables.find((t) => t.entry === rule);
    if (!table) {
      printError(
        io,
        usageError(
          fill(msg.notDecisionTable, {
            rule: { en: JSON.stringify(rule), zh: zhQuote(rule) },
            file,
          }),
        ),
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
      printError(io, msg.thisCommandCannotWrite);
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
