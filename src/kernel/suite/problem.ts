import type { Bilingual, Range } from '../diagnostics/diagnostic';
import type { SourceText } from '../diagnostics/source-text';
import type { SuiteDiagnostic } from './types';

/** A positioned suite problem; line/column are computed once here, for the CLI and the editor. */
export function suiteProblem(
  source: SourceText,
  severity: SuiteDiagnostic['severity'],
  code: string,
  range: Range,
  message: Bilingual,
): SuiteDiagnostic {
  const { line, column } = source.position(range.start);
  return { code, severity, message, range, line, column };
}

/** `cases[2].expect.decision` — how messages name a place in a suite. */
export function pathText(path: readonly (string | number)[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${p}` : p;
  return out || '(root)';
}
