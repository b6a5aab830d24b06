import { fill } from '../../i18n/format';
import {
  type CompiledDocument,
  compileDocument,
  Evaluator,
  type ExplainOptions,
  explainEvaluation,
  explanationText,
  type FactRead,
  factSetFormat,
  parseInstant,
  parseTemporalState,
  type TemporalState,
} from '../../kernel';
import { zhQuote } from '../../kernel/util/quote';
import { BATCH_FIELDS, parseFields, RESULT_FIELDS, resultRecord } from '../batch/fields';
import { runBatch } from '../batch/run-batch';
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE, type ExitCode } from '../exit-codes';
import type { CliIo } from '../io';
import { printError } from '../messages';
import { diagnosticLines } from '../printer';
import { readData, readFactFile } from '../read-data';
import { readFailure, readRules } from '../reader';
import { EXPLAIN_STRINGS as explainWords } from '../strings/explain';
import type { Verb } from './verb';

/** Without --as-of the instant is fixed, so the same input always gives the same result hash (I-36). */
export const DEFAULT_AS_OF = '1970-01-01T00:00:00.000Z';

export const evalVerb: Verb = {
  name: 'eval',
  stdout: (options) =>
    options['--explain'] !== undefined && options['--format'] !== 'json' ? 'text' : 'json',
  args: ['RULES', '[FACT]'],
  options: [
    {
      name: '--facts',
      value: 'FACTS.jsonl|.csv',
      summary: {
        en: 'evaluate every fact of a fact set, one JSON line each, on all cores',
        zh: '对事实集中的每条事实求值，每条输出一行 JSON，使用全部 CPU 核',
      },
    },
    {
      name: '--fields',
      value: 'a,b,…',
      summary: {
        en: 'with --facts: the result fields to print, in this order',
        zh: '配合 --facts：要输出的结果字段及其顺序',
      },
    },
    {
      name: '--format',
      value: 'jsonl|csv|text|json',
      summary: explainWords.formatOption,
    },
    { name: '--explain', value: '', flag: true, summary: explainWords.explainOption },
    {
      name: '--workers',
      value: 'N',
      summary: {
        en: 'with --facts: worker threads (default: one per core)',
        zh: '配合 --facts：工作线程数（默认每个 CPU 核一个）',
      },
    },
    {
      name: '--as-of',
      value: 'ISO8601',
      summary: { en: 'evaluation instant (UTC)', zh: '求值时刻（UTC）' },
    },
    {
      name: '--state',
      value: 'STATE.json',
      summary: {
        en: 'within/rate state from the previous event',
        zh: '上一事件的 within/rate 状态',
      },
    },
  ],
  summary: { en: 'evaluate a fact against a rule document', zh: '用规则文档对事实求值' },
  details: [
    'FACT is YAML, or JSON when its name ends in .json; a top-level mapping whose only key is',
    '"fact" is unwrapped. The fact must be a mapping ({} is one): empty input, null, a list or',
    'a scalar is refused (exit 2). Numbers keep every digit (9007199254740993 stays exact).',
    'Prints one JSON object: decision, matched_rules, unless_exemptions, primary_instruction,',
    'primary_reason, primary_explanation, primary_correction, total_evaluated, total_matched,',
    'temporal_state (when any window holds state; pass it back with --state), eval_warnings,',
    'ruleset_hash, result_hash.',
    `Without --as-of the evaluation instant is ${DEFAULT_AS_OF}.`,
    'With --facts FILE instead of FACT: JSON Lines or CSV (by extension, or --format; - reads',
    'standard input); a row is a bare fact or a case with name/fact/as_of/expect. Prints one',
    'compact JSON object per fact, in input order, in constant memory, on --workers threads.',
    "A row's as_of overrides --as-of; --state applies to every row (no state is carried",
    'between rows). --fields picks from name (the case\'s name, "line N" for a bare fact),',
    ...wrap(`${RESULT_FIELDS.join(', ')}.`, 92),
    'Exactly one output line per record (blank lines are not records): a record that cannot',
    'be read gets {"line":N,"error":{"code","line","column","message":{"en","zh"}}} in its',
    'place (--fields does not apply; "last_line" when a CSV record spans lines), its problem',
    'goes to stderr (file:line:column), and after the last line the command exits 2. A',
    'progress line is shown on stderr only when it is a terminal.',
    'FACT - reads the one fact from standard input (YAML, or JSON: JSON is YAML).',
    'With --explain: why each rule matched or not, as text in the --lang language (both',
    'without one), or with --format json as data (public/schema/erdl-explanation.schema.json).',
    'Exits 0 when evaluated, whatever the decision; 1 when the rules do not load; 2 when FACT',
    'cannot be read or parsed (diagnostics on stderr).',
  ],
  async run(io, [rulesFile, factFile], options) {
    const rules = rulesFile as string;
    const factsFile = options['--facts'];
    if ((factsFile === undefined) === (factFile === undefined)) {
      printError(io, {
        en: 'eval needs exactly one of FACT or --facts FACTS.jsonl|.csv',
        zh: 'eval 需要 FACT 或 --facts FACTS.jsonl|.csv 二者之一',
      });
      return EXIT_USAGE;
    }
    const explain = options['--explain'] !== undefined;
    if (explain && factsFile !== undefined) {
      printError(io, explainWords.explainOneFact);
      return EXIT_USAGE;
    }
    if (factsFile === undefined && !explain && options['--format'] !== undefined) {
      printError(io, explainWords.formatNeeds);
      return EXIT_USAGE;
    }
    if (factsFile === undefined) {
      for (const name of ['--fields', '--workers']) {
        if (options[name] !== undefined) {
          printError(io, { en: `${name} needs --facts`, zh: `${name} 需要配合 --facts 使用` });
          return EXIT_USAGE;
        }
      }
    }
    const read = await readRules(io, rules);
    if (!read.ok) {
      printError(io, read.message);
      return EXIT_USAGE;
    }
    const compiled = compileDocument(read.bytes);
    if (!compiled.document) {
      // Load errors exit 1, as in every verb (exit-codes.ts).
      for (const line of diagnosticLines(rules, compiled, io.lang)) io.err(line);
      return EXIT_INVALID;
    }
    // The kernel's one fact reader (issue #35): empty input or a fact that is not a mapping is
    // refused (exit 2, nothing on stdout), never evaluated as a fact with no fields.
    let fact: FactRead | null = null;
    if (factFile !== undefined) {
      fact = await readFactFile(io, factFile);
      if (!fact.ok) {
        printError(io, fact.message);
        return EXIT_USAGE;
      }
    }
    const asOf = options['--as-of'] ?? DEFAULT_AS_OF;
    if (parseInstant(asOf) === null) {
      printError(io, {
        en: `--as-of ${JSON.stringify(asOf)} is not an ISO 8601 instant`,
        zh: `--as-of${zhQuote(asOf)}不是 ISO 8601 时刻`,
      });
      return EXIT_USAGE;
    }
    let state: TemporalState | undefined;
    if (options['--state'] !== undefined) {
      const data = await readData(io, options['--state']);
      if (!data.ok) {
        printError(io, data.message);
        return EXIT_USAGE;
      }
      const parsed = parseTemporalState(data.value);
      if (!parsed.ok) {
        printError(io, {
          en: `${options['--state']}: ${parsed.message.en}`,
          zh: `${options['--state']}：${parsed.message.zh}`,
        });
        return EXIT_USAGE;
      }
      state = parsed.state;
    }
    if (fact === null || !fact.ok) {
      return evalFactSet(io, read.bytes, factsFile as string, options, state);
    }
    const evaluator = new Evaluator(compiled.document);
    if (evaluator.stateful && options['--as-of'] === undefined) {
      io.err(
        `erdl: warning: no --as-of given; within/rate windows are counted at ${DEFAULT_AS_OF}`,
      );
      io.err(`erdl：警告：未指定 --as-of；within/rate 窗口按 ${DEFAULT_AS_OF} 计算`);
    }
    if (explain)
      return printExplanation(io, compiled.document, fact.fact, evaluator, {
        as_of: asOf,
        text: compiled.source.text,
        ...(state ? { temporal_state: state } : {}),
        format: options['--format'] ?? 'text',
      });
    const r = evaluator.evaluate(fact.fact, {
      as_of: asOf,
      ...(state ? { temporal_state: state } : {}),
    });
    io.out(JSON.stringify(resultRecord(r), null, 2));
    return EXIT_OK;
  },
};

/**
 * `erdl eval RULES FACT --explain`: the kernel's explanation (explainEvaluation), as text in the
 * language asked for (both, English first, when none is) or with `--format json` as the data
 * (public/schema/erdl-explanation.schema.json).
 */
function printExplanation(
  io: CliIo,
  document: CompiledDocument,
  fact: unknown,
  evaluator: Evaluator,
  options: ExplainOptions & { format: string },
): ExitCode {
  const { format, ...explainOptions } = options;
  if (format !== 'text' && format !== 'json') {
    printError(
      io,
      fill(explainWords.explainFormat, {
        value: { en: ` ${JSON.stringify(format)}`, zh: zhQuote(format) },
      }),
    );
    return EXIT_USAGE;
  }
  const explanation = explainEvaluation(document, fact, { ...explainOptions, evaluator });
  if (format === 'json') {
    io.out(JSON.stringify(explanation, null, 2));
    return EXIT_OK;
  }
  const langs = io.lang ? [io.lang] : (['en', 'zh'] as const);
  for (const [i, lang] of langs.entries()) {
    if (i > 0) io.out('');
    for (const line of explanationText(explanation, lang)) io.out(line);
  }
  return EXIT_OK;
}

/** `erdl eval RULES --facts FILE`: see run-batch.ts. */
async function evalFactSet(
  io: CliIo,
  rules: Uint8Array,
  file: string,
  options: Readonly<Record<string, string>>,
  state: TemporalState | undefined,
): Promise<ExitCode> {
  const given = options['--format'];
  if (given !== undefined && given !== 'jsonl' && given !== 'csv') {
    printError(io, {
      en: `--format ${JSON.stringify(given)}: jsonl or csv`,
      zh: `--format${zhQuote(given)}：须为 jsonl 或 csv`,
    });
    return EXIT_USAGE;
  }
  const format = given ?? (file === '-' ? 'jsonl' : factSetFormat(file));
  if (format === null) {
    printError(io, {
      en: `${file}: --facts reads JSON Lines (.jsonl, .ndjson) or CSV (.csv); name the format with --format jsonl|csv`,
      zh: `${file}：--facts 只读取 JSON Lines（.jsonl、.ndjson）或 CSV（.csv）；可用 --format jsonl|csv 指定格式`,
    });
    return EXIT_USAGE;
  }
  const fields = parseFields(options['--fields'] ?? RESULT_FIELDS.join(','));
  if (!fields.ok) {
    printError(io, {
      en: `--fields: unknown field(s) ${fields.unknown.map((f) => JSON.stringify(f)).join(', ')}; fields are ${BATCH_FIELDS.join(', ')}`,
      zh: `--fields：未知字段${fields.unknown.map(zhQuote).join('、')}；可用字段为 ${BATCH_FIELDS.join('、')}`,
    });
    return EXIT_USAGE;
  }
  let workers: number | undefined;
  if (options['--workers'] !== undefined) {
    workers = /^[1-9][0-9]{0,3}$/.test(options['--workers']) ? Number(options['--workers']) : NaN;
    if (Number.isNaN(workers)) {
      printError(io, {
        en: `--workers ${JSON.stringify(options['--workers'])}: a whole number from 1 to 9999`,
        zh: `--workers${zhQuote(options['--workers'])}：须为 1 到 9999 的整数`,
      });
      return EXIT_USAGE;
    }
  }
  const started = Date.now();
  const progress = io.progress;
  let shown = 0;
  const summary = await runBatch(
    io,
    {
      file,
      format,
      workers,
      setup: {
        rules,
        asOf: options['--as-of'] ?? DEFAULT_AS_OF,
        ...(state ? { state } : {}),
        fields: fields.fields,
      },
    },
    progress
      ? (rows) => {
          const now = Date.now();
          if (now - shown < 200) return;
          shown = now;
          const rate = Math.round(rows / Math.max(0.001, (now - started) / 1000));
          progress(`erdl eval: ${rows} facts, ${rate} facts/s`);
        }
      : undefined,
  ).catch((error: unknown) => ({ error }));
  if (progress) progress('');
  if ('error' in summary) {
    const e = summary.error;
    const fsError = typeof e === 'object' && e !== null && 'syscall' in e;
    const detail = e instanceof Error ? e.message : String(e);
    printError(
      io,
      e instanceof TypeError && /encoded data was not valid/i.test(e.message)
        ? { en: `${file}: not valid UTF-8`, zh: `${file}：不是有效的 UTF-8` }
        : fsError
          ? readFailure(file, e)
          : { en: `${file}: evaluation stopped: ${detail}`, zh: `${file}：求值中止：${detail}` },
    );
    return EXIT_USAGE;
  }
  for (const line of summary.problems) io.err(line);
  if (summary.rejected > 0) {
    const more = summary.rejected > summary.rejectedLines.length;
    const en = `line${summary.rejectedLines.length > 1 || summary.rejectedLines[0]?.includes('–') ? 's' : ''} ${summary.rejectedLines.join(', ')}${more ? ', …' : ''}`;
    const zh = `第 ${summary.rejectedLines.join('、')} 行${more ? '等' : ''}`;
    printError(io, {
      en: `${file}: ${summary.rejected} of ${summary.records} record(s) could not be read (${en}); each has an error record in its place in the output`,
      zh: `${file}：${summary.records} 条记录中有 ${summary.rejected} 条无法读取（${zh}）；输出中每条都以一条错误记录占位`,
    });
    return EXIT_USAGE;
  }
  if (summary.errors > 0) return EXIT_USAGE;
  return EXIT_OK;
}

/** Help text lines of at most `width` characters, broken after commas. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return line ? [...lines, line] : lines;
}
