/**
 * Where a position is in a rule document's YAML, read from its lines (block style, as the format
 * is written): the key and value on the line, and the keys of the mappings around it. Tolerant of
 * a document being typed — it never needs the whole text to parse. Columns are 0-based UTF-16.
 */

export interface LineParts {
  /** Column of `- ` when the line starts a sequence item, else -1. */
  readonly dash: number;
  readonly key: string | null;
  readonly keyStart: number;
  readonly keyEnd: number;
  /** The value after `key:` (or after `- ` with no key), unquoted; null when there is none. */
  readonly value: string | null;
  readonly valueStart: number;
  readonly valueEnd: number;
}

const KEY = /^([A-Za-z_][\w.-]*)[ \t]*:(?=[ \t]|$)/;

/** The parts of one line of block YAML (a comment after the value is left out). */
export function lineParts(line: string): LineParts {
  let at = 0;
  while (line[at] === ' ') at++;
  let dash = -1;
  if (line[at] === '-' && (line[at + 1] === ' ' || at + 1 === line.length)) {
    dash = at;
    at++;
    while (line[at] === ' ') at++;
  }
  const key = KEY.exec(line.slice(at));
  const keyName = key ? (key[1] as string) : null;
  const keyStart = key ? at : -1;
  const keyEnd = key ? at + keyName!.length : -1;
  let v = key ? at + (key[0] as string).length : at;
  while (line[v] === ' ' || line[v] === '\t') v++;
  let end = line.length;
  const quote = line[v];
  if (quote === '"' || quote === "'") {
    const close = line.indexOf(quote, v + 1);
    end = close === -1 ? line.length : close + 1;
  } else {
    const comment = line.search(/\s#/);
    if (comment !== -1 && comment >= v) end = comment;
  }
  while (end > v && /\s/.test(line[end - 1] as string)) end--;
  if (v >= end || line[v] === '#')
    return { dash, key: keyName, keyStart, keyEnd, value: null, valueStart: v, valueEnd: v };
  const raw = line.slice(v, end);
  const unquoted =
    raw.length >= 2 && (raw[0] === '"' || raw[0] === "'") && raw.endsWith(raw[0] as string)
      ? raw.slice(1, -1)
      : raw;
  return { dash, key: keyName, keyStart, keyEnd, value: unquoted, valueStart: v, valueEnd: end };
}

const blankOrComment = (line: string) => /^\s*(#|$)/.test(line);

/**
 * The keys of the block mappings holding column `indent` of line `line`, outermost first, `-` for
 * a sequence item: a rule's fields are under ['rules', '-'], a table row's under
 * ['rules', '-', 'when', 'rows', '-']. Reads the lines above up to the top level (linear in them).
 */
export function enclosingKeys(
  lineAt: (i: number) => string,
  line: number,
  indent: number,
): string[] {
  const chain: string[] = [];
  let limit = indent;
  const own = lineParts(lineAt(line));
  if (own.dash !== -1 && own.dash < indent) {
    chain.push('-');
    limit = own.dash;
  }
  for (let i = line - 1; i >= 0 && limit > 0; i--) {
    const text = lineAt(i);
    if (blankOrComment(text)) continue;
    const parts = lineParts(text);
    const keyAt = parts.key !== null ? parts.keyStart : -1;
    if (keyAt !== -1 && keyAt < limit && parts.value === null) {
      chain.push(parts.key as string);
      limit = keyAt;
    }
    if (parts.dash !== -1 && parts.dash < limit) {
      chain.push('-');
      limit = parts.dash;
    }
  }
  return chain.reverse();
}

/** The run of name characters around column `column` (a rule name, a decision, a field path). */
export function wordAt(
  text: string,
  column: number,
): { text: string; start: number; end: number } | null {
  const isWord = (c: string | undefined) => c !== undefined && /[^\s"'`,:[\]{}()]/.test(c);
  let start = column;
  while (start > 0 && isWord(text[start - 1])) start--;
  let end = column;
  while (end < text.length && isWord(text[end])) end++;
  return end > start ? { text: text.slice(start, end), start, end } : null;
}
