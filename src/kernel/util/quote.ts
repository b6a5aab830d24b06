/**
 * A name or value quoted in a Chinese message: “…”, written with no space on either side (as
 * zh-CN developer tools write it: 未知命令“frobnicate”). The content is the value as JSON shows it,
 * so a newline, a tab, a backslash or a lone surrogate stays visible (\n, \t, \\, \ud800) and a
 * value's leading or trailing spaces can be seen; only an ASCII quote is left unescaped, since inside
 * “” it ends nothing.
 *
 * Literal syntax the user types (when: "true", "10m", "- ") keeps its ASCII quotes and is written
 * directly, not through this.
 */
export function zhQuote(value: string): string {
  const json = JSON.stringify(value).slice(1, -1);
  return `“${json.replace(/\\(.)/gs, (pair, c: string) => (c === '"' ? '"' : pair))}”`;
}

/**
 * A JSON value of any type in a Chinese message: a string as `zhQuote` quotes it, any other value as
 * its JSON text (5, true, null, [1,2]; `undefined` when absent). A bare JSON text is half-width, so
 * join it to Chinese text with `joinZh` (one space at a Chinese seam, none beside “” or full-width
 * punctuation).
 */
export function zhJson(value: unknown): string {
  return typeof value === 'string' ? zhQuote(value) : String(JSON.stringify(value));
}
