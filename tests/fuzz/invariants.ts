/**
 * The loader's diagnostic contract as one reusable check: compileDocument never throws, and every
 * diagnostic has a catalogued code, messages in both languages with no unfilled placeholder, a
 * range inside the text (positioned), the right severity, and valid fixes; no internal error.
 */
import {
  CODES,
  type CompileResult,
  compileDocument,
  type DiagnosticCode,
  severityOf,
} from '../../src/kernel';
import { applyEdits } from '../../src/kernel/test-support';

/** Every `{name}` the catalogue's templates use. */
const PLACEHOLDERS = new Set(
  Object.values(CODES).flatMap((c) =>
    [...`${c.en}${c.zh}`.matchAll(/\{(\w+)\}/g)].map((m) => m[1]),
  ),
);

/** What is wrong with one compile result (empty when it keeps the contract). */
export function contractProblems(result: CompileResult): string[] {
  const text = result.source.text;
  const problems: string[] = [];
  let previous = -1;
  for (const d of result.diagnostics) {
    const where = `${d.code} [${d.range.start},${d.range.end}]`;
    if (!(d.code in CODES)) problems.push(`${where}: code not in the catalogue`);
    if (d.code === 'ERDL-E000') problems.push(`${where}: internal error: ${d.message.en}`);
    if (d.severity !== severityOf(d.code as DiagnosticCode)) problems.push(`${where}: severity`);
    if (d.recoverable !== (d.severity !== 'error')) problems.push(`${where}: recoverable`);
    if (!d.message.en.trim() || !d.message.zh.trim()) problems.push(`${where}: empty message`);
    const left = [...(d.message.en + d.message.zh).matchAll(/\{(\w+)\}/g)].filter((m) =>
      PLACEHOLDERS.has(m[1] as string),
    );
    if (left.length > 0) problems.push(`${where}: unfilled placeholder`);
    if (!(0 <= d.range.start && d.range.start <= d.range.end && d.range.end <= text.length))
      problems.push(`${where}: range outside the text (length ${text.length})`);
    if (d.range.start < previous) problems.push(`${where}: not ordered by position`);
    previous = d.range.start;
    if (d.fix) {
      if (!d.fix.title.en || !d.fix.title.zh) problems.push(`${where}: fix without a title`);
      for (const e of d.fix.edits)
        if (!(0 <= e.range.start && e.range.start <= e.range.end && e.range.end <= text.length))
          problems.push(`${where}: fix edit outside the text`);
      try {
        applyEdits(text, d.fix.edits);
      } catch {
        problems.push(`${where}: overlapping fix edits`);
      }
    }
  }
  const hasError = result.diagnostics.some((d) => d.severity === 'error');
  if (result.ok !== !hasError) problems.push(`ok is ${result.ok} but errors: ${hasError}`);
  if ((result.document === null) !== !result.ok) problems.push('document present iff ok');
  return problems;
}

/** Compiles the input and throws (with the input) when the contract is broken or it throws. */
export function checkedCompile(input: string | Uint8Array): CompileResult {
  let result: CompileResult;
  try {
    result = compileDocument(input);
  } catch (e) {
    throw new Error(`compileDocument threw: ${e instanceof Error ? e.stack : String(e)}`);
  }
  const problems = contractProblems(result);
  if (problems.length > 0) throw new Error(`diagnostic contract broken:\n${problems.join('\n')}`);
  return result;
}
