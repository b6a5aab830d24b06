import {
  type Bilingual,
  convertDocument,
  PROJECTION_TARGETS,
  type ProjectionTarget,
} from '../../kernel';
import { zhQuote } from '../../kernel/util/quote';
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE } from '../exit-codes';
import { printError, usageError } from '../messages';
import { diagnosticLines } from '../printer';
import { readRules } from '../reader';
import type { Verb } from './verb';

/** "to <form>" in each language. */
const TO_FORM: Record<ProjectionTarget, Bilingual> = {
  simple: { en: 'to Simple', zh: '转换为简单形式' },
  expr: { en: 'to Expression', zh: '转换为表达式形式' },
  table: { en: 'to a decision table', zh: '转换为决策表' },
};

export const convert: Verb = {
  name: 'convert',
  stdout: 'document',
  args: ['RULES'],
  options: [
    {
      name: '--to',
      value: 'simple|expr|table',
      summary: { en: 'the writing form to convert to (required)', zh: '目标书写形式（必填）' },
    },
    {
      name: '--rule',
      value: 'NAME',
      summary: { en: 'convert only this rule entry', zh: '只转换这条规则条目' },
    },
  ],
  summary: {
    en: 'convert rules between Simple, Expression and decision tables',
    zh: '在 Simple、Expression 与决策表之间转换规则',
  },
  details: [
    'Prints the whole document as YAML with the rules rewritten in the --to form; with --rule,',
    'only that rule entry is rewritten and the others are written back unchanged, so the output is',
    'always a loadable document. Every rule keeps its canonical tree and hash (round-trip law).',
    '  --to simple  every rule as Simple conditions (a decision table becomes one rule per row,',
    '               named <entry>-r<n>)',
    '  --to expr    every rule as an Expression (tables likewise become one rule per row)',
    '  --to table   the rules become ONE decision table named after the first rule (with --rule:',
    '               that rule entry alone becomes a one-row table)',
    'Values are kept; comments and layout are not: the output is written in the §2.3 style',
    '(double-quoted strings, bare keywords, 2-space indentation). See docs/projections.md.',
    'Exits 0 with the document on stdout; 1 when RULES has load errors (diagnostics on stderr)',
    'or the conversion is impossible (each rule that cannot be converted and why, on stderr,',
    'nothing on stdout); 2 for usage errors, an unreadable file or an unknown --rule name.',
  ],
  async run(io, [fileArg], options) {
    const file = fileArg as string;
    const to = options['--to'];
    if (to === undefined) {
      printError(
        io,
        usageError({
          en: 'convert needs --to simple|expr|table',
          zh: 'convert 需要 --to simple|expr|table',
        }),
      );
      return EXIT_USAGE;
    }
    if (!(PROJECTION_TARGETS as readonly string[]).includes(to)) {
      printError(
        io,
        usageError({
          en: `--to ${JSON.stringify(to)} is not a form: use simple, expr or table`,
          zh: `--to${zhQuote(to)}不是书写形式：请用 simple、expr 或 table`,
        }),
      );
      return EXIT_USAGE;
    }
    const target = to as ProjectionTarget;
    const read = await readRules(io, file);
    if (!read.ok) {
      printError(io, read.message);
      return EXIT_USAGE;
    }
    const rule = options['--rule'];
    const result = convertDocument(read.bytes, {
      to: target,
      ...(rule !== undefined ? { rules: [rule] } : {}),
    });
    if (result.ok) {
      io.out(result.output.replace(/\n$/, ''));
      return EXIT_OK;
    }
    switch (result.kind) {
      case 'load':
        for (const line of diagnosticLines(file, result.result)) io.err(line);
        return EXIT_INVALID;
      case 'unknown-rule':
        printError(io, usageError(result.message));
        return EXIT_USAGE;
      case 'refused': {
        const form = TO_FORM[target];
        for (const r of result.refusals) {
          printError(io, {
            en: `cannot convert ${r.rule} ${form.en} [${r.code}]: ${r.part ? `${r.part}: ` : ''}${r.message.en}`,
            zh: `无法将 ${r.rule} ${form.zh} [${r.code}]：${r.part ? `${r.part}：` : ''}${r.message.zh}`,
          });
        }
        return EXIT_INVALID;
      }
      case 'internal':
        printError(io, {
          en: `internal error: the converted document failed its own check (${result.failures.join('; ')}); nothing was written`,
          zh: `内部错误：转换结果未通过自检（${result.failures.join('；')}）；未输出任何内容`,
        });
        return EXIT_INVALID;
    }
  },
};
