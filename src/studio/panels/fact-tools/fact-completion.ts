/**
 * Field-path completion in the Evaluate panel's fact box (issue #40 point 5): where in the fact's
 * YAML or JSON text a key is being typed, which mappings enclose it (`context:` → the `context.*`
 * fields' next segment), and the edit that inserts a chosen key.
 *
 * One forward scan of the text before the cursor, linear, over block YAML (keys by indentation,
 * `- ` items, `|`/`>` scalars, comments) and flow collections (`{…}`, `[…]`, JSON, quoted keys
 * with their escapes) — enough for a fact box; anything it does not follow (a key inside a list,
 * a value position, a comment, a closed quote) gets no completion rather than a wrong one. A
 * `fact:` wrapper is left out of the path, as the kernel's fact reader unwraps it. Texts over
 * MAX_COMPLETION_TEXT get none (checked before any work).
 */

export const MAX_COMPLETION_TEXT = 64 * 1024;

export interface KeyContext {
  /** Keys of the mappings enclosing the key being typed, outermost first, without `fact:`. */
  readonly path: readonly string[];
  /** What is typed of the key so far (inside its quote when quoted). */
  readonly prefix: string;
  /** The text a completion replaces: the key typed so far and the rest of its word. */
  readonly from: number;
  readonly to: number;
  /** The quote the key was opened with. */
  readonly quote: '"' | "'" | null;
  /** `block`: a key on its own line; `flow`: inside `{…}` (JSON is flow). */
  readonly style: 'block' | 'flow';
  /** Block style: the key's column (nested keys go two further). */
  readonly column: number;
}

/** A block-style entry: a mapping key that may hold nested keys, or a list item (`key: null`). */
interface BlockEntry {
  readonly col: number;
  readonly key: string | null;
}

/** A flow collection open at the cursor. `key`: the key it is the value of (null: none known). */
interface FlowFrame {
  readonly seq: boolean;
  readonly key: string | null;
  /** Inside a list, directly or not: no field path reaches it. */
  readonly inList: boolean;
  lastKey: string | null;
  expectKey: boolean;
  /** Offset of the key token being read (its quote when quoted), or -1. */
  tokenStart: number;
  tokenQuote: '"' | "'" | null;
}

const PLAIN_KEY = /^([^\s#'"{}[\],][^#]*?)[ \t]*:(?=\s|$)/;
const QUOTED_KEY = /^("(?:[^"\\\n]|\\.)*"|'(?:[^'\n]|'')*')[ \t]*:(?=\s|$)/;
/** The line before the cursor when a block key is being typed: indentation, `- `, a quote, the key. */
const BLOCK_KEY_PREFIX = /^( *)((?:- +)*)(["']?)([^\s:#{}[\],"']*)$/;
/** The rest of a key's word after the cursor. */
const WORD_REST = /^[^\s:#{}[\],"']*/;

function unquote(raw: string): string {
  if (raw.startsWith('"')) {
    try {
      return JSON.parse(raw) as string;
    } catch {
      return raw.slice(1, -1);
    }
  }
  if (raw.startsWith("'")) return raw.slice(1, -1).replaceAll("''", "'");
  return raw.trim();
}

/** Where the cursor is typing a mapping key, or null (a value, a comment, a list item, too big). */
export function keyContextAt(text: string, offset: number): KeyContext | null {
  if (text.length > MAX_COMPLETION_TEXT || offset < 0 || offset > text.length) return null;
  const before = text.slice(0, offset);
  const block: BlockEntry[] = [];
  const flow: FlowFrame[] = [];
  let inString: '"' | "'" | null = null;
  let inComment = false;
  let scalarCol = -1;
  let firstRootKey: string | null = null;
  let lineStart = 0;
  for (;;) {
    const newline = before.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? before.length : newline;
    const line = before.slice(lineStart, lineEnd);
    inComment = false;
    let scanFrom = 0;
    let scan = true;
    if (flow.length === 0 && inString === null) {
      let indent = 0;
      while (line[indent] === ' ') indent++;
      const rest = line.slice(indent);
      if (scalarCol >= 0 && (rest === '' || indent > scalarCol)) scan = false;
      else {
        scalarCol = -1;
        if (rest === '' || rest.startsWith('#')) {
          inComment = rest.startsWith('#');
          scan = false;
        } else {
          while (block.length > 0 && (block[block.length - 1] as BlockEntry).col >= indent)
            block.pop();
          let pos = indent;
          while (line[pos] === '-' && (line[pos + 1] === ' ' || pos + 1 === line.length)) {
            block.push({ col: pos, key: null });
            pos++;
            while (line[pos] === ' ') pos++;
          }
          const tail = line.slice(pos);
          const match = QUOTED_KEY.exec(tail) ?? PLAIN_KEY.exec(tail);
          scanFrom = pos;
          if (match) {
            const key = unquote(match[1] as string);
            let value = pos + match[0].length;
            while (line[value] === ' ' || line[value] === '\t') value++;
            const first = line[value];
            if (block.length === 0 && pos === 0 && firstRootKey === null) firstRootKey = key;
            if (first === undefined || first === '#' || first === '{' || first === '[')
              block.push({ col: pos, key });
            else if (first === '|' || first === '>') scalarCol = pos;
            scanFrom = value;
          }
        }
      }
    }
    if (scan) {
      const flowAtStart = flow.length > 0 || inString !== null;
      for (let j = scanFrom; j < line.length; j++) {
        const c = line[j] as string;
        const at = lineStart + j;
        if (inString !== null) {
          if (inString === '"' && c === '\\') j++;
          else if (inString === "'" && c === "'" && line[j + 1] === "'") j++;
          else if (c === inString) inString = null;
          continue;
        }
        if (c === '#' && (j === 0 || line[j - 1] === ' ' || line[j - 1] === '\t')) {
          inComment = true;
          break;
        }
        const top = flow[flow.length - 1];
        if (top === undefined) {
          // Block context: only a value's first character can open a collection or a quote.
          if (j !== scanFrom && !flowAtStart) break;
          if (c === '"' || c === "'") inString = c;
          else if (c === '{' || c === '[')
            flow.push({
              seq: c === '[',
              key: null,
              inList: block.some((e) => e.key === null),
              lastKey: null,
              expectKey: c === '{',
              tokenStart: -1,
              tokenQuote: null,
            });
          else break;
          continue;
        }
        if (c === '{' || c === '[') {
          flow.push({
            seq: c === '[',
            key: top.seq ? null : top.lastKey,
            inList: top.inList || top.seq,
            lastKey: null,
            expectKey: c === '{',
            tokenStart: -1,
            tokenQuote: null,
          });
          top.expectKey = false;
        } else if (c === '}' || c === ']') {
          flow.pop();
        } else if (c === ',') {
          if (!top.seq) {
            top.expectKey = true;
            top.tokenStart = -1;
            top.tokenQuote = null;
          }
        } else if (c === ':' && !top.seq && top.expectKey) {
          top.lastKey = top.tokenStart === -1 ? '' : unquote(before.slice(top.tokenStart, at));
          if (flow.length === 1 && block.length === 0 && firstRootKey === null)
            firstRootKey = top.lastKey;
          top.expectKey = false;
        } else if (c === '"' || c === "'") {
          inString = c;
          if (!top.seq && top.expectKey && top.tokenStart === -1) {
            top.tokenStart = at;
            top.tokenQuote = c;
          }
        } else if (c !== ' ' && c !== '\t' && !top.seq && top.expectKey && top.tokenStart === -1) {
          top.tokenStart = at;
        }
      }
    }
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  if (inComment) return null;
  const lineOf = before.slice(lineStart);
  if (flow.length > 0) return flowContext(text, offset, block, flow, inString, firstRootKey);
  const m = BLOCK_KEY_PREFIX.exec(lineOf);
  if (!m || (m[2] as string) !== '' || scalarCol >= 0) return null;
  // Inside a quote only when it is this key's own opening quote.
  if ((inString === null) !== ((m[3] as string) === '')) return null;
  const column = (m[1] as string).length;
  while (block.length > 0 && (block[block.length - 1] as BlockEntry).col >= column) block.pop();
  if (block.some((e) => e.key === null)) return null;
  const path = unwrapped(
    block.map((e) => e.key as string),
    firstRootKey,
  );
  if (path === null) return null;
  const quote = (m[3] as '"' | "'" | '') || null;
  const prefix = m[4] as string;
  return {
    path,
    prefix,
    from: offset - prefix.length,
    to: offset + (WORD_REST.exec(text.slice(offset))?.[0].length ?? 0),
    quote,
    style: 'block',
    column,
  };
}

function flowContext(
  text: string,
  offset: number,
  block: readonly BlockEntry[],
  flow: readonly FlowFrame[],
  inString: '"' | "'" | null,
  firstRootKey: string | null,
): KeyContext | null {
  const top = flow[flow.length - 1] as FlowFrame;
  if (top.seq || top.inList || !top.expectKey || block.some((e) => e.key === null)) return null;
  // Inside the key's quotes, or typing it bare; a closed quote (`"ro"|`) is done.
  if (top.tokenQuote !== null && inString === null) return null;
  if (top.tokenQuote === null && inString !== null) return null;
  const keys: string[] = block.map((e) => e.key as string);
  for (let i = 1; i < flow.length; i++) {
    const key = (flow[i] as FlowFrame).key;
    if (key === null) return null;
    keys.push(key);
  }
  const path = unwrapped(keys, firstRootKey);
  if (path === null) return null;
  const start = top.tokenStart === -1 ? offset : top.tokenStart + (top.tokenQuote ? 1 : 0);
  const prefix = text.slice(start, offset);
  if (/[\s:{}[\],]/.test(prefix) || (top.tokenQuote === null && /["']/.test(prefix))) return null;
  const rest =
    top.tokenQuote === null
      ? (WORD_REST.exec(text.slice(offset))?.[0].length ?? 0)
      : (/^[^"'\n]*/.exec(text.slice(offset))?.[0].length ?? 0);
  return {
    path,
    prefix,
    from: start,
    to: offset + rest,
    quote: top.tokenQuote,
    style: 'flow',
    column: 0,
  };
}

/** The path without a `fact:` wrapper; null at the wrapper's own level (only `fact` goes there). */
function unwrapped(keys: readonly string[], firstRootKey: string | null): string[] | null {
  if (firstRootKey !== 'fact') return [...keys];
  if (keys.length === 0) return null;
  return keys[0] === 'fact' ? keys.slice(1) : [...keys];
}

/** One completion: the next segment of some field paths under the key's path. */
export interface FieldOption {
  readonly segment: string;
  /** The full path of the segment (`context.role`). */
  readonly path: string;
  /** A field the rules read ends here. */
  readonly leaf: boolean;
  /** How many fields the rules read lie deeper under it (0 for a leaf only). */
  readonly inside: number;
}

/** The next segments of `fields` under `path` that start with `prefix` (case-insensitive), sorted. */
export function fieldOptions(
  fields: readonly string[],
  path: readonly string[],
  prefix: string,
): FieldOption[] {
  const want = prefix.toLowerCase();
  const found = new Map<string, { leaf: boolean; inside: number }>();
  for (const field of fields) {
    const parts = field.split('.');
    if (parts.length <= path.length || path.some((p, i) => parts[i] !== p)) continue;
    const segment = parts[path.length] as string;
    if (segment === '' || segment === '*' || !segment.toLowerCase().startsWith(want)) continue;
    const entry = found.get(segment) ?? { leaf: false, inside: 0 };
    if (parts.length === path.length + 1) entry.leaf = true;
    else entry.inside++;
    found.set(segment, entry);
  }
  return [...found]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([segment, e]) => ({
      segment,
      path: [...path, segment].join('.'),
      leaf: e.leaf,
      inside: e.inside,
    }));
}

/** Keys that need quotes in YAML or JSON as written bare. */
const BARE_KEY = /^[A-Za-z_$\u0080-\uFFFF][\w$\u0080-\uFFFF-]*$/;

/**
 * The edit that puts `option` in place of the key typed so far: `segment: ` for a field, and for
 * a mapping (`inside` > 0, not a leaf) a new indented line (block) or `{}` with the cursor inside
 * (flow), so its own keys complete next. A closing quote and a `:` already there are kept.
 */
export function completionEdit(
  text: string,
  ctx: KeyContext,
  option: FieldOption,
): { readonly text: string; readonly cursor: number } {
  const quote = ctx.quote ?? (BARE_KEY.test(option.segment) ? '' : '"');
  const open = ctx.quote === null ? quote : '';
  const key = quote === '"' ? JSON.stringify(option.segment).slice(1, -1) : option.segment;
  let to = ctx.to;
  if (ctx.quote !== null && text[to] === ctx.quote) to++;
  const hasColon = /^[ \t]*:/.test(text.slice(to));
  let insert = `${open}${key}${quote}`;
  let cursorAfter = insert.length;
  if (!hasColon) {
    if (option.leaf || option.inside === 0) insert += ': ';
    else if (ctx.style === 'block') insert += `:\n${' '.repeat(ctx.column + 2)}`;
    else insert += ': {}';
    cursorAfter = insert.endsWith('{}') ? insert.length - 1 : insert.length;
  }
  return {
    text: text.slice(0, ctx.from) + insert + text.slice(to),
    cursor: ctx.from + cursorAfter,
  };
}
