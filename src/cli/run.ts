import type { Bilingual } from '../kernel';
import { zhQuote } from '../kernel/util/quote';
import { EXIT_OK, EXIT_USAGE, type ExitCode } from './exit-codes';
import type { CliIo } from './io';
import { PROGRAM, printError, usageError } from './messages';
import { safeIo } from './safe-io';
import { findVerb, VERBS, type Verb } from './verbs';
import { OPTION_VALUES_SEPARATOR } from './verbs/verb';

const HELP_FLAGS = new Set(['--help', '-h']);

/** `erdl --help`: the command list, English and Chinese. */
export function usage(): string[] {
  const synopsis = (v: Verb) =>
    [v.name, ...v.args, ...(v.options ?? []).map((o) => `[${o.name} ${o.value}]`)].join(' ');
  const width = Math.max(...VERBS.map((v) => synopsis(v).length), 'help [COMMAND]'.length) + 2;
  const row = (left: string, text: Bilingual) => `  ${left.padEnd(width)}${text.en} / ${text.zh}`;
  return [
    `Usage: ${PROGRAM} <command> [arguments]`,
    `用法：${PROGRAM} <命令> [参数]`,
    '',
    'Commands / 命令：',
    ...VERBS.map((v) => row(synopsis(v), v.summary)),
    row('help [COMMAND]', { en: 'show this help or a command’s help', zh: '显示帮助' }),
    '',
    'RULES is an ERDL v2.1 rule document (*.erdl.yaml or JSON).',
    'RULES 为 ERDL v2.1 规则文档（*.erdl.yaml 或 JSON）。',
    '',
    'Exit codes / 退出码：',
    '  0  success / 成功',
    '  1  the check failed: load errors, a failing test case, a signature or hash that does not hold /',
    '     检查未通过：加载错误、测试用例失败、签名或哈希不符',
    '  2  usage error or unreadable file / 用法错误或文件无法读取',
  ];
}

function verbUsage(v: Verb): string[] {
  const options = (v.options ?? []).map(
    (o) => `  ${o.name} ${o.value}  ${o.summary.en} / ${o.summary.zh}`,
  );
  return [
    `Usage: ${PROGRAM} ${[v.name, ...v.args, ...(v.options ?? []).map((o) => `[${o.name} ${o.value}]`)].join(' ')}`,
    `  ${v.summary.en} / ${v.summary.zh}`,
    ...(options.length ? ['', 'Options / 选项：', ...options] : []),
    '',
    ...v.details,
  ];
}

function fail(io: CliIo, message: Bilingual): ExitCode {
  printError(io, usageError(message));
  return EXIT_USAGE;
}

/**
 * The whole command: argv (without node and the script) → exit code. Parses the verb and its
 * arguments, then hands over to the verb. Writes only through `io`, made safe for a terminal by
 * safeIo (what the verb prints on stdout is the verb's `stdout` kind); never exits the process.
 */
export async function run(argv: readonly string[], raw: CliIo): Promise<ExitCode> {
  // The command's own messages quote the arguments: text for people, like every verb's stderr.
  const io = safeIo(raw, 'text');
  const [first, ...rest] = argv;
  if (first === undefined) return fail(io, { en: 'no command given', zh: '未指定命令' });
  if (first === 'help' || HELP_FLAGS.has(first)) return help(io, rest);
  if (first.startsWith('-'))
    return fail(io, { en: `unknown option "${first}"`, zh: `未知选项${zhQuote(first)}` });
  const verb = findVerb(first);
  if (!verb) return fail(io, { en: `unknown command "${first}"`, zh: `未知命令${zhQuote(first)}` });

  const positional: string[] = [];
  const options: Record<string, string> = {};
  let optionsEnded = false;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] as string;
    if (!optionsEnded && arg === '--') optionsEnded = true;
    else if (!optionsEnded && HELP_FLAGS.has(arg)) {
      for (const line of verbUsage(verb)) io.out(line);
      return EXIT_OK;
    } else if (!optionsEnded && arg.length > 1 && arg.startsWith('-')) {
      const [name, inline] = arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined];
      const spec = verb.options?.find((o) => o.name === name);
      if (!spec)
        return fail(io, {
          en: `unknown option "${name}" for "${verb.name}"`,
          zh: `${zhQuote(verb.name)}不支持选项${zhQuote(name)}`,
        });
      const value = inline ?? rest[++i];
      if (value === undefined || value === '')
        return fail(io, {
          en: `option ${name} needs a value (${spec.value})`,
          zh: `选项 ${name} 需要取值（${spec.value}）`,
        });
      if (name in options && !spec.repeatable)
        return fail(io, { en: `option ${name} given twice`, zh: `选项 ${name} 重复` });
      options[name] =
        name in options ? `${options[name]}${OPTION_VALUES_SEPARATOR}${value}` : value;
    } else positional.push(arg);
  }
  // Arguments written `[NAME]` may be left out (the verb checks what it needs).
  const required = verb.args.filter((a) => !a.startsWith('[')).length;
  if (positional.length < required) {
    const missing = verb.args.slice(positional.length, required).join(' ');
    return fail(io, {
      en: `"${verb.name}" needs ${missing}: ${PROGRAM} ${[verb.name, ...verb.args].join(' ')}`,
      zh: `${zhQuote(verb.name)}缺少参数 ${missing}：${PROGRAM} ${[verb.name, ...verb.args].join(' ')}`,
    });
  }
  // A last argument written `NAME…` takes one or more values (erdl verify FILE…).
  const variadic = verb.args.at(-1)?.endsWith('…') === true;
  if (positional.length > verb.args.length && !variadic) {
    const extra = positional[verb.args.length] as string;
    return fail(io, {
      en: `unexpected argument "${extra}" for "${verb.name}"`,
      zh: `${zhQuote(verb.name)}不接受多余参数${zhQuote(extra)}`,
    });
  }
  const stdout = typeof verb.stdout === 'function' ? verb.stdout(options) : verb.stdout;
  return verb.run(safeIo(raw, stdout), positional, options);
}

function help(io: CliIo, rest: readonly string[]): ExitCode {
  if (rest.length === 0) {
    for (const line of usage()) io.out(line);
    return EXIT_OK;
  }
  const [name, extra] = rest;
  if (extra !== undefined)
    return fail(io, { en: `unexpected argument "${extra}"`, zh: `多余参数${zhQuote(extra)}` });
  const verb = findVerb(name as string);
  if (!verb)
    return fail(io, { en: `unknown command "${name}"`, zh: `未知命令${zhQuote(name as string)}` });
  for (const line of verbUsage(verb)) io.out(line);
  return EXIT_OK;
}
