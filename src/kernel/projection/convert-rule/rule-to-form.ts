import { get } from '../../document/ynode';
import type { Refusal } from '../refusal';
import { entryText } from './assemble';
import { arrange, commentItems, readComments } from './comments';
import { type Context, chunk, type EntryText } from './entries';
import { formOf, itemIndentOf, simpleFromTreeIfSimple, withItemLines, writeWhen } from './forms';
import type { Built } from './result';

/** A Simple / Expression rule entry rewritten in the other of the two forms. */
export function ruleToForm(ctx: Context, e: EntryText, to: 'simple' | 'expr'): Built {
  const r = e.rules[0];
  const whenChunk = chunk(e, 'when');
  if (!r || !whenChunk) return { ok: false, refusals: [] };
  const refusals: Refusal[] = [];
  const chunks: string[][] = [];
  for (const c of e.chunks) {
    if (c.key !== 'when' && c.key !== 'unless') {
      chunks.push([...c.lines]);
      continue;
    }
    const tree = c.key === 'when' ? r.when : r.unless;
    if (!tree) {
      chunks.push([...c.lines]);
      continue;
    }
    const f = formOf(tree, to, e.name, c.key, ctx.lit);
    if (!f.ok) {
      refusals.push(f.refusal);
      continue;
    }
    const node = get(e.node, c.key);
    const from = simpleFromTreeIfSimple(node, tree);
    const key = ctx.doc.lineOf(
      (e.node.items.find((p) => p.key === c.key) as { keyNode: { range: { start: number } } })
        .keyNode.range.start,
    );
    const comments = arrange(
      readComments(ctx.doc, key, key + c.lines.length - 1 - c.keyLine, commentItems(node)),
      from,
      f.simple,
    );
    chunks.push(
      writeWhen(
        c.key,
        c.lines.slice(0, c.keyLine),
        c.indent,
        withItemLines(f.value, comments),
        comments,
        itemIndentOf(to, c.indent, tree),
      ),
    );
  }
  if (refusals.length) return { ok: false, refusals };
  return { ok: true, lines: entryText(e.prefix, e.indent, chunks), renames: [] };
}
