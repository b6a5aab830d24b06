import { type FillValue, fill } from '../../i18n/format';
import {
  type CaseOutcome,
  createFactSetParser,
  factSetFormat,
  parseFactSet,
  parseSuite,
  runSuite,
  SourceText,
  type Suite,
  type SuiteDiagnostic,
  type SuiteResult,
} from '../../kernel';
import { zhQuote } from '../../kernel/util/quote';
import { junit, tap } from '../ci-formats';
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE } from '../exit-codes';
import type { CliIo } from '../io';
import { loadRulesFor } from '../load-document';
import { printError, usageError } from '../messages';
import { readRules } from '../reader';
import { text } from '../strings';
import { HELP } from '../strings/help';
import { TEST_STRINGS as msg } from '../strings/test';
import { displayWidth } from '../wrap';
import type { Verb } from './verb';

const FORMATS = ['table', 'json'] as const;

/** `--format table|json` (default table) of the report verbs; null after printing a usage error. */
export function reportFormat(
  io: CliIo,
  options: Readonly<Record<string, string | undefined>>,
  formats: readonly string[] = FORMATS,
): (typeof FORMATS)[number] | null {
  const format = options['--format'] ?? 'table';
  if ((FORMATS as readonly string[]).includes(format)) return format as (typeof FORMATS)[number];
  printError(
    io,
    usageError(
      fill(msg.formatMust, {
        formats: { en: formats.join(' or '), zh: formats.join('、') },
        value: { en: JSON.stringify(format), zh: zhQuote(format) },
      }),
    ),
  );
  return null;
}

export const testVerb: Verb = {
  name: 'test',
  stdout: (options) => (options['--format'] === 'json' ? 'json' : 'text'),
  args: ['RULES', 'SUITE'],
  options: [
    {
      name: '--format',
      value: 'table|json|junit|tap',
      summary: msg.formatOption,
    },
  ],
  summary: msg.summary,
  details: HELP.test,
  async run(io, [rulesArg, suiteArg], options) {
    const rulesFile = rulesArg as string;
    const suiteFile = suiteArg as string;
    const given = options['--format'];
    const ci = given === 'junit' || given === 'tap' ? given : null;
    const format = ci ? 'table' : reportFormat(io, options, [...FORMATS, 'junit', 'tap']);
    if (format === null) return EXIT_USAGE;
    const rules = await loadRulesFor(io, rulesFile, msg.suiteCannotRun);
    if (!rules.ok) return rules.code;
    const text = await readText(io, suiteFile);
    if (text === null) return EXIT_USAGE;
    const source = new SourceText(text);
    const suite = readSuite(io, suiteFile, text);
    if (!suite) return EXIT_USAGE;
    const result = runSuite(rules.document, suite);
    if (ci)
      for (const line of (ci === 'junit' ? junit : tap)(result, suiteFile, source)) io.out(line);
    else if (format === 'json') io.out(JSON.stringify(withLines(result, source), null, 2));
    else for (const line of table(result, suiteFile, source, io.lang)) io.out(line);
    return result.totals.failed > 0 ? EXIT_INVALID : EXIT_OK;
  },
};

export async function readText(io: CliIo, file: string): Promise<string | null> {
  const read = await readRules(io, file);
  if (!read.ok) {
    printError(io, read.message);
    return null;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(read.bytes);
  } catch {
    printError(io, fill(msg.notValidUtf8, { file }));
    return null;
  }
}

/** The suite, or null after printing why not. Warnings are printed and the suite still runs. */
export function readSuite(io: CliIo, file: string, text: string): Suite | null {
  const format = factSetFormat(file);
  if (format) {
    const read = parseFactSet(createFactSetParser(format), text);
    return factSetReadable(io, file, read.cases.length, read.diagnostics)
      ? { cases: read.cases, sequences: [] }
      : null;
  }
  const parsed = parseSuite(text);
  printSuiteProblems(io, file, parsed.diagnostics, parsed.suite !== null);
  return parsed.suite;
}

/**
 * A fact set read (`facts` of them, with its problems, as one parser of the whole file lists them;
 * `erdl impact` reads large ones on its workers): its problems printed; false, after printing why,
 * when one is an error or it has no fact.
 */
export function factSetReadable(
  io: CliIo,
  file: string,
  facts: number,
  diagnostics: readonly SuiteDiagnostic[],
): boolean {
  const errors = diagnostics.some((d) => d.severity === 'error');
  if (!errors && facts === 0) {
    printError(io, fill(msg.noFacts, { file }));
    return false;
  }
  printSuiteProblems(io, file, diagnostics, !errors);
  return !errors;
}

/** The problems of a suite or fact set, then, when it cannot be used (`ok` false), why. */
function printSuiteProblems(
  io: CliIo,
  file: string,
  diagnostics: readonly SuiteDiagnostic[],
  ok: boolean,
): void {
  for (const d of diagnostics) {
    // Chinese under --lang zh (or a zh locale): the severity and the message; the rest as it is.
    const zh = io.lang === 'zh';
    const severity = zh && d.severity in SEVERITY_ZH ? SEVERITY_ZH[d.severity] : d.severity;
    io.err(
      `${file}:${d.line}:${d.column}: ${severity} ${d.code} ${oneLine(zh ? d.message.zh : d.message.en)}`,
    );
  }
  if (!ok) {
    const errors = diagnostics.filter((d) => d.severity === 'error').length;
    printError(io, fill(msg.errorSuiteNothingWas, { file, errors }));
  }
}

const SEVERITY_ZH: Readonly<Record<string, string>> = {
  error: text('diagnostic.error').zh,
  warning: text('diagnostic.warning').zh,
};

const oneLine = (s: string) => s.replace(/\r\n|[\r\n]/g, ' ');

/** Adds each case's 1-based `line` in SUITE next to its offsets, for readers of the JSON. */
function withLines(result: SuiteResult, source: SourceText): unknown {
  const line = <T extends { range?: { start: number } }>(x: T) =>
    x.range ? { ...x, line: source.position(x.range.start).line } : x;
  return {
    ...result,
    cases: result.cases.map(line),
    sequences: result.sequences.map((s) => ({ ...line(s), events: s.events.map(line) })),
  };
}

const STATUS = {
  pass: msg.statusPass,
  fail: msg.statusFail,
  unchecked: msg.statusUnchecked,
} as const;

/** `text` padded to `width` columns: by characters in English (as always), by columns in Chinese. */
const pad = (text: string, width: number, zh: boolean) =>
  zh ? text + ' '.repeat(Math.max(0, width - displayWidth(text))) : text.padEnd(width);

function table(
  result: SuiteResult,
  file: string,
  source: SourceText,
  lang?: 'en' | 'zh',
): string[] {
  const zh = lang === 'zh';
  const side = zh ? 'zh' : 'en';
  const say = (key: keyof typeof msg, values: Readonly<Record<string, FillValue>> = {}) =>
    fill(msg[key], values)[side];
  const list = (items: readonly string[]) => items.join(say('listSeparator'));
  const out: string[] = [];
  const hash = result.ruleset_hash;
  out.push(
    result.suite
      ? say('tableTitleNamed', { suite: result.suite, hash })
      : say('tableTitleFile', { file, hash }),
  );
  const width = zh
    ? Math.min(60, Math.max(10, ...result.cases.map((c) => displayWidth(c.name))))
    : Math.min(60, Math.max(10, ...result.cases.map((c) => c.name.length)));
  const statusWidth = zh ? 6 : 4;
  const status = (s: keyof typeof STATUS) => pad(STATUS[s][side], statusWidth, zh);
  const row = (c: CaseOutcome, label: string) => {
    const where = c.range ? `${file}:${source.position(c.range.start).line}` : file;
    const rules = c.matched_rules.length ? list(c.matched_rules) : '—';
    out.push(`  ${status(c.status)}  ${pad(label, width, zh)}  ${c.decision.padEnd(13)}  ${rules}`);
    for (const m of c.mismatches) out.push(`        ${say('mismatch', { mismatch: m, where })}`);
    for (const w of c.eval_warnings)
      out.push(
        `        ${say('warning', { code: w.code, rule: w.rule ? ` ${w.rule}` : '', message: { en: oneLine(w.message.en), zh: oneLine(w.message.zh) } })}`,
      );
  };
  if (result.cases.length) {
    out.push('', say('cases'));
    for (const c of result.cases) row(c, c.name);
  }
  for (const s of result.sequences) {
    out.push('', say('sequence', { name: s.name, status: STATUS[s.status] }));
    s.events.forEach((e, i) => {
      row(e, `#${i + 1} ${e.as_of}`);
      for (const w of e.windows)
        out.push(
          `        ${say('window', {
            kind: w.kind,
            window: `${w.kind === 'rate' ? `${w.limit}/` : ''}${w.window}`,
            rules: list(w.rules),
            count: w.count,
            limit: w.limit,
            atLimit: w.at_limit ? msg.atLimit : '',
            counted: w.counted ? msg.counted : '',
          })}`,
        );
    });
  }
  out.push('', say('rulesHeading'));
  const ruleWidth = zh
    ? Math.max(4, ...result.rules.map((r) => displayWidth(r.rule)))
    : Math.max(4, ...result.rules.map((r) => r.rule.length));
  for (const r of result.rules) {
    const note = !r.enabled ? say('disabled') : r.matched === 0 ? say('neverMatched') : '';
    out.push(
      `  ${pad(r.rule, ruleWidth, zh)}  ${String(r.matched).padStart(6)}  ${String(r.decided).padStart(6)}${note}`,
    );
  }
  const enabled = result.rules.filter((r) => r.enabled).length;
  out.push(
    say('coverage', {
      matched: enabled - result.uncovered.length,
      enabled,
      uncovered: result.uncovered.length ? say('uncovered', { rules: list(result.uncovered) }) : '',
    }),
  );
  out.push(
    say('decisions', {
      decisions: result.distribution
        .map((d) => `${d.decision} ${d.count}`)
        .join(say('decisionSeparator')),
    }),
  );
  const t = result.totals;
  out.push(say('totals', { passed: t.passed, failed: t.failed, unchecked: t.unchecked }));
  return out;
}
