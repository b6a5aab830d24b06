import { fill } from '../../i18n/format';
import { MAX_TABLE_FILE_BYTES } from '../../kernel/file-limits';
import { type ImportNote, importHeadline, tableFileTooLarge } from '../../kernel/table-import';
import { zhQuote } from '../../kernel/util/quote';
import { foreignKind, readForeign } from '../../table-import/read-foreign';
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE } from '../exit-codes';
import { printError, usageError } from '../messages';
import { readRules } from '../reader';
import { HELP } from '../strings/help';
import { IMPORT_STRINGS as msg } from '../strings/import';
import { importUpdate } from './import-update';
import type { Verb } from './verb';

const LEVEL: Record<ImportNote['level'], { en: string; zh: string }> = {
  error: msg.notConverted,
  warning: msg.warning,
  info: msg.note,
};

export const importVerb: Verb = {
  name: 'import',
  stdout: 'document',
  args: ['FILE'],
  options: [
    {
      name: '--sheet',
      value: 'N',
      summary: msg.sheetOption,
    },
    {
      name: '--update',
      value: 'DOC',
      summary: msg.updateOption,
    },
    {
      name: '--table',
      value: 'NAME',
      summary: msg.tableOption,
    },
  ],
  summary: msg.summary,
  details: HELP.import,
  async run(io, [fileArg], options) {
    const file = fileArg as string;
    if (foreignKind(file) === null) {
      printError(
        io,
        usageError(
          fill(msg.notFileThatCan, { file: { en: JSON.stringify(file), zh: zhQuote(file) } }),
        ),
      );
      return EXIT_USAGE;
    }
    if (options['--update'] !== undefined || options['--table'] !== undefined)
      return importUpdate(io, file, options['--update'], options['--table']);
    const sheetOption = options['--sheet'];
    if (sheetOption !== undefined && !/^[1-9]\d*$/.test(sheetOption)) {
      printError(
        io,
        usageError(
          fill(msg.sheetNotSheetNumber, {
            sheetOption: { en: JSON.stringify(sheetOption), zh: zhQuote(sheetOption) },
          }),
        ),
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
          message: fill(msg.text, {
            name: { en: JSON.stringify(t.name), zh: zhQuote(t.name) },
            message: n.message,
          }),
        })),
      ),
    ];
    // The headline first (issue 38 §5): how many tables converted, each one that did not and why.
    // A clean import (nothing to report) stays silent, as before.
    if (notes.length > 0 || result.tables.some((t) => t.entry === null))
      printError(io, importHeadline(result));
    for (const n of notes)
      printError(io, fill(msg.text2, { value: LEVEL[n.level], message: n.message }));
    if (result.text !== null) io.out(result.text.replace(/\n$/, ''));
    // A file refused before it was read (over a limit, a zip bomb) is an unreadable file: exit 2.
    if (result.refused) return EXIT_USAGE;
    return result.text !== null && !notes.some((n) => n.level === 'error') ? EXIT_OK : EXIT_INVALID;
  },
};
