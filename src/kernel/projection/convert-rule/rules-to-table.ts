import type { CompiledRule } from '../../document/compiled';
import { compiledRowName } from '../../document/row-rule-name';
import { get, isMap, isScalar, isSeq } from '../../document/ynode';
import { DECISION_TABLE_KIND } from '../../vocabulary/document';
import { entryFieldRefusals, type RuleMapping } from '../convert';
import { commentLine, isComment, scalarLike, shift } from '../entry-text';
import type { Refusal } from '../refusal';
import { simpleFromTree } from '../to-simple';
import { planTable, rowWhenYV } from '../to-table';
import { flowText, quote } from '../yaml-out';
import { entryText, renamed } from './assemble';
import {
  arrange,
  commentItems,
  flatten,
  type ItemComments,
  NO_COMMENTS,
  operatorSpellings,
  readComments,
} from './comments';
import { type Context, chunk, type EntryText } from './entries';
import { simpleFromTreeIfSimple } from './forms';
import { mergedRowNames, mergedTableName } from './names';
import type { Built } from './result';

/** Consecutive Simple / Expression rule entries merged into one decision-table entry. */
export function rulesToTable(ctx: Context, group: readonly EntryText[]): Built {
  const head = group[0];
  const base = head?.rules[0];
  if (!head || !base) return { ok: false, refusals: [] };
  const rules = group.map((e) => e.rules[0] as CompiledRule);
  const refusals: Refusal[] = entryFieldRefusals(base, rules);
  const planned = planTable(rules.map((r) => ({ rule: r.name, when: r.when })));
  if (!planned.ok) refusals.push(...planned.refusals);
  // Texts: the entry keeps a text every rule has, written the same; otherwise each row carries
  // its own (a row without one then has none, as its rule had none).
  const TEXTS = ['message', 'instruction', 'correction', 'explanation'] as const;
  const body = (e: EntryText, k: string) => {
    const c = chunk(e, k);
    return c ? shift(c.lines.slice(c.keyLine), -c.indent).join('\n') : undefined;
  };
  const shared = new Set(
    TEXTS.filter(
      (k) => body(head, k) !== undefined && group.every((e) => body(e, k) === body(head, k)),
    ),
  );
  if (refusals.length || !planned.ok) return { ok: false, refusals };
  const { plan } = planned;

  const indent = head.indent;
  const pad = (n: number) => ' '.repeat(n);
  const rowIndent = indent + 4;
  const table: string[] = [
    `${pad(indent + 2)}kind: ${DECISION_TABLE_KIND}`,
    `${pad(indent + 2)}columns:`,
    ...plan.columns.map((f) => `${pad(indent + 4)}- field: ${quote(f)}`),
    `${pad(indent + 2)}rows:`,
  ];
  const renames: RuleMapping[] = [];
  const entry = mergedTableName(ctx, group);
  const rowNames = mergedRowNames(
    entry,
    group.map((e) => e.name),
  );
  group.forEach((e, i) => {
    const r = rules[i] as CompiledRule;
    const cells = plan.rows[i] ?? [];
    const node = get(e.node, 'when');
    const whenChunk = chunk(e, 'when');
    const key = ctx.doc.lineOf(
      (e.node.items.find((p) => p.key === 'when') as { keyNode: { range: { start: number } } })
        .keyNode.range.start,
    );
    const raw = whenChunk
      ? readComments(
          ctx.doc,
          key,
          key + whenChunk.lines.length - 1 - whenChunk.keyLine,
          commentItems(node),
        )
      : NO_COMMENTS;
    // A condition's comments go to its cell (conditions are in column order).
    const simple = simpleFromTreeIfSimple(node, r.when);
    const used = cells.flatMap((c, k) => (c ? [k] : []));
    let cellComments: (ItemComments | undefined)[] = [];
    // Comments above the rule's when (not the first rule's: they stay above the table's when).
    const above =
      i > 0 && whenChunk
        ? whenChunk.lines
            .slice(0, whenChunk.keyLine)
            .filter(isComment)
            .map((l) => l.trim())
        : [];
    // An Expression's operand comments, regrouped per condition (= per cell).
    const asConditions = simpleFromTree(r.when);
    const arranged = arrange(raw, simple, asConditions.ok ? asConditions.when : null);
    let lead = [...above, ...arranged.header];
    if (arranged.items.length === used.length) {
      cellComments = cells.map((c, k) => (c ? arranged.items[used.indexOf(k)] : undefined));
    } else lead = [...above, ...flatten(arranged)];
    const conditionsNode = isMap(node) ? get(node, 'conditions') : undefined;
    const ops =
      simple && isSeq(conditionsNode)
        ? operatorSpellings(ctx.doc, conditionsNode.items, used.length)
        : undefined;
    const rowName = rowNames[i];
    const compiledName = compiledRowName(entry, rowName ?? i + 1);
    if (compiledName !== r.name) renames.push({ from: r.name, to: compiledName });
    if (i > 0 && e.rules[0]?.description !== base.description && !rowName)
      lead.push(`# ${e.name}: ${e.rules[0]?.description ?? ''}`.replace(/[\r\n]+/g, ' '));
    table.push(...lead.map((c) => commentLine(c, rowIndent)));
    const nameNode = get(e.node, 'name');
    const fields: string[] = [];
    if (rowName !== undefined)
      fields.push(`name: ${isScalar(nameNode) ? scalarLike(nameNode, rowName) : quote(rowName)}`);
    const commented = cellComments.some((c) => c && (c.lead.length > 0 || c.tail));
    if (commented) {
      fields.push(`when:${raw.keyTail}`);
      cells.forEach((c, k) => {
        const cc = cellComments[k];
        for (const l of cc?.lead ?? []) fields.push(commentLine(l, 2));
        const at = cells.slice(0, k).filter((x) => x).length;
        const one = rowWhenYV([c], ctx.lit, () => ops?.(at));
        fields.push(`  - ${flowText(one).slice(1, -1)}${cc?.tail ?? ''}`);
      });
    } else fields.push(`when: ${flowText(rowWhenYV(cells, ctx.lit, ops))}${raw.keyTail}`);
    fields.forEach((f, k) => {
      table.push(k === 0 ? `${pad(rowIndent)}- ${f}` : `${pad(rowIndent + 2)}${f}`);
    });
    // The rule's then (with the comments above it) moves into the row, and the texts it does not
    // share with the entry.
    const moved = ['then', ...TEXTS.filter((k) => !shared.has(k))];
    for (const k of moved) {
      const c = chunk(e, k);
      if (c) table.push(...shift(c.lines, rowIndent + 2 - c.indent));
    }
  });
  // The entry: the first rule's lines, `when` replaced by the table, `then` gone.
  const chunks = head.chunks
    .filter(
      (c) =>
        (c.key !== 'then' && !(TEXTS as readonly string[]).includes(c.key)) ||
        shared.has(c.key as never),
    )
    .map((c) =>
      c.key === 'when'
        ? [...c.lines.slice(0, c.keyLine), `${pad(c.indent)}when:`, ...table]
        : c.key === 'name' && entry !== head.name
          ? renamed(head, c, entry, ctx.doc)
          : [...c.lines],
    );
  return { ok: true, lines: entryText(head.prefix, head.indent, chunks), renames };
}
