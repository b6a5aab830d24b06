/**
 * Comparing fixes' edits (a proposal is checked against the current analysis). Applying and
 * finding edits: src/kernel/util/text-edit.ts.
 */
import type { TextEdit } from '../../kernel/util/text-edit';

/** Whether two fixes make the same edits (a proposal is checked against the current analysis). */
export function sameEdits(a: readonly TextEdit[], b: readonly TextEdit[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (e, i) =>
        e.range.start === b[i]?.range.start &&
        e.range.end === b[i]?.range.end &&
        e.newText === b[i]?.newText,
    )
  );
}
