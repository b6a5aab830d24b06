import type { Range } from '../diagnostics/diagnostic';

/** Line arithmetic over the original text, for edits that add, remove or reorder whole lines. */

export function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** The offset just after the line break ending the line that holds `offset - 1` (or text end). */
export function lineEndAfter(text: string, offset: number): number {
  if (offset > 0 && text[offset - 1] === '\n') return offset;
  const nl = text.indexOf('\n', offset);
  return nl < 0 ? text.length : nl + 1;
}

const isCommentLine = (line: string) => line.trimStart().startsWith('#');

/**
 * The lines of one block-sequence item: from its first own comment line (comments directly above
 * its `-` belong to it) to the end of its last line, line break included.
 */
export interface ItemSpan {
  readonly start: number;
  readonly end: number;
  /** Start of the `-` line. */
  readonly dashLine: number;
  /** Column of the `-`, and of the item's first key. */
  readonly dashColumn: number;
  readonly innerColumn: number;
}

export function itemSpan(text: string, node: Range): ItemSpan | null {
  const dashLine = lineStart(text, node.start);
  const before = text.slice(dashLine, node.start);
  const dash = /^( *)- +$/.exec(before);
  if (!dash) return null;
  let start = dashLine;
  while (start > 0) {
    const previous = lineStart(text, start - 1);
    if (!isCommentLine(text.slice(previous, start))) break;
    start = previous;
  }
  return {
    start,
    end: lineEndAfter(text, node.end),
    dashLine,
    dashColumn: (dash[1] as string).length,
    innerColumn: before.length,
  };
}

/**
 * The text of `region` with the parts at `spans` (in order, disjoint, inside `region`) put in
 * `order` (a permutation of their indices); whatever lies between them stays in place.
 */
export function reorder(
  text: string,
  spans: readonly Range[],
  order: readonly number[],
  lineItems: boolean,
): { range: Range; newText: string } {
  const first = spans[0] as Range;
  const last = spans[spans.length - 1] as Range;
  const endsWithBreak = text[last.end - 1] === '\n';
  const piece = (i: number) => {
    const s = spans[i] as Range;
    const t = text.slice(s.start, s.end);
    return lineItems && !t.endsWith('\n') ? `${t}\n` : t;
  };
  let out = '';
  order.forEach((from, position) => {
    out += piece(from);
    const next = spans[position + 1];
    if (next) out += text.slice((spans[position] as Range).end, next.start);
  });
  if (lineItems && !endsWithBreak) out = out.replace(/\n$/, '');
  return { range: { start: first.start, end: last.end }, newText: out };
}

/** The permutation moving the item at `from` to `to` (both indices into a list of `n`). */
export function moveOrder(n: number, from: number, to: number): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  const [moved] = order.splice(from, 1);
  order.splice(to, 0, moved as number);
  return order;
}
