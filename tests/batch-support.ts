/**
 * The reference of the `erdl eval --facts` batch properties (cli-batch-lines, cli-batch-csv): the
 * path before issue #41 point 4 — one parser over the whole stream on the main thread, its facts
 * cloned to a worker and evaluated there, error records merged in place — and how outcomes are
 * compared.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { errorRecord, rejectedName } from '../src/cli/batch/error-record';
import { evaluateBatch, type WorkerSetup } from '../src/cli/batch/evaluate-batch';
import { run } from '../src/cli/run';
import {
  compileDocument,
  Evaluator,
  type FactSetParser,
  type RejectedRecord,
  type SuiteCase,
  type SuiteDiagnostic,
} from '../src/kernel';
import { captureNodeIo, ROOT } from './cli-support';

/** The rule file the batch properties evaluate: its path, its bytes and an Evaluator of it. */
export const QUICKSTART = path.join(ROOT, 'tests/fixtures/cli/quickstart.erdl.yaml');

export function quickStart(): { rules: Uint8Array; evaluator: Evaluator } {
  const rules = new Uint8Array(readFileSync(QUICKSTART));
  const compiled = compileDocument(rules).document;
  if (!compiled) throw new Error('the quick start does not load');
  return { rules, evaluator: new Evaluator(compiled) };
}

export interface BatchOutcome {
  lines: string[];
  records: number;
  rejected: number;
  rejectedLines: string[];
  problems: SuiteDiagnostic[];
  errors: number;
}

/** One parser over `text` fed in chunks of `chunk` characters, each fact cloned and evaluated. */
export function referenceBatch(
  parser: FactSetParser,
  text: string,
  chunk: number,
  evaluator: Evaluator,
  setup: WorkerSetup,
): BatchOutcome {
  const lines: string[] = [];
  const problems: SuiteDiagnostic[] = [];
  const rejectedLines: string[] = [];
  let next = 0;
  const take = (b: ReturnType<typeof parser.push>) => {
    problems.push(...b.diagnostics);
    const rejected = [...(b.rejected ?? [])];
    const put = (r: RejectedRecord) => {
      lines.push(errorRecord(r));
      if (rejectedLines.length < 10) rejectedLines.push(rejectedName(r));
      next++;
    };
    for (const c of b.cases as SuiteCase[]) {
      while (rejected[0]?.index === next) put(rejected.shift() as RejectedRecord);
      const cloned = structuredClone({
        name: c.name,
        fact: c.fact,
        ...(c.as_of ? { as_of: c.as_of } : {}),
      });
      lines.push(...evaluateBatch(evaluator, setup, [cloned]));
      next++;
    }
    for (const r of rejected) put(r);
  };
  for (let i = 0; i < text.length; i += chunk) take(parser.push(text.slice(i, i + chunk)));
  take(parser.end());
  return {
    lines,
    records: parser.rows,
    rejected: parser.skipped,
    rejectedLines,
    problems,
    errors: problems.filter((d) => d.severity === 'error').length,
  };
}

/** Problems as the command prints them (place, severity, code, both messages). */
export const printedProblems = (ds: readonly SuiteDiagnostic[]) =>
  ds.map((d) => `${d.line}:${d.column}: ${d.severity} ${d.code} ${d.message.en} | ${d.message.zh}`);

/** The same output lines, problems as printed, counts and rejected records named. */
export function expectSameOutcome(b: BatchOutcome, a: BatchOutcome): void {
  expect(b.lines).toEqual(a.lines);
  expect(printedProblems(b.problems)).toEqual(printedProblems(a.problems));
  expect({ ...b, lines: 0, problems: 0 }).toEqual({ ...a, lines: 0, problems: 0 });
}

/** The command's instant without --as-of (src/cli/verbs/eval.ts). */
const COMMAND_AS_OF = '1970-01-01T00:00:00.000Z';

/**
 * `erdl eval RULES --facts FILE --fields name,decision --workers 2` on `text` written to a file
 * named `name` (threads, as users run it), and the reference read of the same text in the same
 * 256 KiB chunks the command streams.
 */
export async function commandBeside(
  rulesFile: string,
  name: string,
  text: string,
  reference: (text: string, chunk: number, setup: WorkerSetup) => BatchOutcome,
): Promise<{ code: number; stdout: string[]; stderr: string[]; ref: BatchOutcome }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'erdl-batch-'));
  try {
    const file = path.join(dir, name);
    writeFileSync(file, text);
    const cap = captureNodeIo();
    const fields = ['name', 'decision'] as const;
    const code = await run(
      ['eval', rulesFile, '--facts', file, '--fields', fields.join(','), '--workers', '2'],
      cap,
    );
    const setup = { rules: new Uint8Array(readFileSync(rulesFile)), asOf: COMMAND_AS_OF, fields };
    return {
      code,
      stdout: cap.stdout,
      stderr: cap.stderr,
      ref: reference(text, 256 * 1024, setup),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
