import type { Bilingual } from '../../diagnostics/diagnostic';
import { get, isMap, isScalar, isSeq, type YMap, type YSeq } from '../../document/ynode';
import { type RuleMapping, unconditionalRow } from '../convert';
import {
  type Chunk,
  chunksOf,
  isComment,
  itemLines,
  shift,
  splitComment,
  tailComment,
} from '../entry-text';
import { type Refusal, reason } from '../refusal';
import { simpleFromTree } from '../to-simple';
import { entryText, insertOrdered, renamed } from './assemble';
import { arrange, operatorSpellings, readComments, type WhenComments } from './comments';
import { type Context, chunk, type EntryText } from './entries';
import { formOf, itemIndentOf, withItemLines, writeWhen } from './forms';
import { ruleNameOfRow } from './names';
import type { Built } from './result';

/** A table entry split into one rule per row, in the target form. */
export function tableToRules(
  ctx: Context,
  e: EntryText,
  to: 'simple' | 'expr',
  taken: Set<string>,
): Built {
  const whenNode = get(e.node, 'when') as YMap;
  const rowsNode = get(whenNode, 'rows') as YSeq;
  const whenChunk = chunk(e, 'when') as Chunk;
  const whenKey = ctx.doc.lineOf(
    (e.node.items.find((p) => p.key === 'when') as { keyNode: { range: { start: number } } })
      .keyNode.range.start,
  );
  const whenEnd = whenKey + whenChunk.lines.length - 1 - whenChunk.keyLine;
  const rowLines = rowsNode.items.map((row, i) =>
    itemLines(ctx.doc, row, rowsNode.items[i + 1], whenEnd),
  );
  // Comments of the table outside its rows (above kind, columns …) go above the first rule's when.
  const inRows = new Set<number>();
  rowLines.forEach(({ first, last }) => {
    for (let l = first; l <= last; l++) inRows.add(l);
    for (let l = first - 1; l > whenKey && isComment(ctx.doc.lines[l] ?? ''); l--) inRows.add(l);
  });
  const tableHeader: string[] = [];
  const keyTail = splitComment(ctx.doc.lines[whenKey] ?? '').tail;
  if (keyTail) tableHeader.push(tailComment(keyTail));
  for (let l = whenKey + 1; l <= whenEnd; l++) {
    if (inRows.has(l)) continue;
    const line = ctx.doc.lines[l] ?? '';
    if (isComment(line)) tableHeader.push(line.trim());
    else if (splitComment(line).tail) tableHeader.push(tailComment(splitComment(line).tail));
  }

  const refusals: Refusal[] = [];
  const out: string[] = [];
  const renames: RuleMapping[] = [];
  e.rules.forEach((r, i) => {
    const unconditional = unconditionalRow(r);
    if (unconditional) {
      refusals.push(unconditional);
      return;
    }
    const row = rowsNode.items[i] as YMap;
    const { first, last } = rowLines[i] as { first: number; last: number };
    const rowChunks = chunksOf(ctx.doc, row, first, last);
    const name = ruleNameOfRow(e.name, i + 1, r.rowName);
    if (name !== e.name && taken.has(name)) {
      refusals.push({
        rule: r.name,
        ...reason(
          'rules/name-collision',
          `row ${i + 1} would become the rule ${name}, but the document already has a rule of that name`,
          `第 ${i + 1} 行将成为规则 ${name}，但文档中已有同名规则`,
        ),
      });
      return;
    }
    taken.add(name);
    if (name !== r.name) renames.push({ from: r.name, to: name });
    const rowCells = row.items.find((p) => p.key === 'when')?.value;
    const conditionCount = isSeq(rowCells)
      ? rowCells.items.filter((c) => !(isScalar(c) && c.value === '-')).length
      : 0;
    const ops = isSeq(rowCells)
      ? operatorSpellings(ctx.doc, rowCells.items, conditionCount)
      : undefined;
    const f = formOf(r.when, to, r.name, 'when', ctx.lit, ops);
    if (!f.ok) {
      refusals.push(f.refusal);
      return;
    }
    // The row's comments: above it → above the rule's when; per cell → per condition.
    const rowWhen = row.items.find((p) => p.key === 'when');
    const rowWhenLine = rowWhen ? ctx.doc.lineOf(rowWhen.keyNode.range.start) : first;
    const rowWhenChunk = rowChunks.find((c) => c.key === 'when');
    const cellsNode = rowWhen?.value;
    const cellComments = readComments(
      ctx.doc,
      rowWhenLine,
      rowWhenLine + (rowWhenChunk ? rowWhenChunk.lines.length - 1 - rowWhenChunk.keyLine : 0),
      isSeq(cellsNode) ? cellsNode : undefined,
    );
    const lead: string[] = [];
    for (let l = first - 1; l > whenKey && isComment(ctx.doc.lines[l] ?? ''); l--)
      lead.unshift((ctx.doc.lines[l] ?? '').trim());
    const anyCell = isSeq(cellsNode)
      ? cellsNode.items.map((c) => isScalar(c) && c.value === '-')
      : [];
    const items = cellComments.items.filter((_, k) => !anyCell[k]);
    const stray = cellComments.items.filter((_, k) => anyCell[k]);
    let comments: WhenComments = {
      keyTail: cellComments.keyTail,
      header: [
        ...(i === 0 ? tableHeader : []),
        ...lead,
        ...cellComments.header,
        ...stray.flatMap((s) => [...s.lead, ...(s.tail ? [tailComment(s.tail)] : [])]),
      ],
      items,
    };
    const cellsSimple = simpleFromTree(r.when);
    comments = arrange(comments, cellsSimple.ok ? cellsSimple.when : null, f.simple);
    const chunks: { key: string; lines: string[] }[] = [];
    for (const c of e.chunks) {
      if (c.key === 'name')
        chunks.push({ key: c.key, lines: renamed(e, c, name, ctx.doc, get(row, 'name')) });
      else if (c.key === 'when') {
        chunks.push({
          key: 'when',
          lines: writeWhen(
            'when',
            c.lines.slice(0, c.keyLine),
            c.indent,
            withItemLines(f.value, comments),
            comments,
            itemIndentOf(to, c.indent, r.when),
          ),
        });
      } else chunks.push({ key: c.key, lines: [...c.lines] });
    }
    // The row's then and texts (with the comments above them), at the entry's indentation.
    for (const rc of rowChunks) {
      if (rc.key === 'name' || rc.key === 'when' || rc.key === 'priority') continue;
      const lines = shift(rc.lines, e.indent - rc.indent);
      const at = chunks.findIndex((c) => c.key === rc.key);
      if (at >= 0) chunks[at] = { key: rc.key, lines };
      else insertOrdered(chunks, rc.key, lines);
    }
    out.push(
      ...entryText(
        e.prefix,
        e.indent,
        chunks.map((c) => c.lines),
      ),
    );
  });
  if (refusals.length) return { ok: false, refusals };
  const columns = get(whenNode, 'columns');
  const labels = isSeq(columns)
    ? columns.items.flatMap((c) => {
        const label = isMap(c) ? get(c, 'label') : undefined;
        return label ? [ctx.doc.slice(label.range)] : [];
      })
    : [];
  const notes: Bilingual[] = labels.length
    ? [
        {
          en: `Column labels (${labels.join(', ')}) have no place in a rule and are not kept.`,
          zh: `列标签（${labels.join('、')}）在规则中没有对应位置，不会保留。`,
        },
      ]
    : [];
  // A column's declared type (I-91) is the grid's, not a rule's: said, like the labels.
  const types = isSeq(columns)
    ? columns.items.flatMap((c) => {
        const type = isMap(c) ? get(c, 'type') : undefined;
        return type ? [ctx.doc.slice(type.range)] : [];
      })
    : [];
  if (types.length)
    notes.push({
      en: `Column types (${types.join(', ')}) have no place in a rule and are not kept.`,
      zh: `列类型（${types.join('、')}）在规则中没有对应位置，不会保留。`,
    });
  return { ok: true, lines: out, renames, notes };
}
