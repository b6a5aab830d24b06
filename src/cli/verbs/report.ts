import { fill } from '../../i18n/format';
import {
  parseInstant,
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
import { inLanguage, printError, usageError } from '../messages';
import { readRules } from '../reader';
import { HELP } from '../strings/help';
import { REPORT_STRINGS as msg } from '../strings/report';
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
      summary: msg.langOption,
    },
    {
      name: '--suite',
      value: 'SUITE',
      summary: msg.suiteOption,
    },
    {
      name: '--previous',
      value: 'OLD.dsse.json',
      summary: msg.previousOption,
    },
    {
      name: '--date',
      value: 'YYYY-MM-DD',
      summary: msg.dateOption,
    },
  ],
  summary: msg.summary,
  details: HELP.report,
  async run(io, [rulesArg], options) {
    const file = rulesArg as string;
    const lang = (options['--lang'] ?? 'both') as ReportLang;
    if (!REPORT_LANGS.includes(lang)) {
      printError(
        io,
        usageError(
          fill(msg.langMustZhEn, { lang: { en: JSON.stringify(lang), zh: zhQuote(lang) } }),
        ),
      );
      return EXIT_USAGE;
    }
    const given = options['--date'];
    // A date the calendar has (2024-02-30 is none): printed on the cover and hashed with it.
    if (given !== undefined && (!DATE.test(given) || parseInstant(given) === null)) {
      printError(
        io,
        usageError(
          fill(msg.dateMustDateLike, { given: { en: JSON.stringify(given), zh: zhQuote(given) } }),
        ),
      );
      return EXIT_USAGE;
    }
    const rules = await loadRulesFor(io, file, msg.thereNothingReport);
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
      for (const problem of sig.problems)
        io.err(inLanguage(io, fill(msg.notShownAsSigned, { file: signatureFile, problem })));
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
        for (const p of sig.problems) printError(io, fill(msg.text, { previousFile, p }));
        printError(io, fill(msg.notValidSignatureFile, { previousFile }));
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
