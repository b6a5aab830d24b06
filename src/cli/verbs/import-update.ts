import { fill } from '../../i18n/format';
import type { Bilingual } from '../../kernel';
import { MAX_TABLE_FILE_BYTES } from '../../kernel/file-limits';
import { applyTextEdits, readTables } from '../../kernel/table-edit';
import { type CellChange, planSheetUpdate } from '../../kernel/table-import/sheet-round-trip';
import { zhQuote } from '../../kernel/util/quote';
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE, type ExitCode } from '../exit-codes';
import type { CliIo } from '../io';
import { printError, usageError } from '../messages';
import { readRules } from '../reader';
import { quoted } from '../strings';
import { IMPORT_UPDATE_STRINGS as msg } from '../strings/import-update';

/**
 * `erdl import BOOK.xlsx --update DOC --table NAME` (docs/table-import.md, "Round trips"): the
 * workbook's first sheet as an update of table NAME of DOC. The document as updated goes to stdout
 * (unchanged when the sheet changes nothing), what changed to stderr — each row added, removed or
 * changed, each changed cell as it was and as it becomes, what widens, a different fallback (never
 * applied). Exits 0 when the update applies, 1 when it is refused (each reason named), 2 for usage.
 */
export async function importUpdate(
  io: CliIo,
  file: string,
  doc: string | undefined,
  entry: string | undefined,
): Promise<ExitCode> {
  if (doc === undefined || entry === undefined || !/\.xlsx$/i.test(file)) {
    printError(io, usageError(msg.importUpdateDocNeeds));
    return EXIT_USAGE;
  }
  const book = await readRules(io, file, MAX_TABLE_FILE_BYTES);
  if (!book.ok) {
    printError(io, book.message);
    return EXIT_USAGE;
  }
  const rules = await readRules(io, doc);
  if (!rules.ok) {
    printError(io, rules.message);
    return EXIT_USAGE;
  }
  const text = new TextDecoder('utf-8').decode(rules.bytes);
  const tables = readTables(text);
  const table = tables.ok ? tables.tables.find((t) => t.entry === entry) : undefined;
  if (!table) {
    printError(
      io,
      usageError(
        fill(msg.notDecisionTable, {
          entry: { en: JSON.stringify(entry), zh: zhQuote(entry) },
          doc,
        }),
      ),
    );
    return EXIT_USAGE;
  }
  const { readXlsxForUpdate } = await import('../../table-import/xlsx');
  const sheet = await readXlsxForUpdate(book.bytes);
  if (!sheet.ok) {
    printError(io, sheet.message);
    return EXIT_USAGE;
  }
  const plan = planSheetUpdate(text, table, sheet.grid, sheet.meta);
  if (!plan.ok) {
    for (const p of plan.problems) printError(io, fill(msg.notUpdated, { p }));
    return EXIT_INVALID;
  }
  const say = (message: Bilingual) => printError(io, message);
  if (plan.otherEntry !== null)
    say(fill(msg.exportedFromOther, { entry: quoted(plan.otherEntry).value }));
  if (plan.fallback !== null)
    say(
      fill(msg.fallbackNotChanged, {
        sheet: plan.fallback.sheet ?? msg.none,
        document: plan.fallback.document ?? msg.none,
      }),
    );
  if (plan.changes.length === 0) say(msg.changesNothing);
  const rowName = (row: number, name: string | null): Bilingual =>
    name === null
      ? fill(msg.row, { value: row + 1 })
      : fill(msg.row2, { value: row + 1, name: quoted(name).value });
  const column = (c: CellChange) =>
    typeof c.at === 'number' ? (table.columns[c.at]?.field ?? c.column) : c.at;
  for (const c of plan.changes) {
    if (c.kind === 'changed') {
      const r = rowName(c.row, c.name);
      for (const cell of c.cells)
        say(
          fill(msg.changedCell, {
            row: r,
            column: column(cell),
            was: cell.was || msg.empty,
            becomes: cell.becomes || msg.empty,
          }),
        );
      if (c.widening)
        say(fill(c.widening.verdict === 'widens' ? msg.widens : msg.mayWiden, { row: r }));
      if (c.lessBlocking) say(fill(msg.blocksLess, { row: r }));
    } else if (c.kind === 'added') {
      const cells = c.cells.join(' · ');
      say(fill(msg.added, { sheetRow: c.sheetRow, cells }));
      if (c.lessBlocking) say(fill(msg.addedBlocksLess, { sheetRow: c.sheetRow }));
    } else {
      const r = rowName(c.row, c.name);
      say(fill(msg.removed, { row: r, cells: c.cells.join(' · ') }));
      if (c.mayWiden) say(fill(msg.removedBlocksLess, { row: r }));
    }
  }
  const updated = plan.edit ? applyTextEdits(text, [plan.edit]) : text;
  io.out((updated ?? text).replace(/\n$/, ''));
  return EXIT_OK;
}
