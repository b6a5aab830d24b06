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
      summary: {
        en: `gloss language (default ${DEFAULT_GLOSS_LANG})`,
        zh: '释义语言（默认 en）',
      },
    },
    {
      name: '--fields',
      value: 'FIELDS.yaml',
      summary: { en: 'field display names (path → {zh, en})', zh: '字段显示名（路径 → {zh, en}）' },
    },
  ],
  summary: { en: "print each rule's natural-language gloss", zh: '输出每条规则的自然语言释义' },
  details: [
    'Prints {"<rule name>": "<gloss>", …} as JSON (2-space indentation), rules in definition',
    'order; decision-table rows are named <entry>#<n>. See docs/gloss.md.',
    'FIELDS is YAML or JSON: a mapping of field paths (or "prefix.*") to {zh, en} display names.',
    'Display names: table column label > FIELDS > built-in names; a field with none is read',
    'through a fallback and reported on stderr (warning ERDL-W901), as is a stored gloss that',
    'differs from the render (warning ERDL-W902).',
    'Exits 0 when rendered; 1 when RULES has load errors (diagnostics on stderr); 2 for a usage',
    'error, an unreadable file, or a bad --lang or FIELDS file.',
  ],
  async run(io, [file], options) {
    const rules = file as string;
    const lang = options['--lang'] ?? DEFAULT_GLOSS_LANG;
    if (!(GLOSS_LANGS as readonly string[]).includes(lang)) {
      printError(
        io,
        usageError({
          en: `--lang must be zh or en, not ${JSON.stringify(lang)}`,
          zh: `--lang 只能是 zh 或 en，而不是${zhQuote(lang)}`,
        }),
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
        for (const p of parsed.problems)
          printError(io, { en: `${fieldsFile}: ${p.en}`, zh: `${fieldsFile}：${p.zh}` });
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
