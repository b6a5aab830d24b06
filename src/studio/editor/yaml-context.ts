/**
 * Line-based YAML context for hover and completion: which key a line holds, where its value is,
 * and which keys enclose it (by indentation). Cheap on purpose — it runs on every hover and
 * completion request of a 1,000-rule document — and only needs to understand block-style ERDL,
 * which is how the studio, the spec and the examples write documents.
 */

export interface LineEntry {
  /** The mapping key on this line, unquoted, or null. */
  readonly key: string | null;
  /** 0-based column of the key's first character (its quote when quoted). */
  readonly keyStart: number;
  readonly keyEnd: number;
  /** 0-based columns of the `- ` sequence markers before the key (or alone on the line). */
  readonly dashes: readonly number[];
  /** The scalar value after `key:` on the same line, unquoted and without a trailing comment. */
  readonly value: string | null;
  readonly valueStart: number;
  readonly valueEnd: number;
}

const KEY = /^([A-Za-z_$][\w$.-]*|"[^"\n]*"|'[^'\n]*')\s*:(?=\s|$)/;

export function readLine(line: string): LineEntry {
  const dashes: number[] = [];
  let at = 0;
  while (at < line.length && line[at] === ' ') at++;
  while (line[at] === '-' && (line[at + 1] === ' ' || at + 1 === line.length)) {
    dashes.push(at);
    at++;
    while (at < line.length && line[at] === ' ') at++;
  }
  const none = {
    key: null,
    keyStart: at,
    keyEnd: at,
    dashes,
    value: null,
    valueStart: 0,
    valueEnd: 0,
  };
  const match = KEY.exec(line.slice(at));
  if (!match) return none;
  const rawKey = match[1]!;
  const key = /^["']/.test(rawKey) ? rawKey.slice(1, -1) : rawKey;
  const keyEnd = at + rawKey.length;
  let valueStart = at + match[0].length;
  while (valueStart < line.length && (line[valueStart] === ' ' || line[valueStart] === '\t')) {
    valueStart++;
  }
  const rest = line.slice(valueStart);
  const scalar = readScalar(rest);
  if (scalar === null) return { ...none, key, keyEnd };
  return {
    key,
    keyStart: at,
    keyEnd,
    dashes,
    value: scalar.text,
    valueStart: valueStart + scalar.start,
    valueEnd: valueStart + scalar.end,
  };
}

/** A plain or quoted scalar at the start of `rest` (columns relative to it), or null. */
function readScalar(rest: string): { text: string; start: number; end: number } | null {
  if (rest === '' || rest.startsWith('#')) return null;
  const quote = rest[0];
  if (quote === '"' || quote === "'") {
    const close = rest.indexOf(quote, 1);
    const end = close === -1 ? rest.length : close;
    return { text: rest.slice(1, end), start: 1, end };
  }
  if ('{[|>&*!'.includes(rest[0]!)) return null;
  const comment = rest.search(/\s#/);
  const text = (comment === -1 ? rest : rest.slice(0, comment)).trimEnd();
  return { text, start: 0, end: text.length };
}

/**
 * The keys enclosing line `index`, outermost first; a sequence item is `-`. For the `then` key of
 * a rule: `['rules', '-']`; for a metadata field: `['metadata']`.
 */
export function enclosingKeys(lineAt: (index: number) => string, index: number): string[] {
  const here = readLine(lineAt(index));
  const chain: string[] = [];
  let indent = here.keyStart;
  for (let d = here.dashes.length - 1; d >= 0; d--) {
    chain.unshift('-');
    indent = here.dashes[d]!;
  }
  for (let i = index - 1; i >= 0 && indent > 0; i--) {
    const line = lineAt(i);
    // Deeper lines (the bulk of a long document) are skipped without parsing.
    let lead = 0;
    while (lead < indent && line.charCodeAt(lead) === 32) lead++;
    if (lead >= indent) continue;
    const trimmed = line.trimStart();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const entry = readLine(line);
    if (entry.key !== null && entry.keyStart < indent) {
      chain.unshift(entry.key);
      indent = entry.keyStart;
    } else if (entry.key === null && entry.keyStart < indent && entry.dashes.length === 0) {
      // A continuation of something else at a lower indent (a block scalar, a flow collection):
      // the structure is not line-readable here.
      return chain;
    }
    for (let d = entry.dashes.length - 1; d >= 0; d--) {
      if (entry.dashes[d]! < indent) {
        chain.unshift('-');
        indent = entry.dashes[d]!;
      }
    }
  }
  return chain;
}

/** The path segment being typed after `field:` (block or flow style), or null. */
export function fieldPathPrefix(beforeCursor: string): { prefix: string; start: number } | null {
  const match = /(?:^|[\s{,])["']?field["']?\s*:\s*["']?([^\s"',{}[\]#]*)$/.exec(beforeCursor);
  if (!match) return null;
  const prefix = match[1]!;
  return { prefix, start: beforeCursor.length - prefix.length };
}

/**
 * A bare field path being typed as an Expression operand (`eq: [tool.na`, `- tool.na`,
 * `expr: tool.na`), or null. The caller checks that the line is inside `expr:`.
 */
export function exprOperandPrefix(beforeCursor: string): { prefix: string; start: number } | null {
  const match = /(?:[[,]\s*|^\s*(?:-\s+)+|(?:^|\s)expr:\s*)([A-Za-z_][\w.]*)$/.exec(beforeCursor);
  if (!match) return null;
  const prefix = match[1]!;
  return { prefix, start: beforeCursor.length - prefix.length };
}
