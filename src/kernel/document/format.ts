import { diagnostic } from '../diagnostics/codes';
import type { Diagnostic, Range } from '../diagnostics/diagnostic';
import type { SourceText } from '../diagnostics/source-text';
import type { YMap, YNode, YScalar } from './ynode';

/**
 * §2.3 format conventions, as warnings (ruling in docs/interpretations.md): string values in
 * double quotes, enum keywords / numbers / booleans bare, 2-space indentation. JSON input is
 * exempt (JSON is an equivalent carrier, §2.4 ①).
 *
 * Keyword positions (bare is right, quoted is tolerated with an info): the values of these keys,
 * and the first item of a table cell / date_part / aggregate list. Items of `tags` are labels:
 * bare or quoted, no diagnostic.
 */
/** Keys whose value is an enum keyword, written bare (§2.3). Also read by projection/raw.ts. */
export const KEYWORD_KEYS: ReadonlySet<string> = new Set([
  'then',
  'decision',
  'override',
  'logic',
  'operator',
  'kind',
  'category',
  'fn',
  'part',
  // A decision-table column's declared type (I-91): number, string, boolean, date, list.
  'type',
]);
/** Lists whose first item is a keyword (`date_part: [month, …]`, `aggregate: [sum, …]`). */
export const KEYWORD_FIRST_ITEM: ReadonlySet<string> = new Set(['date_part', 'aggregate']);
/** Prose fields may use block scalars (| or >) for multi-line text. */
const PROSE_KEYS = new Set([
  'description',
  'message',
  'instruction',
  'correction',
  'explanation',
  'alternative',
  'legal_basis',
  'source_text',
  'gloss',
  'zh',
  'en',
]);

/** 'free': labels (the items of `tags`), which may be written bare or quoted. */
type Position = 'keyword' | 'prose' | 'value' | 'free';

/**
 * The §2.3 diagnostics of a document, in walk order. `skipItemsOf`: a block sequence whose items
 * are not walked (the incremental compiler checks each rule item with `checkFormatItem`).
 */
export function checkFormat(source: SourceText, root: YMap, skipItemsOf?: YNode): Diagnostic[] {
  const out: Diagnostic[] = [];
  const { walk } = formatWalker(source, out, skipItemsOf);
  if (columnOf(source, root.range.start) !== 1)
    out.push(
      diagnostic('ERDL-W702', lineRange(source, root.range), {
        actual: columnOf(source, root.range.start) - 1,
      }),
    );
  walk(root, 'value', null);
  return out;
}

/**
 * What `checkFormat` reports while walking one item of the top-level block sequence `rules`
 * (value position, no keyword or label semantics), given the same source positions.
 */
export function checkFormatItem(source: SourceText, item: YNode): Diagnostic[] {
  const out: Diagnostic[] = [];
  const { walk, indent } = formatWalker(source, out);
  indent(item, dashColumn(source, item));
  walk(item, 'value', null);
  return out;
}

const columnOf = (source: SourceText, offset: number) => source.column(offset);

function formatWalker(source: SourceText, out: Diagnostic[], skipItemsOf?: YNode) {
  const column = (offset: number) => columnOf(source, offset);

  const scalar = (n: YScalar, pos: Position) => {
    if (typeof n.value !== 'string' || pos === 'free') return;
    if (pos === 'keyword') {
      if (n.style !== 'plain' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(n.value)) {
        out.push(
          diagnostic(
            'ERDL-I703',
            n.range,
            { value: n.value },
            {
              title: { en: 'Remove the quotes', zh: '去掉引号' },
              edits: [{ range: written(n), newText: n.value }],
            },
          ),
        );
      }
      return;
    }
    if (n.style === 'double' || (n.style === 'block' && pos === 'prose')) return;
    out.push(
      diagnostic(
        'ERDL-W701',
        written(n),
        {},
        {
          title: { en: 'Use double quotes', zh: '改用双引号' },
          edits: [{ range: written(n), newText: JSON.stringify(n.value) }],
        },
      ),
    );
  };

  /** The scalar's text without the line break(s) a block scalar's range ends with. */
  const written = (n: YScalar): Range => {
    let end = n.range.end;
    if (n.style === 'block')
      while (end > n.range.start && /[\r\n \t]/.test(source.text[end - 1] ?? '')) end--;
    return { start: n.range.start, end };
  };

  /** Block collections must sit 2 columns right of their parent (key or `-`). */
  const indent = (child: YNode, parentColumn: number) => {
    if (!isBlock(child)) return;
    const actual = column(child.range.start) - parentColumn;
    if (actual !== 2) out.push(diagnostic('ERDL-W702', lineRange(source, child.range), { actual }));
  };

  const walk = (n: YNode, pos: Position, key: string | null) => {
    if (n.kind === 'scalar') return scalar(n, pos);
    if (n.kind === 'map') {
      for (const p of n.items) {
        // An alias expands to the node it names, written (and checked) earlier in the text.
        if (p.value.range.start < p.keyNode.range.start) continue;
        // (Only block collections have an indentation to check: no position looked up for others.)
        if (!n.flow && isBlock(p.value)) indent(p.value, column(p.keyNode.range.start));
        const childPos: Position = KEYWORD_KEYS.has(p.key)
          ? 'keyword'
          : PROSE_KEYS.has(p.key)
            ? 'prose'
            : pos === 'prose'
              ? 'prose'
              : 'value';
        walk(p.value, childPos, p.key);
      }
      return;
    }
    if (n === skipItemsOf) return;
    for (let i = 0; i < n.items.length; i++) {
      const item = n.items[i] as YNode;
      if (item.range.start < n.range.start) continue;
      if (!n.flow && isBlock(item)) indent(item, dashColumn(source, item));
      const keyword = i === 0 && key !== null && (key === 'cell' || KEYWORD_FIRST_ITEM.has(key));
      const itemPos: Position =
        key === 'tags' ? 'free' : keyword ? 'keyword' : pos === 'prose' ? 'prose' : 'value';
      // The items of a table row's `when` are cells: [operator, value].
      walk(item, itemPos, key === 'when' ? 'cell' : null);
    }
  };
  return { walk, indent };
}

/** A block mapping or sequence: what `indent` checks. */
const isBlock = (n: YNode): boolean => n.kind !== 'scalar' && !n.flow;

/** Column of the `-` introducing a block sequence item (the item's first line, before its text). */
function dashColumn(source: SourceText, item: YNode): number {
  const at = item.range.start;
  const column = source.column(at);
  const start = at - (column - 1);
  // The last '-' before the item on its line (its 0-based column there, + 1), if any.
  const dash = at > start ? source.text.lastIndexOf('-', at - 1) : -1;
  return dash < start ? column - 2 : dash - start + 1;
}

function lineRange(source: SourceText, r: Range): Range {
  const { line } = source.position(r.start);
  return { start: source.lineStart(line), end: r.start };
}
