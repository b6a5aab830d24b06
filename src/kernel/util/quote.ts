/**
 * A name or value quoted in a Chinese message: “…”, written with no space on either side (as
 * zh-CN developer tools write it: 未知命令“frobnicate”). The content is the value as JSON shows it,
 * so a newline, a tab, a backslash or a lone surrogate stays visible (\n, \t, \\, \ud800) and a
 * value's leading or trailing spaces can be seen; only an ASCII quote is left unescaped, since inside
 * “” it ends nothing. Content longer than `max` characters is cut to `max - 1` and "…".
 *
 * Syntax fragments the user types are quoted the same way, written directly (以“- ”开头); only
 * YAML written with its own quotes keeps them (when: "true").
 */
export function zhQuote(value: string, max = Number.POSITIVE_INFINITY): string {
  const json = JSON.stringify(value).slice(1, -1);
  const content = json.replace(/\\(.)/gs, (pair, c: string) => (c === '"' ? '"' : pair));
  return `“${content.length > max ? `${content.slice(0, max - 1)}…` : content}”`;
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
