/**
 * A small YAML writer for the projections. It writes exactly the §2.3 conventions the kernel's own
 * format check (document/format.ts) asks for: strings in double quotes, enum keywords / numbers /
 * booleans / null bare, 2-space indentation (block collections 2 columns right of their key or
 * `-`). Collections are written in flow style (`{…}`, `[…]`) when they fit on the line and in
 * block style otherwise, unless a node asks for one style.
 */

/** How a collection is laid out: always flow, always block, or flow when it fits. */
export type Layout = 'flow' | 'block' | 'auto';

export type YV =
  /** A string, written double-quoted. */
  | { readonly k: 'str'; readonly v: string }
  /** A bare token: an enum keyword, a number, true / false / null. */
  | { readonly k: 'plain'; readonly v: string }
  | {
      readonly k: 'seq';
      readonly items: readonly YV[];
      readonly layout: Layout;
      /** A comment line written above item i (block layout only). */
      readonly comments?: readonly (string | undefined)[];
    }
  | {
      readonly k: 'map';
      readonly pairs: readonly (readonly [string, YV])[];
      readonly layout: Layout;
    };

/** Lines longer than this switch an `auto` collection to block style (Biome's line width). */
export const LINE_WIDTH = 100;

export const str = (v: string): YV => ({ k: 'str', v });
export const plain = (v: string): YV => ({ k: 'plain', v });
export const seq = (items: readonly YV[], layout: Layout = 'auto'): YV => ({
  k: 'seq',
  items,
  layout,
});
export const map = (pairs: readonly (readonly [string, YV])[], layout: Layout = 'auto'): YV => ({
  k: 'map',
  pairs,
  layout,
});

/** YAML 1.2 core-schema words a bare token would be read as (not strings). */
const RESERVED = /^(?:null|Null|NULL|true|True|TRUE|false|False|FALSE)$/;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** True when `v` can be written bare and still reads back as the same string. */
export function isBareWord(v: string): boolean {
  return IDENTIFIER.test(v) && !RESERVED.test(v);
}

/**
 * A YAML double-quoted scalar. JSON string syntax is valid YAML double-quoted syntax; on top of it,
 * characters YAML does not allow raw in a scalar (DEL, C1 controls, U+2028/U+2029, U+FEFF) are
 * escaped as \uXXXX, so every string reads back exactly.
 */
export function quote(v: string): string {
  return JSON.stringify(v).replace(
    /[\u007f-\u009f\u2028\u2029\ufeff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** A comment's text on one line: line breaks and control characters become spaces. */
function commentText(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters removed
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff]+/g, ' ').trim();
}

function keyText(k: string): string {
  return isBareWord(k) ? k : quote(k);
}

function scalarText(v: YV & { k: 'str' | 'plain' }): string {
  return v.k === 'str' ? quote(v.v) : v.v;
}

/** The value on one line, in flow style. */
export function flowText(v: YV): string {
  switch (v.k) {
    case 'str':
    case 'plain':
      return scalarText(v);
    case 'seq':
      return `[${v.items.map(flowText).join(', ')}]`;
    case 'map':
      return `{${v.pairs.map(([k, x]) => `${keyText(k)}: ${flowText(x)}`).join(', ')}}`;
  }
}

function isEmpty(v: YV): boolean {
  return (v.k === 'seq' && v.items.length === 0) || (v.k === 'map' && v.pairs.length === 0);
}

/** A collection that must be written in block style (it or a descendant asks for it). */
function mustBlock(v: YV): boolean {
  if (v.k === 'str' || v.k === 'plain' || isEmpty(v)) return false;
  if (v.layout === 'block') return true;
  const children = v.k === 'seq' ? v.items : v.pairs.map((p) => p[1]);
  return children.some(mustBlock);
}

/** Whether `v` is written inline when it starts at 0-based `column`. */
function inline(v: YV, column: number): boolean {
  if (v.k === 'str' || v.k === 'plain' || isEmpty(v)) return true;
  if (mustBlock(v)) return false;
  if (v.layout === 'flow') return true;
  return column + flowText(v).length <= LINE_WIDTH;
}

function blockMap(v: YV & { k: 'map' }, indent: number, out: string[]): void {
  const pad = ' '.repeat(indent);
  for (const [k, x] of v.pairs) {
    const head = `${pad}${keyText(k)}:`;
    if (inline(x, head.length + 1)) out.push(`${head} ${flowText(x)}`);
    else {
      out.push(head);
      block(x, indent + 2, out);
    }
  }
}

function blockSeq(v: YV & { k: 'seq' }, indent: number, out: string[]): void {
  const pad = ' '.repeat(indent);
  v.items.forEach((item, i) => {
    const comment = v.comments?.[i];
    if (comment !== undefined) out.push(`${pad}# ${commentText(comment)}`);
    const dash = `${pad}- `;
    if (inline(item, dash.length)) {
      out.push(`${dash}${flowText(item)}`);
      return;
    }
    // The item's first line goes on the dash line; its other lines are 2 columns in (§2.3).
    const sub: string[] = [];
    block(item, indent + 2, sub);
    sub[0] = `${dash}${(sub[0] ?? '').slice(indent + 2)}`;
    out.push(...sub);
  });
}

function block(v: YV, indent: number, out: string[]): void {
  if (v.k === 'map') blockMap(v, indent, out);
  else if (v.k === 'seq') blockSeq(v, indent, out);
  else out.push(`${' '.repeat(indent)}${scalarText(v)}`);
}

/** A whole YAML document for a top-level mapping; ends with a newline. */
export function emitDocument(root: YV & { k: 'map' }): string {
  const out: string[] = [];
  blockMap(root, 0, out);
  return `${out.join('\n')}\n`;
}

/** One value as the text that follows `key:` at `indent` (for snippets such as a lone `when:`). */
export function emitEntry(key: string, v: YV, indent = 0): string {
  const out: string[] = [];
  blockMap(map([[key, v]], 'block') as YV & { k: 'map' }, indent, out);
  return out.join('\n');
}
