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
  const say = (en: string, zh: string) => printError(io, { en, zh });
  if (plan.otherEntry !== null)
    say(
      `note: the workbook was exported from the table ${JSON.stringify(plan.otherEntry)}`,
      `说明：该工作簿导出自决策表${zhQuote(plan.otherEntry)}`,
    );
  if (plan.fallback !== null)
    say(
      `note: the workbook's fallback decision is ${plan.fallback.sheet ?? 'none'}, the document's ${plan.fallback.document ?? 'none'}: not changed`,
      `说明：工作簿的兜底决策是 ${plan.fallback.sheet ?? '无'}，文档的是 ${plan.fallback.document ?? '无'}：未改动`,
    );
  if (plan.changes.length === 0) say('the workbook changes nothing', '工作簿不会改动任何内容');
  const rowName = (row: number, name: string | null): Bilingual =>
    name === null
      ? fill(msg.row, { value: row + 1 })
      : fill(msg.row2, { value: row + 1, name: { en: JSON.stringify(name), zh: zhQuote(name) } });
  const column = (c: CellChange) =>
    typeof c.at === 'number' ? (table.columns[c.at]?.field ?? c.column) : c.at;
  for (const c of plan.changes) {
    if (c.kind === 'changed') {
      const r = rowName(c.row, c.name);
      for (const cell of c.cells)
        say(
          `changed: ${r.en}, ${column(cell)}: ${cell.was || '(empty)'} → ${cell.becomes || '(empty)'}`,
          `修改：${r.zh}，${column(cell)}：${cell.was || '（空）'} → ${cell.becomes || '（空）'}`,
        );
      if (c.widening)
        say(
          `warning: ${r.en} ${c.widening.verdict === 'widens' ? 'widens' : 'may widen'}: it may match inputs it did not match before`,
          `警告：${r.zh}${c.widening.verdict === 'widens' ? '放宽' : '可能放宽'}：可能匹配以前不匹配的输入`,
        );
      if (c.lessBlocking) say(`warning: ${r.en} now blocks less`, `警告：${r.zh}的拦截程度降低`);
    } else if (c.kind === 'added') {
      say(
        `added: sheet row ${c.sheetRow}: ${c.cells.join(' · ')}`,
        `新增：工作表第 ${c.sheetRow} 行：${c.cells.join(' · ')}`,
      );
      if (c.lessBlocking)
        say(
          `warning: sheet row ${c.sheetRow} blocks less than the default row`,
          `警告：工作表第 ${c.sheetRow} 行的拦截程度低于默认行`,
        );
    } else {
      const r = rowName(c.row, c.name);
      say(`removed: ${r.en}: ${c.cells.join(' · ')}`, `删除：${r.zh}：${c.cells.join(' · ')}`);
      if (c.mayWiden)
        say(
          `warning: the default row now decides the inputs of ${r.en}, and blocks less`,
          `警告：${r.zh}的输入改由默认行决策，拦截程度降低`,
        );
    }
  }
  const updated = plan.edit ? applyTextEdits(text, [plan.edit]) : text;
  io.out((updated ?? text).replace(/\n$/, ''));
  return EXIT_OK;
}
