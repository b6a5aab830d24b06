import { revealText } from './visible-text';

/**
 * A name or value quoted in a Chinese message: “…”, written with no space on either side (as
 * zh-CN developer tools write it: 未知命令“frobnicate”). The content is the value as JSON shows it,
 * so a newline, a tab, a backslash or a lone surrogate stays visible (\n, \t, \\, \ud800) and a
 * value's leading or trailing spaces can be seen; only an ASCII quote is left unescaped, since inside
 * “” it ends nothing. Content longer than `max` characters is cut to `max - 1` and "…".
 *
 * Text that reads as it runs (issue #35, ruling I-88): what JSON leaves as it is but a reader
 * cannot see is made visible too — a bidi control or an invisible character as `⟨U+202E⟩`
 * (visible-text.ts), DEL and C1 controls as `\u007f`, `\u0085` — so no message can be reordered or
 * hide a character.
 *
 * Syntax fragments the user types are quoted the same way, written directly (以“- ”开头); only
 * YAML written with its own quotes keeps them (when: "true").
 */
export function zhQuote(value: string, max = Number.POSITIVE_INFINITY): string {
  const json = JSON.stringify(value).slice(1, -1);
  const content = revealText(
    json.replace(/\\(.)/gs, (pair, c: string) => (c === '"' ? '"' : pair)),
  );
  return `“${content.length > max ? `${content.slice(0, max - 1)}…` : content}”`;
}

/**
 * A name or value quoted in an English message: `"…"`, its JSON text with the hidden characters
 * made visible as `zhQuote` does (`"⟨U+202E⟩tnuocca"`). Content longer than `max` characters is cut
 * to `max - 1` and "…" inside the quotes.
 */
export function enQuote(value: string, max = Number.POSITIVE_INFINITY): string {
  const content = revealText(JSON.stringify(value).slice(1, -1));
  return `"${content.length > max ? `${content.slice(0, max - 1)}…` : content}"`;
}

/**
 * A JSON value of any type in a Chinese message: a string as `zhQuote` quotes it, any other value as
 * its JSON text (5, true, null, [1,2]; `undefined` when absent), hidden characters made visible. A
 * bare JSON text is half-width, so join it to Chinese text with `joinZh` (one space at a Chinese
 * seam, none beside “” or full-width punctuation).
 */
export function zhJson(value: unknown): string {
  return typeof value === 'string' ? zhQuote(value) : revealText(String(JSON.stringify(value)));
}
