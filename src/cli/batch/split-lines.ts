/**
 * The main thread's whole share of a JSON Lines batch (run-batch.ts): the text, as it streams in,
 * cut into parts of whole lines, each with the number of its first line, for the workers to parse,
 * evaluate and print (evaluate-lines.ts). Per chunk it finds the last line break and counts the
 * line breaks before it — nothing is parsed here.
 *
 * A line still arriving that is already longer than MAX_ROW_CHARS is not held: it becomes an
 * `overlong` part (its line number only; the worker rejects it as the parser would) and the rest
 * of it is dropped as it arrives — exactly what the streaming parser does with such a line, so
 * memory stays bounded by the part size plus one line of MAX_ROW_CHARS.
 */
import { MAX_ROW_CHARS } from '../../kernel';

/** A line longer than the row limit, rejected without its text. */
export interface OverlongPart {
  readonly kind: 'overlong';
  readonly line: number;
}

export type LinePart =
  /** Whole lines (the last one may lack its line break only at the end of the text). */
  { readonly kind: 'lines'; readonly text: string; readonly line: number } | OverlongPart;

/** Cuts a stream of chunks `C` (text, or bytes: split-bytes.ts) into parts `P` of whole lines. */
export interface PartSplitter<C, P> {
  /** The next chunk; returns the parts it completed (each at least the part size long). */
  push(chunk: C): P[];
  /** End of text: the rest (a last line without a line break included). */
  end(): P[];
  /**
   * The whole lines held now, as one part (none when no whole line is held), the line still
   * arriving kept: for input that arrives slowly, whose lines are answered as they come.
   */
  flush(): P[];
  /** 1-based number of the line the text ends on (where an end-of-text problem is placed). */
  readonly lastLine: number;
}

export type LineSplitter = PartSplitter<string, LinePart>;

/** `partChars`: a part is cut once at least this many characters of whole lines are held. */
export function createLineSplitter(partChars: number, maxLine = MAX_ROW_CHARS): LineSplitter {
  /** Whole lines not yet handed on, then the line still arriving. */
  let held = '';
  /** Number of the first line in `held`. */
  let line = 1;
  /** Inside an overlong line: drop text up to its line break. */
  let dropping = false;

  const cut = (final: boolean): LinePart[] => {
    const parts: LinePart[] = [];
    let from = 0;
    for (;;) {
      // The first line break at or after `partChars` characters (any, at the end of the text).
      const at = held.indexOf('\n', from + partChars - 1);
      const end = at >= 0 ? at + 1 : final ? held.lastIndexOf('\n') + 1 : 0;
      if (end <= from) break;
      const text = held.slice(from, end);
      parts.push({ kind: 'lines', text, line });
      line += countBreaks(text);
      from = end;
    }
    held = held.slice(from);
    if (final && held !== '') {
      parts.push({ kind: 'lines', text: held, line });
      held = '';
    } else if (!final && held.length - (held.lastIndexOf('\n') + 1) > maxLine) {
      // The line still arriving is over the limit (checked after each chunk, as the parser does):
      // the whole lines before it go first, then the refusal; its text is dropped.
      const start = held.lastIndexOf('\n') + 1;
      if (start > 0) {
        const text = held.slice(0, start);
        parts.push({ kind: 'lines', text, line });
        line += countBreaks(text);
      }
      parts.push({ kind: 'overlong', line });
      held = '';
      dropping = true;
    }
    return parts;
  };

  return {
    push(chunk) {
      if (dropping) {
        const nl = chunk.indexOf('\n');
        if (nl < 0) return [];
        dropping = false;
        line++;
        chunk = chunk.slice(nl + 1);
      }
      held += chunk;
      return cut(false);
    },
    end() {
      if (dropping) {
        dropping = false;
        return [];
      }
      return cut(true);
    },
    flush() {
      const end = dropping ? 0 : held.lastIndexOf('\n') + 1;
      if (end === 0) return [];
      const text = held.slice(0, end);
      const part: LinePart = { kind: 'lines', text, line };
      line += countBreaks(text);
      held = held.slice(end);
      return [part];
    },
    get lastLine() {
      return line + countBreaks(held);
    },
  };
}

function countBreaks(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}
