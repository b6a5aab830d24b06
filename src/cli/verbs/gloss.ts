import { fill } from '../../i18n/format';
import {
  type FieldDictionary,
  GLOSS_LANGS,
  type GlossLang,
  glossDocument,
  glossLint,
  parseFieldDictionary,
} from '../../kernel';
import { zhQuote } from '../../kernel/util/quote';
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE } from '../exit-codes';
import { compileFile } from '../load-document';
import { printError, usageError } from '../messages';
import { diagnosticLines, formatDiagnostic, orderedObjectPretty } from '../printer';
import { readData } from '../read-data';
import { GLOSS_STRINGS as msg } from '../strings/gloss';
import { HELP } from '../strings/help';
import type { Verb } from './verb';

/** English unless --lang says otherwise: the command's own messages lead with English too. */
export const DEFAULT_GLOSS_LANG: GlossLang = 'en';

export const gloss: Verb = {
  name: 'gloss',
  stdout: 'json',
  args: ['RULES'],
  options: [
    {
      name: '--lang',
      value: 'zh|en',
      summary: fill(msg.langOption, { lang: DEFAULT_GLOSS_LANG }),
    },
    {
      name: '--fields',
      value: 'FIELDS.yaml',
      summary: msg.fieldsOption,
    },
  ],
  summary: msg.summary,
  details: HELP.gloss,
  async run(io, [file], options) {
    const rules = file as string;
    const lang = options['--lang'] ?? DEFAULT_GLOSS_LANG;
    if (!(GLOSS_LANGS as readonly string[]).includes(lang)) {
      printError(
        io,
        usageError(
          fill(msg.langMustZhEn, { lang: { en: JSON.stringify(lang), zh: zhQuote(lang) } }),
        ),
      );
      return EXIT_USAGE;
    }
    let dictionary: FieldDictionary | undefined;
    const fieldsFile = options['--fields'];
    if (fieldsFile !== undefined) {
      const data = await readData(io, fieldsFile);
      if (!data.ok) {
        printError(io, data.message);
        return EXIT_USAGE;
      }
      const parsed = parseFieldDictionary(data.value);
      if (!parsed.ok) {
        for (const p of parsed.problems) printError(io, fill(msg.text, { fieldsFile, p }));
        return EXIT_USAGE;
      }
      dictionary = parsed.dictionary;
    }
    const compiled = await compileFile(io, rules);
    if (!compiled.ok) return compiled.code;
    const result = compiled.result;
    if (!result.ok) {
      // As hash and tree do: load errors go to stderr in the `check` format, stdout stays empty.
      for (const line of diagnosticLines(rules, result)) io.err(line);
      return EXIT_INVALID;
    }
    const glosses = glossDocument(result, { lang: lang as GlossLang, dictionary }) ?? [];
    for (const d of glossLint(result, { dictionary, langs: [lang as GlossLang] })) {
      if (d.severity === 'warning') io.err(formatDiagnostic(rules, result.source, d));
    }
    io.out(orderedObjectPretty(glosses.map((g) => [g.name, JSON.stringify(g.gloss.text)])));
    return EXIT_OK;
  },
};
