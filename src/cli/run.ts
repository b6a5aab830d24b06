import { version } from '../../package.json';
import type { Bilingual } from '../kernel';
import { hint } from '../kernel/util/suggest';
import { EXIT_CODES, EXIT_OK, EXIT_USAGE, type ExitCode } from './exit-codes';
import type { CliIo } from './io';
import { checkOutput, PROGRAM, printError, usageError } from './messages';
import { safeIo } from './safe-io';
import { named, quoted, text } from './strings';
import type { HelpDetails } from './strings/help';
import { findVerb, VERBS, type Verb } from './verbs';
import { OPTION_VALUES_SEPARATOR, type OptionSpec } from './verbs/verb';
import { wrapText } from './wrap';

const HELP_FLAGS = new Set(['--help', '-h']);
/** Help is wrapped for an 80-column terminal (CJK characters count two columns). */
const HELP_WIDTH = 80;

type Lang = CliIo['lang'];

/** The languages help is printed in: the one asked for, else both (English first). */
const langs = (lang: Lang): readonly ('en' | 'zh')[] => (lang ? [lang] : ['en', 'zh']);

/** A bilingual line under a heading: each language on its own lines, wrapped at 80 columns. */
const described = (text: Bilingual, lang: Lang, indent: string): string[] =>
  langs(lang).flatMap((l) => wrapText(text[l], HELP_WIDTH, indent));

const heading = (text: Bilingual, lang: Lang): string =>
  lang ? text[lang] : `${text.en.replace(/:$/, '')} / ${text.zh}`;

const synopsis = (v: Verb) =>
  [v.name, ...v.args, ...(v.options ?? []).map((o) => `[${optionUsage(o)}]`)].join(' ');

/** `--name VALUE`, or `--name` alone for a flag. */
const optionUsage = (o: OptionSpec) => (o.flag ? o.name : `${o.name} ${o.value}`);

/** A verb's synopsis wrapped between its arguments, never inside `[--option VALUE]`. */
const synopsisLines = (line: string, indent: string, hang: string) =>
  wrapText(
    line.replace(/\[[^\]]*\]/g, (o) => o.replace(/ /g, '\u00a0')),
    HELP_WIDTH,
    indent,
    hang,
  ).map((l) => l.replace(/\u00a0/g, ' '));

/** `erdl --help`: the command list and the exit codes, at most 80 columns wide. */
export function usage(lang?: Lang): string[] {
  const fill = { program: PROGRAM };
  return [
    ...langs(lang).map((l) => text('help.usage', fill)[l]),
    '',
    heading(text('help.commands'), lang),
    ...VERBS.flatMap((v) => [
      ...synopsisLines(synopsis(v), '  ', '      '),
      ...described(v.summary, lang, '      '),
    ]),
    '  help [COMMAND]',
    ...described(text('help.help'), lang, '      '),
    '',
    heading(text('help.global'), lang),
    '  --version',
    ...described(text('help.version'), lang, '      '),
    '  --lang en|zh',
    ...described(text('help.lang'), lang, '      '),
    '',
    ...described(text('help.rules'), lang, ''),
    '',
    heading(text('exit.title'), lang),
    ...EXIT_CODES.flatMap(([code, meaning]) =>
      langs(lang).flatMap((l) => wrapText(meaning[l], HELP_WIDTH, `  ${code}  `, '     ')),
    ),
  ];
}

/** A Chinese paragraph's continuation lines line up under its text (`  --to simple  …`). */
const hangOf = (line: string): string =>
  ' '.repeat(/^ +(?:--\S+ \S+ +)?/.exec(line)?.[0].length ?? 0);

/** A line that ends a sentence (`… 1970-01-01T00:00:00.000Z.`, `… (exit 2).`, `… hash.`). */
const SENTENCE_END = /[.!?]["'`)\]]*$/;

/**
 * English details as written — hard-wrapped near 90 columns, so wrapping each line at 80 would
 * leave a short line in the middle of every sentence — joined back into paragraphs to be wrapped
 * whole: a line continues the one before unless that one ends a sentence, or it starts a list
 * item (`  --to table  …` after a line at the margin); a list item's continuation lines are those
 * indented under its text (hangOf). (Chinese details are one paragraph a line already.)
 */
export function paragraphs(lines: readonly string[]): string[] {
  const out: string[] = [];
  let hang = -1;
  for (const line of lines) {
    const indent = /^ */.exec(line)?.[0].length ?? 0;
    const last = out.at(-1);
    if (last !== undefined && !SENTENCE_END.test(last) && indent === hang) {
      out[out.length - 1] = `${last.trimEnd()} ${line.trimStart()}`;
      continue;
    }
    out.push(line);
    hang = hangOf(line).length;
  }
  return out;
}

function verbUsage(v: Verb, lang?: Lang): string[] {
  const options = (v.options ?? []).flatMap((o) => [
    `  ${optionUsage(o)}`,
    ...described(o.summary, lang, '      '),
  ]);
  // English unless Chinese is asked for: without --lang the paragraphs stay English, as before.
  const zh = lang === 'zh';
  const details = Array.isArray(v.details)
    ? v.details
    : (v.details as HelpDetails)[zh ? 'zh' : 'en'];
  const usageLine = text('help.verbUsage', { program: PROGRAM, synopsis: synopsis(v) });
  return [
    ...synopsisLines(zh ? usageLine.zh : usageLine.en, '', '    '),
    ...described(v.summary, lang, '  '),
    ...(options.length ? ['', heading(text('help.options'), lang), ...options] : []),
    '',
    ...(zh ? details : paragraphs(details)).flatMap((line) =>
      wrapText(line, HELP_WIDTH, '', hangOf(line)),
    ),
    '',
    heading(text('exit.title'), lang),
    ...EXIT_CODES.flatMap(([code, meaning]) =>
      langs(lang).flatMap((l) => wrapText(meaning[l], HELP_WIDTH, `  ${code}  `, '     ')),
    ),
  ];
}

/** An unknown command, with the nearest command's name when one is close (`chek` → check). */
const unknownCommand = (name: string): Bilingual =>
  text('args.unknownCommand', {
    value: named(name),
    ...hint(
      name,
      VERBS.map((v) => v.name),
    ),
  });

function fail(io: CliIo, message: Bilingual): ExitCode {
  printError(io, usageError(message));
  return EXIT_USAGE;
}

/**
 * The whole command: argv (without node and the script) → exit code. Parses the verb and its
 * arguments, then hands over to the verb. Writes only through `io`, made safe for a terminal by
 * safeIo (what the verb prints on stdout is the verb's `stdout` kind); never exits the process.
 */
export async function run(argv: readonly string[], given: CliIo): Promise<ExitCode> {
  // Options before the command: --version, --lang en|zh (over the locale's language, io.lang).
  let args = argv;
  let lang = given.lang;
  for (;;) {
    const [option, next] = args;
    if (option === '--version' || option === '-V') {
      safeIo(given, 'text').out(`${PROGRAM} ${version}`);
      return checkOutput(safeIo(given, 'text'), EXIT_OK);
    }
    if (option !== '--lang' && !option?.startsWith('--lang=')) break;
    const value = option === '--lang' ? next : option.slice('--lang='.length);
    if (value !== 'en' && value !== 'zh')
      return fail(safeIo(given, 'text'), text('lang.bad', quoted(value ?? '')));
    lang = value;
    args = args.slice(option === '--lang' ? 2 : 1);
  }
  const raw: CliIo = Object.create(given);
  if (lang) raw.lang = lang;
  // The command's own messages quote the arguments: text for people, like every verb's stderr.
  const io = safeIo(raw, 'text');
  return checkOutput(io, await dispatch(args, raw, io));
}

/** The verb (or help) that `args` name, run with `raw` made safe for what it prints. */
async function dispatch(args: readonly string[], raw: CliIo, io: CliIo): Promise<ExitCode> {
  const [first, ...rest] = args;
  if (first === undefined) return fail(io, text('args.noCommand'));
  if (first === 'help' || HELP_FLAGS.has(first)) return help(io, rest);
  if (first.startsWith('-')) return fail(io, text('args.unknownOption', { value: named(first) }));
  const verb = findVerb(first);
  if (!verb) return fail(io, unknownCommand(first));

  const positional: string[] = [];
  const options: Record<string, string> = {};
  let optionsEnded = false;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] as string;
    if (!optionsEnded && arg === '--') optionsEnded = true;
    else if (!optionsEnded && HELP_FLAGS.has(arg)) {
      for (const line of verbUsage(verb, io.lang)) io.out(line);
      return EXIT_OK;
    } else if (!optionsEnded && arg.length > 1 && arg.startsWith('-')) {
      const [name, inline] = arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined];
      const spec = verb.options?.find((o) => o.name === name);
      if (!spec)
        return fail(io, text('args.verbOption', { value: named(name), verb: named(verb.name) }));
      // A flag takes no value: given means "true" (`--explain`).
      const value = spec.flag ? (inline ?? 'true') : (inline ?? rest[++i]);
      if (value === undefined || value === '')
        return fail(io, text('args.needsValue', { option: name, placeholder: spec.value }));
      if (name in options && !spec.repeatable)
        return fail(io, text('args.twice', { option: name }));
      options[name] =
        name in options ? `${options[name]}${OPTION_VALUES_SEPARATOR}${value}` : value;
    } else positional.push(arg);
  }
  // Arguments written `[NAME]` may be left out (the verb checks what it needs).
  const required = verb.args.filter((a) => !a.startsWith('[')).length;
  if (positional.length < required) {
    const missing = verb.args.slice(positional.length, required).join(' ');
    return fail(
      io,
      text('args.missing', {
        verb: named(verb.name),
        missing,
        synopsis: `${PROGRAM} ${[verb.name, ...verb.args].join(' ')}`,
      }),
    );
  }
  // A last argument written `NAME…` takes one or more values (erdl verify FILE…).
  const variadic = verb.args.at(-1)?.endsWith('…') === true;
  if (positional.length > verb.args.length && !variadic) {
    const extra = positional[verb.args.length] as string;
    return fail(io, text('args.extraFor', { value: named(extra), verb: named(verb.name) }));
  }
  const stdout = typeof verb.stdout === 'function' ? verb.stdout(options) : verb.stdout;
  return verb.run(safeIo(raw, stdout), positional, options);
}

function help(io: CliIo, rest: readonly string[]): ExitCode {
  if (rest.length === 0) {
    for (const line of usage(io.lang)) io.out(line);
    return EXIT_OK;
  }
  const [name, extra] = rest;
  if (extra !== undefined) return fail(io, text('args.extra', { value: named(extra) }));
  const verb = findVerb(name as string);
  if (!verb) return fail(io, unknownCommand(name as string));
  for (const line of verbUsage(verb, io.lang)) io.out(line);
  return EXIT_OK;
}
