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
  asText,
  type CsvJob,
  type LinesJob,
  type LinesReply,
  type PartLines,
  printPart,
} from './evaluate-lines';

export type PartAnswer = (setup: WorkerSetup, job: LinesJob | CsvJob) => LinesReply;

/** Answers parts with `evaluator`: as text, or, asked for bytes, as UTF-8 written line by line. */
export function partAnswerer(evaluator: Evaluator): PartAnswer {
  const encoder = new TextEncoder();
  /** The last part's output in bytes: the next part's buffer starts that large. */
  let lastBytes = 64 * 1024;
  return (setup, job) => {
    if (!job.bytesOut) return asText((lines) => printPart(evaluator, setup, job, lines));
    const bytes = new Utf8Lines(encoder, lastBytes + (lastBytes >> 3));
    const summary = printPart(evaluator, setup, job, bytes);
    if (summary.records === 0) return { ...summary, out: '' };
    lastBytes = bytes.length;
    return { ...summary, out: '', bytes: bytes.take() };
  };
}

/**
 * A part's lines made safe for a terminal (terminalJson, per character, so line by line is the
 * same as the part at once) and encoded as UTF-8, each with its line break, straight into the
 * part's own buffer (moved to the main thread): no joined text of the part, no second copy.
 */
class Utf8Lines implements PartLines {
  private buf: Uint8Array;
  length = 0;

  constructor(
    private readonly encoder: TextEncoder,
    capacity: number,
  ) {
    this.buf = new Uint8Array(capacity);
  }

  add(line: string): void {
    const text = terminalJson(line);
    // At most 3 bytes per UTF-16 unit, and the line break.
    const most = text.length * 3 + 1;
    if (this.length + most > this.buf.length) {
      const next = new Uint8Array(Math.max(this.buf.length * 2, this.length + most));
      next.set(this.buf.subarray(0, this.length));
      this.buf = next;
    }
    this.length += this.encoder.encodeInto(text, this.buf.subarray(this.length)).written;
    this.buf[this.length++] = 0x0a;
  }

  /** The bytes written: a view of the buffer, which is the part's own. */
  take(): Uint8Array {
    return this.buf.subarray(0, this.length);
  }
}
