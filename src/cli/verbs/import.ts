import { MAX_TABLE_FILE_BYTES } from '../../kernel/file-limits';
import { type ImportNote, importHeadline, tableFileTooLarge } from '../../kernel/table-import';
import { zhQuote } from '../../kernel/util/quote';
import { foreignKind, readForeign } from '../../table-import/read-foreign';
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE } from '../exit-codes';
import { printError, usageError } from '../messages';
import { readRules } from '../reader';
import { importUpdate } from './import-update';
import type { Verb } from './verb';

const LEVEL: Record<ImportNote['level'], { en: string; zh: string }> = {
  error: { en: 'not converted', zh: '未转换' },
  warning: { en: 'warning', zh: '警告' },
  info: { en: 'note', zh: '说明' },
};

export const importVerb: Verb = {
  name: 'import',
  stdout: 'document',
  args: ['FILE'],
  options: [
    {
      name: '--sheet',
      value: 'N',
      summary: {
        en: 'the sheet of an .xlsx workbook to read (1 = first)',
        zh: '要读取的 .xlsx 工作表（1 为第一个）',
      },
    },
    {
      name: '--update',
      value: 'DOC',
      summary: {
        en: 'with --table: update that table of DOC from the .xlsx instead of making a document',
        zh: '与 --table 一起使用：用该 .xlsx 更新 DOC 中的该决策表，而不是新建文档',
      },
    },
    {
      name: '--table',
      value: 'NAME',
      summary: {
        en: 'with --update: the decision table (rule entry) to update',
        zh: '与 --update 一起使用：要更新的决策表（规则条目）',
      },
    },
  ],
  summary: {
    en: 'import decision tables from DMN, GoRules JDM or Excel as ERDL',
    zh: '从 DMN、GoRules JDM 或 Excel 导入决策表为 ERDL',
  },
  details: [
    'FILE is a DMN 1.3/1.4 model (.dmn, .xml), a GoRules JDM graph (.json) or an Excel workbook',
    '(.xlsx, one table per sheet in the CSV shape of docs/table-cells.md). Prints the ERDL document',
    'on stdout and the conversion report on stderr: first how many tables converted, naming each',
    'one that did not with its reason, then every table, column, cell and feature not converted,',
    'and why (docs/table-import.md).',
    'Exits 0 when every decision table was converted (warnings name what was left out); 1 when a',
    'table was not (the document of the tables that were converted is still printed, if any); 2',
    'for usage errors, an unreadable file, or a file refused before it is read: over 20 MB, or an',
    '.xlsx over the limits of docs/table-import.md (a zip bomb).',
    'With --update DOC --table NAME, the .xlsx (as `erdl export --to xlsx` writes it) updates table',
    'NAME of DOC instead: DOC as updated on stdout, each row added, removed or changed and each',
    'changed cell (was → becomes), what widens and a different fallback (never applied) on stderr;',
    'cells that read as they are keep their text. Exits 0 when it applies, 1 when it is refused.',
  ],
  async run(io, [fileArg], options) {
    const file = fileArg as string;
    if (foreignKind(file) === null) {
      printError(
        io,
        usageError({
          en: `${JSON.stringify(file)} is not a file that can be imported: use .dmn, .json (GoRules JDM) or .xlsx`,
          zh: `${zhQuote(file)}不是可导入的文件：请使用 .dmn、.json（GoRules JDM）或 .xlsx`,
        }),
      );
      return EXIT_USAGE;
    }
    if (options['--update'] !== undefined || options['--table'] !== undefined)
      return importUpdate(io, file, options['--update'], options['--table']);
    const sheetOption = options['--sheet'];
    if (sheetOption !== undefined && !/^[1-9]\d*$/.test(sheetOption)) {
      printError(
        io,
        usageError({
          en: `--sheet ${JSON.stringify(sheetOption)} is not a sheet number (1, 2, …)`,
          zh: `--sheet${zhQuote(sheetOption)}不是工作表序号（1、2……）`,
        }),
      );
      return EXIT_USAGE;
    }
    // A file over the table-file limit is refused unread (its size is looked up, not read).
    const size = io.fileSize ? await io.fileSize(file).catch(() => null) : null;
    if (size !== null && size > MAX_TABLE_FILE_BYTES) {
      printError(io, tableFileTooLarge(size));
      return EXIT_USAGE;
    }
    const read = await readRules(io, file);
    if (!read.ok) {
      printError(io, read.message);
      return EXIT_USAGE;
    }
    const result = await readForeign(
      file,
      read.bytes,
      sheetOption === undefined ? undefined : Number(sheetOption),
    );
    const notes = [
      ...result.notes,
      ...result.tables.flatMap((t) =>
        t.notes.map((n) => ({
          ...n,
          message: {
            en: `${JSON.stringify(t.name)}: ${n.message.en}`,
            zh: `${zhQuote(t.name)}：${n.message.zh}`,
          },
        })),
      ),
    ];
    // The headline first (issue 38 §5): how many tables converted, each one that did not and why.
    // A clean import (nothing to report) stays silent, as before.
    if (notes.length > 0 || result.tables.some((t) => t.entry === null))
      printError(io, importHeadline(result));
    for (const n of notes)
      printError(io, {
        en: `${LEVEL[n.level].en}: ${n.message.en}`,
        zh: `${LEVEL[n.level].zh}：${n.message.zh}`,
      });
    if (result.text !== null) io.out(result.text.replace(/\n$/, ''));
    // A file refused before it was read (over a limit, a zip bomb) is an unreadable file: exit 2.
    if (result.refused) return EXIT_USAGE;
    return result.text !== null && !notes.some((n) => n.level === 'error') ? EXIT_OK : EXIT_INVALID;
  },
};
