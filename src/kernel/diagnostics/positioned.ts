import type { Diagnostic } from './diagnostic';
import type { SourceText } from './source-text';

/** A place in a text: 1-based line, 1-based column in UTF-16 units (Monaco's unit). */
export interface Position {
  readonly line: number;
  readonly column: number;
}

/** A diagnostic with its range also as line/column in the text the editor holds. */
export interface PositionedDiagnostic extends Diagnostic {
  readonly start: Position;
  readonly end: Position;
}

/** The kernel reads text without a leading BOM; an editor's offsets include it. */
export function bomShift(text: string): number {
  return text.charCodeAt(0) === 0xfeff ? 1 : 0;
}

/**
 * A kernel diagnostic placed in the editor's text: its range (and its fix's edits) shifted past a
 * leading BOM the kernel did not read, with line/column from `source` (the editor's text). The one
 * way the studio's markers and the language server's diagnostics are placed.
 */
export function positionDiagnostic(
  d: Diagnostic,
  bom: number,
  source: SourceText,
): PositionedDiagnostic {
  const shift = (o: number) => o + bom;
  const shifted: Diagnostic =
    bom === 0
      ? d
      : {
          ...d,
          range: { start: shift(d.range.start), end: shift(d.range.end) },
          ...(d.fix
            ? {
                fix: {
                  title: d.fix.title,
                  edits: d.fix.edits.map((e) => ({
                    newText: e.newText,
                    range: { start: shift(e.range.start), end: shift(e.range.end) },
                  })),
                },
              }
            : {}),
        };
  return {
    ...shifted,
    start: source.position(shifted.range.start),
    end: source.position(shifted.range.end),
  };
}
