/**
 * The command's own text, English and Chinese, filled by the project's one template filler
 * (src/kernel/util/template.ts: `{name}` placeholders, `{n:one|other}` English plurals). Each
 * verb's own words are in src/cli/strings/<verb>.ts, its help paragraphs in src/cli/strings/help.ts
 * (tests/cli-strings.test.ts fails on a `{en, zh}` pair or Chinese text written outside them).
 */
import { type FillValue, fill } from '../i18n/format';
import type { Bilingual } from '../kernel';
import { zhQuote } from '../kernel/util/quote';

export const cliStrings = {
  en: {
    exit: {
      title: 'Exit codes (every command):',
      ok: 'success: the document loads, the suite passes, the signature holds',
      failed:
        'the check failed: the rules do not load (load errors), a test case fails, a signature or hash does not hold',
      usage:
        'usage error, or an input other than the rules that cannot be read or has errors; an internal error',
    },
    help: {
      usage: 'Usage: {program} <command> [arguments]',
      verbUsage: 'Usage: {program} {synopsis}',
      commands: 'Commands:',
      help: 'show this help or a command’s help',
      version: 'print the version of erdl',
      lang: 'messages in English or Chinese (default: both; Chinese under a zh locale)',
      rules: 'RULES is an ERDL v2.1 rule document (*.erdl.yaml or JSON).',
      options: 'Options:',
      global: 'Options before the command:',
    },
    lang: {
      bad: '--lang must be en or zh, not {value}',
    },
    args: {
      noCommand: 'no command given',
      unknownOption: 'unknown option {value}',
      unknownCommand: 'unknown command {value}{hint}',
      verbOption: 'unknown option {value} for {verb}',
      needsValue: 'option {option} needs a value ({placeholder})',
      twice: 'option {option} given twice',
      missing: '{verb} needs {missing}: {synopsis}',
      extraFor: 'unexpected argument {value} for {verb}',
      extra: 'unexpected argument {value}',
    },
    format: {
      bad: '--format must be {formats}, not {value}',
    },
    check: {
      summary: 'validate a rule document',
      format:
        'output format: text (default), json (one object), sarif (SARIF 2.1.0 for code scanning)',
    },
    diagnostic: { error: 'error', warning: 'warning' },
    internal: {
      bug: 'internal error: {detail} (a bug in erdl, not in your input; ERDL_DEBUG=1 prints where it happened)',
    },
  },
  zh: {
    exit: {
      title: '退出码（所有命令相同）：',
      ok: '成功：文档可加载、测试集通过、签名成立',
      failed: '检查未通过：规则无法加载（加载错误）、测试用例失败、签名或哈希不符',
      usage: '用法错误，或规则以外的输入无法读取或有错误；内部错误',
    },
    help: {
      usage: '用法：{program} <命令> [参数]',
      verbUsage: '用法：{program} {synopsis}',
      commands: '命令：',
      help: '显示帮助或某个命令的帮助',
      version: '显示 erdl 的版本',
      lang: '消息语言：英文或中文（默认两种都显示；zh 区域设置下为中文）',
      rules: 'RULES 为 ERDL v2.1 规则文档（*.erdl.yaml 或 JSON）。',
      options: '选项：',
      global: '命令之前的选项：',
    },
    lang: {
      bad: '--lang 只能是 en 或 zh，而不是{value}',
    },
    args: {
      noCommand: '未指定命令',
      unknownOption: '未知选项{value}',
      unknownCommand: '未知命令{value}{hint}',
      verbOption: '{verb}不支持选项{value}',
      needsValue: '选项 {option} 需要取值（{placeholder}）',
      twice: '选项 {option} 重复',
      missing: '{verb}缺少参数 {missing}：{synopsis}',
      extraFor: '{verb}不接受多余参数{value}',
      extra: '多余参数{value}',
    },
    format: {
      bad: '--format 只能是 {formats}，而不是{value}',
    },
    check: {
      summary: '校验规则文档',
      format: '输出格式：text（默认）、json（一个对象）、sarif（用于代码扫描的 SARIF 2.1.0）',
    },
    diagnostic: { error: '错误', warning: '警告' },
    internal: {
      bug: '内部错误：{detail}（这是 erdl 的缺陷，不是输入的问题；设置 ERDL_DEBUG=1 可输出出错位置）',
    },
  },
} as const;

type Table = typeof cliStrings.en;
type Leaf<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaf<T[K], `${P}${K}.`>;
}[keyof T & string];
export type CliStringKey = Leaf<Table>;

function lookup(table: unknown, key: string): string {
  let node = table;
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  return node as string;
}

/**
 * One string of the table in both languages, its placeholders filled (`fill`, src/i18n/format.ts);
 * a value given as `{en, zh}` fills each language with its own side (a name quoted "…" in English,
 * “…” in Chinese).
 */
export function text(
  key: CliStringKey,
  values: Readonly<Record<string, FillValue>> = {},
): Bilingual {
  return fill({ en: lookup(cliStrings.en, key), zh: lookup(cliStrings.zh, key) }, values);
}

/** `{value}` as each language quotes it: "…" in English, “…” in Chinese (never shortened). */
export function quoted(value: string): { value: Bilingual } {
  return { value: { en: JSON.stringify(value), zh: zhQuote(value) } };
}

/** A name as the dispatcher quotes it: "…" in English (as written), “…” in Chinese. */
export function named(value: string): Bilingual {
  return { en: `"${value}"`, zh: zhQuote(value) };
}
