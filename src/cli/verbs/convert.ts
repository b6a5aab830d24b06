import { fill } from '../../i18n/format';
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
import { CONVERT_STRINGS as msg } from '../strings/convert';
import { HELP } from '../strings/help';
import type { Verb } from './verb';

/** "to <form>" in each language. */
const TO_FORM: Record<ProjectionTarget, Bilingual> = {
  simple: msg.simple,
  expr: msg.expression,
  table: msg.decisionTable,
};

export const convert: Verb = {
  name: 'convert',
  stdout: 'document',
  args: ['RULES'],
  options: [
    {
      name: '--to',
      value: 'simple|expr|table',
      summary: msg.toOption,
    },
    {
      name: '--rule',
      value: 'NAME',
      summary: msg.ruleOption,
    },
  ],
  summary: msg.summary,
  details: HELP.convert,
  async run(io, [fileArg], options) {
    const file = fileArg as string;
    const to = options['--to'];
    if (to === undefined) {
      printError(io, usageError(msg.convertNeedsSimpleExpr));
      return EXIT_USAGE;
    }
    if (!(PROJECTION_TARGETS as readonly string[]).includes(to)) {
      printError(
        io,
        usageError(fill(msg.notFormUseSimple, { to: { en: JSON.stringify(to), zh: zhQuote(to) } })),
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
          const part = r.part ? fill(msg.refusedPart, { part: r.part }) : '';
          const { rule, code, message } = r;
          printError(io, fill(msg.cannotConvert, { rule, form, code, part, message }));
        }
        return EXIT_INVALID;
      }
      case 'internal':
        printError(
          io,
          fill(msg.internalError, {
            failures: { en: result.failures.join('; '), zh: result.failures.join('；') },
          }),
        );
        return EXIT_INVALID;
    }
  },
};
