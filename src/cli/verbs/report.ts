import {
  REPORT_LANGS,
  type ReportLang,
  type ReviewReportInput,
  reviewReportHtml,
  runSuite,
} from '../../kernel';
import { zhQuote } from '../../kernel/util/quote';
import { reportSignature, SIGNATURE_SUFFIX } from '../../signing';
import { EXIT_OK, EXIT_USAGE } from '../exit-codes';
import { loadRulesFor } from '../load-document';
import { printError, usageError } from '../messages';
import { readRules } from '../reader';
import { readSuite, readText } from './test';
import type { Verb } from './verb';

const DATE = /^\d{4}-\d{2}-\d{2}(T[0-9:.]+(Z|[+-]\d{2}:\d{2}))?$/;

export const reportVerb: Verb = {
  name: 'report',
  stdout: 'document',
  args: ['RULES'],
  options: [
    {
      name: '--lang',
      value: 'zh|en|both',
      summary: { en: 'report language (default both)', zh: '报告语言（默认 both）' },
    },
    {
      name: '--suite',
      value: 'SUITE',
      summary: {
        en: 'run this suite and include its results and rule coverage',
        zh: '运行此测试集，并写入结果与规则覆盖率',
      },
    },
    {
      name: '--previous',
      value: 'OLD.dsse.json',
      summary: {
        en: 'show the changes since this signed version',
        zh: '列出自此签名版本以来的变更',
      },
    },
    {
      name: '--date',
      value: 'YYYY-MM-DD',
      summary: {
        en: 'the report date (default: the signature time of RULES.dsse.json)',
        zh: '报告日期（默认取 RULES.dsse.json 的签名时间）',
      },
    },
  ],
  summary: {
    en: 'print a review report of a whole rule set (self-contained HTML)',
    zh: '输出整个规则集的审核报告（自包含 HTML）',
  },
  details: [
    'Prints one HTML document on stdout (inline CSS, no script, no external request), ready to',
    'print: a cover (name, version, document hash, file SHA-256, signers, date), every rule with its',
    'gloss in Chinese and English, decision, ring, priority, override and hash, decision tables as',
    'tables, the table-analysis findings, with --suite the suite results and rule coverage, with',
    '--previous the changes since that signed version (each changed rule before and after), and',
    'the shell commands that recompute the hashes. The signers and the date come from',
    'RULES.dsse.json beside RULES when its signature holds and signs exactly these bytes; --date',
    'overrides the date. Nothing is read from the clock: the same inputs give the same bytes, so',
    "the report's own hash can be recorded (docs/signed-files.md).",
    'Exits 0 with the report; 2 when RULES does not load, a file cannot be read, --previous is',
    'not a valid signature file, or on a usage error.',
  ],
  async run(io, [rulesArg], options) {
    const file = rulesArg as string;
    const lang = (options['--lang'] ?? 'both') as ReportLang;
    if (!REPORT_LANGS.includes(lang)) {
      printError(
        io,
        usageError({
          en: `--lang must be zh, en or both, not ${JSON.stringify(lang)}`,
          zh: `--lang 只能是 zh、en 或 both，而不是${zhQuote(lang)}`,
        }),
      );
      return EXIT_USAGE;
    }
    const given = options['--date'];
    if (given !== undefined && !DATE.test(given)) {
      printError(
        io,
        usageError({
          en: `--date must be a date like 2026-12-01 (or an ISO 8601 instant), not ${JSON.stringify(given)}`,
          zh: `--date 必须是形如 2026-12-01 的日期（或 ISO 8601 时刻），而不是${zhQuote(given)}`,
        }),
      );
      return EXIT_USAGE;
    }
    const rules = await loadRulesFor(io, file, {
      en: 'there is nothing to report',
      zh: '无法生成报告',
    });
    if (!rules.ok) return rules.code;
    // The signature beside RULES, if any: it names the signers only when it signs these bytes.
    const signatureFile = `${file}${SIGNATURE_SUFFIX}`;
    let signers: ReviewReportInput['signers'] = [];
    let signedAt: string | null = null;
    const envelope = await io.readBytes(signatureFile).catch(() => null);
    if (envelope) {
      const sig = await reportSignature(envelope, rules.bytes);
      signers = sig.signers;
      signedAt = sig.signedAt;
      for (const p of sig.problems)
        io.err(`${signatureFile}: not shown as signed: ${p.en} / 未作为已签名显示：${p.zh}`);
    }
    let previous: ReviewReportInput['previous'] = null;
    const previousFile = options['--previous'];
    if (previousFile !== undefined) {
      const old = await readRules(io, previousFile);
      if (!old.ok) {
        printError(io, old.message);
        return EXIT_USAGE;
      }
      const sig = await reportSignature(old.bytes, null);
      if (!sig.manifest) {
        for (const p of sig.problems)
          printError(io, { en: `${previousFile}: ${p.en}`, zh: `${previousFile}：${p.zh}` });
        printError(io, {
          en: `${previousFile}: not a valid signature file, so there is no previous version`,
          zh: `${previousFile}：不是有效的签名文件，无法作为上一版本`,
        });
        return EXIT_USAGE;
      }
      previous = { file: previousFile, manifest: sig.manifest };
    }
    let suite: ReviewReportInput['suite'] = null;
    const suiteFile = options['--suite'];
    if (suiteFile !== undefined) {
      const text = await readText(io, suiteFile);
      if (text === null) return EXIT_USAGE;
      const read = readSuite(io, suiteFile, text);
      if (!read) return EXIT_USAGE;
      suite = { file: suiteFile, result: runSuite(rules.document, read) };
    }
    const date = given
      ? { value: given, source: 'given' as const }
      : signedAt
        ? { value: signedAt, source: 'signature' as const }
        : null;
    const report = reviewReportHtml({
      lang,
      file,
      sourceBytes: rules.bytes,
      signers,
      date,
      suite,
      previous,
      signatureFile,
    });
    if (!report.ok) {
      printError(io, report.message);
      return EXIT_USAGE;
    }
    // The report ends in a newline; out() adds it, so stdout holds exactly the report's bytes.
    io.out(report.html.endsWith('\n') ? report.html.slice(0, -1) : report.html);
    return EXIT_OK;
  },
};
