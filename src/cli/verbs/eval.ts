import { fill } from '../../i18n/format';
import {
  type Bilingual,
  type CompiledDocument,
  compileDocument,
  Evaluator,
  type ExplainOptions,
  explainEvaluation,
  explanationText,
  type FactRead,
  type FactSetFormat,
  factSetFormat,
  parseInstant,
  parseTemporalState,
  type TemporalState,
} from '../../kernel';
import { enQuote, zhQuote } from '../../kernel/util/quote';
import { grouped, limitText } from '../../kernel/util/sizes';
import {
  BATCH_FIELDS,
  type BatchField,
  parseFields,
  RESULT_FIELDS,
  resultRecord,
} from '../batch/fields';
import { InProcessParts } from '../batch/in-process';
import { onePart, workersOf } from '../batch/prestart';
import {
  OutputClosed,
  type PartRunner,
  type Pool,
  runBatch,
  startWorkers,
} from '../batch/run-batch';
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE, type ExitCode } from '../exit-codes';
import { type CliIo, NoLineBreak } from '../io';
import { outputFailureReason, printError } from '../messages';
import { diagnosticLines } from '../printer';
import { readData, readFactFile } from '../read-data';
import { readFailure, readRules } from '../reader';
import { quoted } from '../strings';
import { evalHelp, EVAL_STRINGS as msg } from '../strings/eval';
import { EXPLAIN_STRINGS as explainWords } from '../strings/explain';
import { NotUtf8 } from '../utf8-position';
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
      summary: msg.factsOption,
    },
    {
      name: '--fields',
      value: 'a,b,…',
      summary: msg.fieldsOption,
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
      summary: msg.workersOption,
    },
    {
      name: '--as-of',
      value: 'ISO8601',
      summary: msg.asOfOption,
    },
    {
      name: '--state',
      value: 'STATE.json',
      summary: msg.stateOption,
    },
  ],
  summary: msg.summary,
  details: evalHelp(DEFAULT_AS_OF),
  async run(io, [rulesFile, factFile], options) {
    const rules = rulesFile as string;
    const factsFile = options['--facts'];
    if ((factsFile === undefined) === (factFile === undefined)) {
      printError(io, msg.factOrFacts);
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
          printError(io, fill(msg.needsFacts, { option: name }));
          return EXIT_USAGE;
        }
      }
    }
    const read = await readRules(io, rules);
    if (!read.ok) {
      printError(io, read.message);
      return EXIT_USAGE;
    }
    // --facts: the batch's workers start now and compile the rules; this thread compiles them only
    // without workers, or to report why they do not load (with two workers on two cores, a third
    // compile beside theirs delayed their first part).
    const here = await onThisThread(io, options);
    const pool = here ? null : earlyWorkers(read.bytes, options);
    try {
      return await evaluateRules(
        io,
        rules,
        read.bytes,
        { factFile, factsFile, explain, here },
        options,
        pool,
      );
    } finally {
      // Every way out closes the early-started workers (a batch run has closed them already).
      await pool?.close();
    }
  },
};

/** `erdl eval` once its rules are read: `pool`, earlyWorkers' (the caller closes it). */
async function evaluateRules(
  io: CliIo,
  rules: string,
  bytes: Uint8Array,
  files: {
    readonly factFile?: string;
    readonly factsFile?: string;
    readonly explain: boolean;
    /** `--facts` evaluated on this thread (onThisThread). */
    readonly here: boolean;
  },
  options: Readonly<Record<string, string>>,
  pool: Pool | null,
): Promise<ExitCode> {
  const { factFile, factsFile, explain, here } = files;
  const compiled = pool && (await pool.rulesLoad) ? null : compileDocument(bytes);
  if (compiled && !compiled.document) {
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
    printError(io, fill(msg.badAsOf, quoted(asOf)));
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
      printError(io, fill(msg.badState, { file: options['--state'], message: parsed.message }));
      return EXIT_USAGE;
    }
    state = parsed.state;
  }
  if (fact === null || !fact.ok || !compiled?.document) {
    const runner = here && compiled?.document ? new InProcessParts(compiled.document) : pool;
    return evalFactSet(io, bytes, factsFile as string, options, state, runner);
  }
  const evaluator = new Evaluator(compiled.document);
  if (evaluator.stateful && options['--as-of'] === undefined) {
    const warning = fill(msg.noAsOfWarning, { asOf: DEFAULT_AS_OF });
    io.err(warning.en);
    io.err(warning.zh);
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
}

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
    printError(io, fill(explainWords.explainFormat, quoted(format)));
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

/** The batch's format, fields and workers from its options, or the message refusing them. */
function batchOptions(
  file: string,
  options: Readonly<Record<string, string>>,
):
  | { ok: true; format: FactSetFormat; fields: BatchField[]; workers: number | undefined }
  | { ok: false; message: Bilingual; unknownFormat?: true } {
  const given = options['--format'];
  if (given !== undefined && given !== 'jsonl' && given !== 'csv') {
    return { ok: false, message: fill(msg.factsFormat, quoted(given)) };
  }
  const format = given ?? (file === '-' ? 'jsonl' : factSetFormat(file));
  if (format === null)
    return { ok: false, message: fill(msg.factsUnknownFormat, { file }), unknownFormat: true };
  const fields = parseFields(options['--fields'] ?? RESULT_FIELDS.join(','));
  if (!fields.ok) {
    const message = fill(msg.unknownFields, {
      unknown: {
        // Each name whole, its hidden characters made visible (not `map(zhQuote)`: map's index
        // would be taken as zhQuote's length limit).
        en: fields.unknown.map((f) => enQuote(f)).join(', '),
        zh: fields.unknown.map((f) => zhQuote(f)).join('、'),
      },
      fields: { en: BATCH_FIELDS.join(', '), zh: BATCH_FIELDS.join('、') },
    });
    return { ok: false, message };
  }
  const value = options['--workers'];
  const workers = value === undefined ? undefined : workersOf(value);
  if (workers === null) return { ok: false, message: fill(msg.badWorkers, quoted(value ?? '')) };
  return { ok: true, format, fields: fields.fields, workers };
}

/**
 * `erdl eval RULES --facts FILE` whose options are good: its workers, started at once with the
 * rules, so they start and compile them while this thread waits for the first to have done it
 * (it compiles the rules itself only when they do not load, to report why); else null, and the
 * batch starts its workers itself.
 */
function earlyWorkers(rules: Uint8Array, options: Readonly<Record<string, string>>): Pool | null {
  const file = options['--facts'];
  if (file === undefined || options['--explain'] !== undefined) return null;
  const batch = batchOptions(file, options);
  if (!batch.ok || parseInstant(options['--as-of'] ?? DEFAULT_AS_OF) === null) return null;
  return startWorkers({ rules }, batch.workers);
}

/** Why `file` cannot be read at all (it is missing, or a directory), or null: it may be read. */
async function unreadable(io: CliIo, file: string): Promise<Bilingual | null> {
  if (file === '-') return null;
  try {
    await io.fileSize?.(file);
  } catch (e) {
    return readFailure(file, e);
  }
  const directory = await io.listDir(file).then(
    () => true,
    () => false,
  );
  return directory ? readFailure(file, Object.assign(new Error(file), { code: 'EISDIR' })) : null;
}

/**
 * Whether `erdl eval --facts FILE` runs on this thread rather than on workers: no `--workers`
 * given (asked for, workers are used), and FILE a regular file of at most one part (onePart:
 * PART_CHARS bytes), which one worker would take whole, adding only its start-up.
 */
async function onThisThread(
  io: CliIo,
  options: Readonly<Record<string, string>>,
): Promise<boolean> {
  const file = options['--facts'];
  if (file === undefined || file === '-' || options['--workers'] !== undefined || !io.fileSize)
    return false;
  const size = await io.fileSize(file).catch(() => null);
  return size !== null && onePart(size);
}

/**
 * `erdl eval RULES --facts FILE`: see run-batch.ts. `pool`: earlyWorkers', or this thread's
 * (InProcessParts); runBatch closes it.
 */
async function evalFactSet(
  io: CliIo,
  rules: Uint8Array,
  file: string,
  options: Readonly<Record<string, string>>,
  state: TemporalState | undefined,
  pool: PartRunner | null,
): Promise<ExitCode> {
  const batch = batchOptions(file, options);
  if (!batch.ok) {
    // A name without a known extension that is no readable file at all (missing, a directory)
    // is named for that, its one root cause, rather than for its extension.
    printError(io, (batch.unknownFormat && (await unreadable(io, file))) || batch.message);
    return EXIT_USAGE;
  }
  const { format, fields, workers } = batch;
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
        fields,
      },
      ...(pool ? { pool } : {}),
    },
    progress
      ? (rows) => {
          const now = Date.now();
          if (now - shown < 200) return;
          shown = now;
          const rate = Math.round(rows / Math.max(0.001, (now - started) / 1000));
          progress(fill(msg.progress, { rows, rate })[io.lang === 'zh' ? 'zh' : 'en']);
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
      e instanceof OutputClosed
        ? io.outFailed?.()
          ? fill(msg.outputFailed, { file, reason: outputFailureReason(io.outFailed() as string) })
          : fill(msg.outputClosed, { file, written: e.written })
        : e instanceof NoLineBreak
          ? fill(msg.noLineBreak, {
              file,
              from: grouped(e.from),
              limitText: limitText(e.limit),
            })
          : e instanceof NotUtf8
            ? fill(msg.notUtf8At, { file, byte: grouped(e.byte) })
            : e instanceof TypeError && /encoded data was not valid/i.test(e.message)
              ? fill(msg.notUtf8, { file })
              : fsError
                ? readFailure(file, e)
                : fill(msg.stopped, { file, detail }),
    );
    return EXIT_USAGE;
  }
  for (const line of summary.problems) io.err(line);
  if (summary.rejected > 0) {
    const more = summary.rejected > summary.rejectedLines.length;
    const many = summary.rejectedLines.length > 1 || summary.rejectedLines[0]?.includes('–');
    const lines = fill(many ? msg.rejectedLinesMany : msg.rejectedLinesOne, {
      lines: {
        en: summary.rejectedLines.join(msg.listSeparator.en),
        zh: summary.rejectedLines.join(msg.listSeparator.zh),
      },
      more: more ? msg.rejectedMore : '',
    });
    printError(
      io,
      fill(msg.rejected, { file, rejected: summary.rejected, records: summary.records, lines }),
    );
    return EXIT_USAGE;
  }
  if (summary.errors > 0) return EXIT_USAGE;
  return EXIT_OK;
}
