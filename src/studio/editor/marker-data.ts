/**
 * Kernel diagnostics → editor marker data (plain objects; Monaco's severity numbers are passed in
 * so this stays testable under Node).
 */
import type { Severity } from '../../kernel/diagnostics/diagnostic';
import { revealText } from '../../kernel/util/visible-text';
import type { PositionedDiagnostic } from '../../worker/kernel-protocol';
import { format } from '../i18n/i18n';
import { orderProblems } from '../shell/problem-order';
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
 * (they get no marker of their own: one root cause, one marker). Hidden characters a message
 * quotes from the document are written out (`⟨U+202E⟩`): Monaco's hover shows it as plain text.
 */
export function markerMessage(d: PositionedDiagnostic, lang: Lang): string {
  return revealText(markerText(d, lang));
}

function markerText(d: PositionedDiagnostic, lang: Lang): string {
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

/**
 * The markers for `diagnostics`, errors first, then warnings, then notes — in document order within
 * a severity, the Problems list's order (`orderProblems`) — so that when there are more than
 * Monaco's limit, the ones it leaves unmarked are the least severe, never an error behind notes.
 */
export function toMarkers(
  diagnostics: readonly PositionedDiagnostic[],
  lang: Lang,
  severities: Readonly<Record<Severity, number>>,
): MarkerShape[] {
  return orderProblems(diagnostics).map((d) => {
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

/**
 * Kernel markers go to Monaco in chunks of this many (in document order), each chunk under an
 * owner of its own: Monaco replaces all of an owner's markers (and their decorations) at once,
 * so one owner meant re-creating every decoration — ~670 on the generated 1,000-rule document —
 * whenever any marker changed. Chunks are by index, so owners are created in `toMarkers`' order
 * (most severe first) and only ever removed from the end: the markers Monaco shows when there are
 * more than EDITOR_MARKER_LIMIT (shell/problem-order.ts) are the first ones in that order.
 */
export const MARKER_CHUNK = 50;

/** The owner of chunk `index` (the first is plain `erdl`). */
export function markerOwner(index: number): string {
  return index === 0 ? MARKER_OWNER : `${MARKER_OWNER}.${index}`;
}

/** Whether `owner` holds kernel markers (any chunk). */
export function isKernelMarkerOwner(owner: string): boolean {
  return owner === MARKER_OWNER || owner.startsWith(`${MARKER_OWNER}.`);
}

export function chunkMarkers(markers: readonly MarkerShape[]): MarkerShape[][] {
  const chunks: MarkerShape[][] = [];
  for (let i = 0; i < markers.length; i += MARKER_CHUNK) {
    chunks.push(markers.slice(i, i + MARKER_CHUNK));
  }
  return chunks;
}

/**
 * The chunks to (re)set to go from `shown` to `next`, in order: those whose markers differ, and
 * those `shown` has beyond `next`'s end (set empty).
 */
export function changedChunks(
  shown: readonly (readonly MarkerShape[])[],
  next: readonly (readonly MarkerShape[])[],
): number[] {
  const changed: number[] = [];
  for (let i = 0; i < Math.max(shown.length, next.length); i++) {
    const a = shown[i] ?? [];
    const b = next[i] ?? [];
    if (!sameMarkers(a, b)) changed.push(i);
  }
  return changed;
}
