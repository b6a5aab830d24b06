import { findHidden, revealInline } from '../kernel';
import { type CliIo, writeOutBytes, writeOutLine } from './io';

/**
 * What a verb writes on standard output (issue #35 §5, docs/security.md). Rule names, messages,
 * values and file names come from input nobody vetted: written raw to a terminal, an ESC sequence
 * in a rule name (`\u001b[2K\u001b[1A`) erases the FAILED line above it, an OSC 8 sequence turns a
 * message into a hidden hyperlink, a bidi override shows `delete_account` for what runs as its
 * mirror image. So every line goes through here on its way out (`run` wraps the verb's `io`):
 *
 * - `text`: lines for people. Each line is shown with `revealInline`: control characters (C0, DEL,
 *   C1, and tab, CR, LF inside a line) as `\u001b`, `\r`…, bidi controls and invisible characters
 *   as `⟨U+202E⟩`. Revealed text passes through unchanged, so a line built from text that was
 *   already revealed is not escaped twice.
 * - `json`: JSON texts (the machine contract). JSON.stringify escapes C0 controls but writes DEL,
 *   C1 controls, bidi controls and invisible characters raw; these are written as `\u009b` escapes
 *   instead. Such characters can only stand inside a JSON string, where the escape is the same
 *   character, so every reader parses the same value; output without them is byte-for-byte as
 *   JSON.stringify wrote it. Line breaks between JSON tokens (pretty printing) are kept.
 * - `document`: a file's exact bytes (the YAML of `convert`/`import`, the HTML of `report`): written
 *   as is — its writer escapes what its format needs (YAML double quotes, the report's own
 *   revealing), and rewriting it here would change the data.
 *
 * Standard error only ever carries text for people: every line is `text`.
 */
export type StdoutKind = 'text' | 'json' | 'document';

/** Printable ASCII: nothing to reveal — the common case, tested first (fast). */
const PLAIN_LINE = /^[\x20-\x7e]*$/;
/** The same with LF, which JSON pretty printing puts between tokens. */
const PLAIN_JSON = /^[\x20-\x7e\n]*$/;

/** A line for a terminal: see StdoutKind `text`. */
export const terminalText = (line: string): string =>
  PLAIN_LINE.test(line) ? line : revealInline(line);

/** C0 controls but LF (never raw in JSON.stringify's output; kept as pretty printing's breaks), DEL, C1. */
const JSON_CONTROLS = '[\\u0000-\\u0009\\u000B-\\u001F\\u007F-\\u009F]';
const JSON_CONTROL = new RegExp(JSON_CONTROLS);
const JSON_CONTROL_G = new RegExp(JSON_CONTROLS, 'g');

/** `\uXXXX` for each UTF-16 unit (a tag character, outside the BMP, takes two). */
function jsonEscape(ch: string): string {
  let out = '';
  for (let i = 0; i < ch.length; i++) out += `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return out;
}

/** A JSON text for a terminal: see StdoutKind `json`. Linear; unchanged when nothing is found. */
export function terminalJson(json: string): string {
  if (PLAIN_JSON.test(json)) return json;
  const text = JSON_CONTROL.test(json) ? json.replace(JSON_CONTROL_G, jsonEscape) : json;
  const hidden = findHidden(text);
  if (hidden.length === 0) return text;
  let out = '';
  let at = 0;
  for (const h of hidden) {
    out += text.slice(at, h.index) + jsonEscape(text.slice(h.index, h.index + h.length));
    at = h.index + h.length;
  }
  return out + text.slice(at);
}

const STDOUT: Record<StdoutKind, (line: string) => string> = {
  text: terminalText,
  json: terminalJson,
  document: (line) => line,
};

/**
 * The verb's view of `io`: standard output made safe for its kind, standard error and the progress
 * line as text. Everything else (reading, writing files, backpressure) is `io`'s own.
 */
export function safeIo(io: CliIo, stdout: StdoutKind): CliIo {
  const show = STDOUT[stdout];
  const safe: CliIo = Object.create(io);
  safe.out = (line) => io.out(show(line));
  // Bytes written as they are: only JSON made safe by their writer, to the real standard output.
  safe.outJson = stdout === 'json' && io.out === writeOutLine ? writeOutBytes : undefined;
  safe.err = (line) => io.err(terminalText(line));
  const progress = io.progress;
  if (progress) safe.progress = (line) => progress.call(io, terminalText(line));
  return safe;
}
