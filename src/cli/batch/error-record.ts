import type { RejectedRecord } from '../../kernel';

/**
 * The line printed in place of a record that cannot be read: where the record is (`line`, and
 * `last_line` when a CSV record spans lines) and its first error as a diagnostic — code, position,
 * message in English and Chinese. `--fields` does not apply to it.
 */
export function errorRecord(r: RejectedRecord): string {
  const p = r.problem;
  return JSON.stringify({
    line: r.line,
    ...(r.lastLine > r.line ? { last_line: r.lastLine } : {}),
    error: {
      code: p.code,
      line: p.line,
      column: p.column,
      message: { en: p.message.en, zh: p.message.zh },
    },
  });
}

/** A rejected record as the closing message names it: `3`, or `4–7` when it spans lines. */
export function rejectedName(r: RejectedRecord): string {
  return r.lastLine > r.line ? `${r.line}–${r.lastLine}` : `${r.line}`;
}
