import { compileDocument } from '../../compile';
import type { Fix } from '../../diagnostics/diagnostic';
import { isScalar, type YNode } from '../../document/ynode';
import { canonicalJson } from '../../tree/canonical';
import { canonicalDocument } from '../../tree/document-hash';
import { RULE_FIELD_ORDER } from '../../vocabulary/document';
import type { RuleMapping } from '../convert';
import { type Chunk, type DocLines, scalarLike } from '../entry-text';
import type { Context, EntryText } from './entries';

/** Assembling an entry's new lines and the checked edit that replaces the old ones. */

export function entryText(
  prefix: string,
  indent: number,
  chunks: readonly (readonly string[])[],
): string[] {
  const lines = chunks.flat();
  if (lines.length > 0) lines[0] = prefix + (lines[0] ?? '').slice(indent);
  return lines;
}

/** `lines` with the `name` value replaced by `name`, in the same quoting. */
export function renamed(
  e: EntryText,
  c: Chunk,
  name: string,
  doc: DocLines,
  like?: YNode,
): string[] {
  const pair = e.node.items.find((p) => p.key === 'name');
  if (!pair || !isScalar(pair.value) || name === e.name) return [...c.lines];
  // A named row's name keeps the quoting it had on the row.
  const style = isScalar(like) ? like : pair.value;
  const start = doc.columnOf(pair.value.range.start);
  const end = start + (pair.value.range.end - pair.value.range.start);
  const lines = [...c.lines];
  const line = lines[c.keyLine] ?? '';
  lines[c.keyLine] = `${line.slice(0, start)}${scalarLike(style, name)}${line.slice(end)}`;
  return lines;
}

/** Inserts `lines` for `key` among `chunks` at its §4.1 position (RULE_FIELD_ORDER). */
export function insertOrdered(
  chunks: { key: string; lines: string[] }[],
  key: string,
  lines: string[],
) {
  const rank = (k: string) => (RULE_FIELD_ORDER as readonly string[]).indexOf(k);
  const at = chunks.findIndex((c) => rank(c.key) > rank(key));
  if (at < 0) chunks.push({ key, lines });
  else chunks.splice(at, 0, { key, lines });
}

/** The checked edit: `replacement` for the lines of `from`…`to`, or why it cannot be offered. */
export function edit(
  ctx: Context,
  from: EntryText,
  to: EntryText,
  replacement: readonly string[],
  renames: readonly RuleMapping[],
): { ok: true; fix: Fix['edits'] } | { ok: false } {
  const { doc } = ctx;
  const range = { start: doc.startOf(from.first), end: doc.endOf(to.last) };
  const newText = replacement.join(doc.newline);
  const edited = doc.text.slice(0, range.start) + newText + doc.text.slice(range.end);
  const check = compileDocument(edited);
  if (!check.document || check.diagnostics.some((d) => d.severity === 'error'))
    return { ok: false };
  const names = new Map(renames.map((m) => [m.from, m.to]));
  const source = ctx.compiled.rules.map((r) => ({ ...r, name: names.get(r.name) ?? r.name }));
  const want = canonicalJson(canonicalDocument(ctx.compiled.metadata, source));
  const got = canonicalJson(canonicalDocument(check.document.metadata, check.document.rules));
  return want === got ? { ok: true, fix: [{ range, newText }] } : { ok: false };
}
