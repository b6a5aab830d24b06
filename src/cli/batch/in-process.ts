/**
 * `erdl eval --facts` on the command's own thread: a file of at most one part (run-batch.ts
 * PART_CHARS), which one worker would take whole, adding only its start-up — about 0.1 s of a
 * 0.2 s run. The same parts, answered as a worker answers them (answer-part.ts), so the output is
 * the workers' byte for byte.
 */
import { type CompiledDocument, Evaluator } from '../../kernel';
import { type PartAnswer, partAnswerer } from './answer-part';
import type { WorkerSetup } from './evaluate-batch';
import type { CsvJob, LinesJob, LinesReply } from './evaluate-lines';
import type { PartRunner } from './run-batch';

export class InProcessParts implements PartRunner {
  readonly size = 1;
  private readonly answer: PartAnswer;
  private setup: WorkerSetup | null = null;

  /** `document`: the rules the command compiled (a worker compiles the same bytes). */
  constructor(document: CompiledDocument) {
    this.answer = partAnswerer(new Evaluator(document));
  }

  configure(setup: WorkerSetup): void {
    this.setup = setup;
  }

  async run(job: LinesJob | CsvJob): Promise<LinesReply> {
    if (!this.setup) throw new Error('erdl eval: a part before the batch was configured');
    return this.answer(this.setup, job);
  }

  async close(): Promise<void> {}
}
