import { get, isMap, type YNode } from '../../document/ynode';
import type { ExprNode } from '../../tree/types';
import { commentLine, tailComment } from '../entry-text';
import type { Refusal } from '../refusal';
import { expressionWhen } from '../to-expression';
import {
  type LiteralWriter,
  type OperatorSpelling,
  type SimpleWhen,
  simpleFromTree,
  simpleWhenYV,
} from '../to-simple';
import { emitEntry, type YV } from '../yaml-out';
import { flatten, type WhenComments } from './comments';

/** A `when` in the target form (Simple or Expression), and writing it with its comments. */

/** A `when` tree in Simple or Expression form, or the refusal. */
export function formOf(
  tree: ExprNode,
  to: 'simple' | 'expr',
  rule: string,
  part: 'when' | 'unless',
  lit: LiteralWriter,
  operators?: OperatorSpelling,
): { ok: true; value: YV; simple: SimpleWhen | null } | { ok: false; refusal: Refusal } {
  if (to === 'expr') return { ok: true, value: expressionWhen(tree, lit), simple: null };
  const s = simpleFromTree(tree);
  if (!s.ok) return { ok: false, refusal: { rule, part, ...s.reason } };
  return { ok: true, value: simpleWhenYV(s.when, lit, operators), simple: s.when };
}

/** The Simple form a `when` node was written in (null for an Expression). */
export function simpleFromTreeIfSimple(node: YNode | undefined, tree: ExprNode): SimpleWhen | null {
  if (!isMap(node) || !get(node, 'conditions')) return null;
  const s = simpleFromTree(tree);
  return s.ok ? s.when : null;
}

/**
 * An Expression of one node whose one item carries comments is written in block style under
 * `expr:`, so the comments have lines of their own there (and read back as the item's).
 */
export function withItemLines(value: YV, comments: WhenComments): YV {
  const item = comments.items[0];
  if (comments.items.length !== 1 || !item || (item.lead.length === 0 && !item.tail)) return value;
  if (value.k !== 'map' || value.pairs.length !== 1 || value.pairs[0]?.[0] !== 'expr') return value;
  const inner = value.pairs[0][1];
  if (inner.k !== 'map' || ['and', 'or'].includes(inner.pairs[0]?.[0] ?? '')) return value;
  return { ...value, pairs: [['expr', { ...inner, layout: 'block' }]] };
}

/** Where the items of a written `when` are: Simple conditions, or the root and/or's operands. */
export function itemIndentOf(to: 'simple' | 'expr', indent: number, tree: ExprNode): number | null {
  if (to === 'simple') return indent + 4;
  return tree.node === 'and' || tree.node === 'or' ? indent + 6 : null;
}

/**
 * The lines of a `when` chunk at `indent` with `value` as its body, the chunk's own lines above
 * the key kept, the key line's comment kept, and comments placed: the header under the key, item
 * comments around the items of the body's item sequence at `itemIndent`.
 */
export function writeWhen(
  key: string,
  above: readonly string[],
  indent: number,
  value: YV,
  comments: WhenComments,
  itemIndent: number | null,
): string[] {
  const emitted = emitEntry(key, value, indent).split('\n');
  if (emitted.length === 1)
    // An inline value (`when: "true"`): its comments go above the key.
    return [
      ...above,
      ...flatten(comments).map((c) => commentLine(c, indent)),
      `${emitted[0]}${comments.keyTail}`,
    ];
  const out = [...above, `${emitted[0]}${comments.keyTail}`];
  const header = [...comments.header];
  let items = comments.items;
  const body = emitted.slice(1);
  const dash = itemIndent === null ? null : `${' '.repeat(itemIndent)}- `;
  const starts = dash ? body.flatMap((l, i) => (l.startsWith(dash) ? [i] : [])) : [];
  // One Expression node under `expr:` (written in block style for its comments) is one item.
  if (itemIndent === null && items.length === 1 && body.length > 1 && body[0]?.trim() === 'expr:')
    starts.push(1);
  if (starts.length !== items.length) {
    header.push(...items.flatMap((i) => [...i.lead, ...(i.tail ? [tailComment(i.tail)] : [])]));
    items = [];
  }
  out.push(...header.map((c) => commentLine(c, indent + 2)));
  body.forEach((line, i) => {
    const k = starts.indexOf(i);
    const item = k >= 0 ? items[k] : undefined;
    if (item) out.push(...item.lead.map((c) => commentLine(c, itemIndent ?? indent + 2)));
    const endOfItem = items.length > 0 && (starts.includes(i + 1) || i === body.length - 1);
    const owner = endOfItem ? items[starts.filter((s) => s <= i).length - 1] : undefined;
    out.push(owner?.tail ? `${line}${owner.tail}` : line);
  });
  return out;
}
