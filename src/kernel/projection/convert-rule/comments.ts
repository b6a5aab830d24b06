import { get, isMap, isScalar, isSeq, type YNode, type YSeq } from '../../document/ynode';
import { SIMPLE_OPERATORS } from '../../vocabulary/operators';
import { type DocLines, isComment, itemLines, splitComment, tailComment } from '../entry-text';
import type { OperatorSpelling, SimpleCondition, SimpleWhen } from '../to-simple';

/**
 * Comments inside `when`: read per item (a condition, a table cell, an Expression operand) and
 * arranged for the target form's items, so they travel with their condition.
 */

/** The comments of one item of a sequence (a condition, a cell, an Expression operand). */
export interface ItemComments {
  readonly lead: readonly string[];
  readonly tail: string;
}

/** Comments of a `when` (or a row's `when`): on its key line, above its body, per item. */
export interface WhenComments {
  readonly keyTail: string;
  readonly header: readonly string[];
  readonly items: readonly ItemComments[];
}

export const NO_COMMENTS: WhenComments = { keyTail: '', header: [], items: [] };

/**
 * Reads the comments of the lines `from`…`to` (absolute) of a `when` whose key is on line `key`;
 * `items` is the block sequence whose items get their own comments (conditions, cells, operands).
 */
export function readComments(
  doc: DocLines,
  key: number,
  to: number,
  items: YSeq | undefined,
): WhenComments {
  const keyTail = splitComment(doc.lines[key] ?? '').tail;
  const header: string[] = [];
  const own = new Set<number>();
  const perItem: ItemComments[] = [];
  if (items && !items.flow) {
    items.items.forEach((item, i) => {
      const next = items.items[i + 1];
      const { first, last } = itemLines(
        doc,
        item,
        next,
        next ? to : Math.min(to, doc.lineOf(Math.max(items.range.start, items.range.end - 1))),
      );
      const lead: string[] = [];
      for (let l = first - 1; l > key && isComment(doc.lines[l] ?? ''); l--) {
        lead.unshift((doc.lines[l] ?? '').trim());
        own.add(l);
      }
      let tail = '';
      for (let l = first; l <= last; l++) {
        const t = splitComment(doc.lines[l] ?? '').tail;
        if (!t) continue;
        own.add(l);
        if (tail) header.push(tailComment(tail));
        tail = t;
      }
      perItem.push({ lead, tail });
    });
  }
  for (let l = key + 1; l <= to; l++) {
    if (own.has(l)) continue;
    const line = doc.lines[l] ?? '';
    if (isComment(line)) header.push(line.trim());
    else {
      const t = splitComment(line).tail;
      if (t) header.push(tailComment(t));
    }
  }
  return { keyTail, header, items: perItem };
}

/** All comments as full lines (where a form has no place for them one by one). */
export function flatten(c: WhenComments): string[] {
  return [
    ...c.header,
    ...c.items.flatMap((i) => [...i.lead, ...(i.tail ? [tailComment(i.tail)] : [])]),
  ];
}

/** The sequence whose items carry comments: Simple `conditions`, an Expression's root and/or. */
export function commentItems(when: YNode | undefined): YSeq | undefined {
  if (!isMap(when)) return undefined;
  const conditions = get(when, 'conditions');
  if (isSeq(conditions)) return conditions;
  const expr = get(when, 'expr');
  if (isMap(expr) && expr.items.length === 1) {
    const v = expr.items[0]?.value;
    if ((expr.items[0]?.key === 'and' || expr.items[0]?.key === 'or') && isSeq(v)) return v;
    // One condition written as one node: that node is the one item.
    if (!expr.flow) return { kind: 'seq', items: [expr], flow: false, range: expr.range };
  }
  return undefined;
}

/**
 * The operators as written in `items` (Simple conditions' `operator`, or table cells' first
 * element; "-" cells skipped), when there are `count` of them, one line each and no comment.
 */
export function operatorSpellings(
  doc: DocLines,
  items: readonly YNode[],
  count: number,
): OperatorSpelling | undefined {
  const texts: string[] = [];
  for (const item of items) {
    const op = isMap(item) ? get(item, 'operator') : isSeq(item) ? item.items[0] : undefined;
    if (isScalar(item)) continue;
    if (!isScalar(op)) return undefined;
    const text = doc.slice(op.range);
    if (text.includes('\n') || splitComment(text).tail) return undefined;
    texts.push(text);
  }
  return texts.length === count ? (i) => texts[i] : undefined;
}

/** How many operands of the root and/or a Simple condition is (a guarded one is two under AND). */
export function operandCount(c: SimpleCondition, logic: 'AND' | 'OR'): number {
  const op = SIMPLE_OPERATORS.find((o) => o.name === c.operator);
  const guarded = op?.compile.startsWith('guarded') ?? false;
  return logic === 'AND' && guarded && !c.modifier ? 2 : 1;
}

/** Item comments regrouped from one item list to another (`sizes[i]` source items per target item). */
export function regroup(
  items: readonly ItemComments[],
  sizes: readonly number[],
): ItemComments[] | null {
  if (sizes.reduce((a, b) => a + b, 0) !== items.length) return null;
  const out: ItemComments[] = [];
  let k = 0;
  for (const size of sizes) {
    const group = items.slice(k, k + size);
    k += size;
    const lead = group.flatMap((g, i) => (i === 0 ? g.lead : [...g.lead]));
    const tails = group.map((g) => g.tail).filter((t) => t !== '');
    // Several tails in one group: the last stays a tail, the others become lines above.
    out.push({
      lead: [...lead, ...tails.slice(0, -1).map(tailComment)],
      tail: tails.at(-1) ?? '',
    });
  }
  return out;
}

/**
 * Item comments of a source `when` arranged for the target's items. Simple conditions and the
 * root operands of the same tree correspond one to one, except a guarded condition (not_in,
 * length_gt …) under AND, which is two operands.
 */
export function arrange(
  comments: WhenComments,
  fromSimple: SimpleWhen | null,
  toSimple: SimpleWhen | null,
): WhenComments {
  if (comments.items.length === 0) return comments;
  const conditions = (w: SimpleWhen | null) => (w && w.kind === 'conditions' ? w : null);
  const from = conditions(fromSimple);
  const to = conditions(toSimple);
  let items: ItemComments[] | null = [...comments.items];
  if (from && !to) {
    // Simple → Expression: a condition's comments go to its first/last operand.
    const sizes = from.conditions.map((c) => operandCount(c, from.logic));
    const spread: ItemComments[] = [];
    from.conditions.forEach((_, i) => {
      const c = comments.items[i];
      const n = sizes[i] ?? 1;
      for (let k = 0; k < n; k++)
        spread.push({
          lead: k === 0 ? (c?.lead ?? []) : [],
          tail: k === n - 1 ? (c?.tail ?? '') : '',
        });
    });
    items = comments.items.length === from.conditions.length ? spread : null;
  } else if (!from && to) {
    items = regroup(
      comments.items,
      to.conditions.map((c) => operandCount(c, to.logic)),
    );
  }
  return items
    ? { ...comments, items }
    : { keyTail: comments.keyTail, header: flatten(comments), items: [] };
}
