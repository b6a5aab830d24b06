/**
 * A part of `erdl eval --facts` answered: parsed, evaluated and printed (evaluate-lines.ts) and,
 * asked for bytes, each line made safe for a terminal (terminalJson, as the verb's JSON output
 * always is) and the text encoded as UTF-8 — what a batch worker does with each part
 * (eval-worker.ts), and what the command does on its own thread with a file of one part
 * (in-process.ts), so both print the same bytes.
 */
import type { Evaluator } from '../../kernel';
import { terminalJson } from '../safe-io';
import type { WorkerSetup } from './evaluate-batch';
import {
  type CsvJob,
  evaluateCsv,
  evaluateLines,
  type LinesJob,
  type LinesReply,
} from './evaluate-lines';

export type PartAnswer = (setup: WorkerSetup, job: LinesJob | CsvJob) => LinesReply;

/** Answers parts with `evaluator`, encoding into one scratch buffer kept from part to part. */
export function partAnswerer(evaluator: Evaluator): PartAnswer {
  const encoder = new TextEncoder();
  /** Where a part's output is encoded (at most 3 bytes per UTF-16 unit). */
  let scratch = new Uint8Array(0);
  /**
   * `text` and a line break as UTF-8, in a buffer of their own: encoded into the scratch buffer
   * and copied out, half the CPU of `encode(text + '\n')` (which joins the two, then allocates its
   * own buffer) on a part's ~0.5 MB of output.
   */
  const utf8Line = (text: string): Uint8Array => {
    if (scratch.length < text.length * 3 + 1) scratch = new Uint8Array(text.length * 3 + 1);
    const { written } = encoder.encodeInto(text, scratch);
    scratch[written] = 0x0a;
    return scratch.slice(0, written + 1);
  };
  return (setup, job) => {
    const reply =
      job.kind === 'csv'
        ? evaluateCsv(evaluator, setup, job)
        : evaluateLines(evaluator, setup, job);
    if (!job.bytesOut || reply.records === 0) return reply;
    // terminalJson is per character: the part's lines at once are its lines one by one.
    return { ...reply, out: '', bytes: utf8Line(terminalJson(reply.out)) };
  };
}
