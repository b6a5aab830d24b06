/**
 * Kernel diagnostics → editor marker data (plain objects; Monaco's severity numbers are passed in
 * so this stays testable under Node).
 */
import type { Severity } from '../../kernel/diagnostics/diagnostic';
import type { PositionedDiagnostic } from '../../worker/kernel-protocol';
import { format } from '../i18n/i18n';
import type { Lang } from '../store/types';
import { editorStrings } from './strings';

/** The owner of the kernel's markers (monaco-yaml's own are `yaml`). */
export const MARKER_OWNER = 'erdl';

export interface MarkerShape {
  readonly severity: number;
  readonly message: string;
  readonly code: string;
  readonly source: string;
  readonly startLineNumber: number;
  readonly startColumn: number;
  readonly endLineNumber: number;
  readonly endColumn: number;
}

/**
 * The UI language first, then the other one; a root cause says how many diagnostics it causes
 * (they get no marker of their own: one root cause, one marker).
 */
export function markerMessage(d: PositionedDiagnostic, lang: Lang): string {
  const other = lang === 'zh' ? 'en' : 'zh';
  const message =
    d.message[lang] === d.message[other]
      ? d.message[lang]
      : `${d.message[lang]}\n${d.message[other]}`;
  const caused = d.caused?.length ?? 0;
  return caused === 0
    ? message
    : `${message}\n${format(editorStrings[lang].causedMore, { n: caused })}`;
}

export function toMarkers(
  diagnostics: readonly PositionedDiagnostic[],
  lang: Lang,
  severities: Readonly<Record<Severity, number>>,
): MarkerShape[] {
  return diagnostics.map((d) => {
    // An empty range (a missing field at a point) still needs a visible squiggle.
    const empty = d.start.line === d.end.line && d.start.column === d.end.column;
    return {
      severity: severities[d.severity],
      message: markerMessage(d, lang),
      code: d.code,
      source: 'ERDL',
      startLineNumber: d.start.line,
      startColumn: d.start.column,
      endLineNumber: d.end.line,
      endColumn: empty ? d.end.column + 1 : d.end.column,
    };
  });
}

/** Whether two marker lists say the same, in the same order (then Monaco need not be told). */
export function sameMarkers(a: readonly MarkerShape[], b: readonly MarkerShape[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as MarkerShape;
    const y = b[i] as MarkerShape;
    if (
      x.startLineNumber !== y.startLineNumber ||
      x.startColumn !== y.startColumn ||
      x.endLineNumber !== y.endLineNumber ||
      x.endColumn !== y.endColumn ||
      x.severity !== y.severity ||
      x.code !== y.code ||
      x.message !== y.message ||
      x.source !== y.source
    )
      return false;
  }
  return true;
}
