import type { Fix } from '../diagnostics/diagnostic';
import type { SourceText } from '../diagnostics/source-text';
import type { YMap } from './ynode';

/**
 * A fix that rewrites a block mapping with its entries in `order` (unknown keys keep their
 * relative place at the end). Each entry moves with its own lines, comments included, so nothing
 * but the order changes. Returns undefined for flow mappings or entries sharing a line.
 */
export function reorderFix(
  source: SourceText,
  map: YMap,
  order: readonly string[],
  title: Fix['title'],
): Fix | undefined {
  if (map.flow || map.items.length < 2) return undefined;
  const text = source.text;
  const first = map.items[0];
  if (!first) return undefined;
  const indent = source.position(first.keyNode.range.start).column - 1;
  const lines = map.items.map((p) => source.position(p.keyNode.range.start).line);
  if (new Set(lines).size !== lines.length) return undefined;

  // A comment written right above a key, at the key's indentation, belongs to that key and moves
  // with it (a deeper-indented one stays with the value above it).
  const lineText = (line: number) =>
    text.slice(
      source.lineStart(line),
      line < source.lineCount ? source.lineStart(line + 1) : text.length,
    );
  const starts = map.items.map((p, i) => {
    if (i === 0) return p.keyNode.range.start;
    let line = lines[i] as number;
    const keyIndent = source.position(p.keyNode.range.start).column - 1;
    while (line - 1 > (lines[i - 1] as number)) {
      const m = /^([ ]*)#/.exec(lineText(line - 1));
      if (!m || (m[1] as string).length !== keyIndent) break;
      line--;
    }
    return source.lineStart(line);
  });
  const last = map.items[map.items.length - 1];
  if (!last) return undefined;
  const endLine = source.position(
    Math.max(last.value.range.end - 1, last.keyNode.range.start),
  ).line;
  const end = endLine >= source.lineCount ? text.length : source.lineStart(endLine + 1);

  const blocks = map.items.map((p, i) => {
    const from = starts[i] as number;
    const to = i + 1 < starts.length ? (starts[i + 1] as number) : end;
    let block = text.slice(from, to).replace(/^[ ]+/, '');
    if (!block.endsWith('\n')) block += '\n';
    return { key: p.key, block };
  });
  const rank = (k: string) => {
    const i = order.indexOf(k);
    return i === -1 ? order.length : i;
  };
  const sorted = blocks
    .map((b, i) => ({ ...b, i }))
    .sort((a, b) => rank(a.key) - rank(b.key) || a.i - b.i);
  const pad = ' '.repeat(indent);
  let newText = sorted.map((b, i) => (i === 0 ? b.block : pad + b.block)).join('');
  if (!text.slice(starts[0] as number, end).endsWith('\n')) newText = newText.replace(/\n$/, '');
  return { title, edits: [{ range: { start: starts[0] as number, end }, newText }] };
}
