/**
 * The main thread's joining of parts' replies (JSON Lines or CSV, evaluate-lines.ts), in input order: the
 * counts, the first rejected records' names, and the problem list as one parser of the whole file
 * lists it — the first MAX_REPORTED_PROBLEMS, then one closing error saying how many more, placed
 * at the line the text ends on.
 */
import { MAX_REPORTED_PROBLEMS, moreProblems, type SuiteDiagnostic } from '../../kernel';
import { type LinesReply, NAMED_IN_SUMMARY } from './evaluate-lines';

export class LinesJoin {
  records = 0;
  evaluated = 0;
  rejected = 0;
  /** Errors among the problems listed (the closing one included). */
  errors = 0;
  readonly rejectedLines: string[] = [];
  readonly problems: SuiteDiagnostic[] = [];
  private omitted = 0;

  /** The next part's reply (replies in input order). */
  add(reply: LinesReply): void {
    this.records += reply.records;
    this.evaluated += reply.evaluated;
    this.rejected += reply.rejected;
    for (const name of reply.rejectedNames)
      if (this.rejectedLines.length < NAMED_IN_SUMMARY) this.rejectedLines.push(name);
    for (const d of reply.diagnostics) {
      if (this.problems.length >= MAX_REPORTED_PROBLEMS) {
        this.omitted++;
        continue;
      }
      if (d.severity === 'error') this.errors++;
      this.problems.push(d);
    }
    this.omitted += reply.omitted;
  }

  /**
   * After the last part: the closing problem when some were only counted, placed where the text
   * ends (JSON Lines: its last line; CSV: the tokenizer's end place, column and offset included).
   */
  finish(
    lastLine: number,
    end: { readonly offset: number; readonly column: number } | null = null,
  ): void {
    if (this.omitted === 0) return;
    this.errors++;
    this.problems.push({
      code: 'factset-more',
      severity: 'error',
      range: { start: end?.offset ?? 0, end: end?.offset ?? 0 },
      line: lastLine,
      column: end?.column ?? 1,
      message: moreProblems(this.omitted),
    });
    this.omitted = 0;
  }
}
