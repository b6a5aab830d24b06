import { fill } from '../../i18n/format';
import {
  type CaseOutcome,
  createFactSetParser,
  DEFAULT_SUITE_AS_OF,
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
import { HELP } from '../strings/help';
import { TEST_STRINGS as msg } from '../strings/test';
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
    usageError({
      en: `--format must be ${formats.join(' or ')}, not ${JSON.stringify(format)}`,
      zh: `--format 只能是 ${formats.join('、')}，而不是${zhQuote(format)}`,
    }),
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
    else for (const line of table(result, suiteFile, source)) io.out(line);
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
  let suite: Suite | null;
  let diagnostics: readonly SuiteDiagnostic[];
  if (format) {
    const read = parseFactSet(createFactSetParser(format), text);
    diagnostics = read.diagnostics;
    const errors = diagnostics.some((d) => d.severity === 'error');
    suite = errors ? null : { cases: read.cases, sequences: [] };
    if (!errors && read.cases.length === 0) {
      printError(io, fill(msg.noFacts, { file }));
      return null;
    }
  } else {
    const parsed = parseSuite(text);
    suite = parsed.suite;
    diagnostics = parsed.diagnostics;
  }
  for (const d of diagnostics) {
    io.err(`${file}:${d.line}:${d.column}: ${d.severity} ${d.code} ${oneLine(d.message.en)}`);
  }
  if (!suite) {
    const errors = diagnostics.filter((d) => d.severity === 'error').length;
    printError(io, fill(msg.errorSuiteNothingWas, { file, errors }));
  }
  return suite;
}

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

const STATUS = { pass: 'PASS', fail: 'FAIL', unchecked: '----' } as const;

function table(result: SuiteResult, file: string, source: SourceText): string[] {
  const out: string[] = [];
  const title = result.suite ? `suite "${result.suite}"` : `suite ${file}`;
  out.push(`${title} — ruleset ${result.ruleset_hash}`);
  const width = Math.min(60, Math.max(10, ...result.cases.map((c) => c.name.length)));
  const row = (c: CaseOutcome, label: string) => {
    const where = c.range ? `${file}:${source.position(c.range.start).line}` : file;
    const rules = c.matched_rules.length ? c.matched_rules.join(', ') : '—';
    out.push(`  ${STATUS[c.status]}  ${label.padEnd(width)}  ${c.decision.padEnd(13)}  ${rules}`);
    for (const m of c.mismatches) out.push(`        ${m.en}  (${where})`);
    for (const w of c.eval_warnings)
      out.push(`        warning ${w.code}${w.rule ? ` ${w.rule}` : ''}: ${oneLine(w.message.en)}`);
  };
  if (result.cases.length) {
    out.push('', 'cases:');
    for (const c of result.cases) row(c, c.name);
  }
  for (const s of result.sequences) {
    out.push('', `sequence "${s.name}": ${STATUS[s.status]}`);
    s.events.forEach((e, i) => {
      row(e, `#${i + 1} ${e.as_of}`);
      for (const w of e.windows)
        out.push(
          `        ${w.kind} ${w.kind === 'rate' ? `${w.limit}/` : ''}${w.window} (${w.rules.join(', ')}): ${w.count}/${w.limit}${w.at_limit ? ' at limit' : ''}${w.counted ? ', counted' : ''}`,
        );
    });
  }
  out.push('', 'rules (matched / decided):');
  const ruleWidth = Math.max(4, ...result.rules.map((r) => r.rule.length));
  for (const r of result.rules) {
    const note = !r.enabled ? '  disabled' : r.matched === 0 ? '  never matched' : '';
    out.push(
      `  ${r.rule.padEnd(ruleWidth)}  ${String(r.matched).padStart(6)}  ${String(r.decided).padStart(6)}${note}`,
    );
  }
  out.push(
    `coverage: ${result.rules.filter((r) => r.enabled).length - result.uncovered.length}/${result.rules.filter((r) => r.enabled).length} enabled rules matched${result.uncovered.length ? `; never matched: ${result.uncovered.join(', ')}` : ''}`,
  );
  out.push(`decisions: ${result.distribution.map((d) => `${d.decision} ${d.count}`).join(', ')}`);
  const t = result.totals;
  out.push(`${t.passed} passed, ${t.failed} failed, ${t.unchecked} unchecked`);
  return out;
}
