// A long decision table's rule item parsed row by row (table-rows.ts) reads exactly as the item
// parsed whole — the same nodes with the same ranges, node count and depth — or is refused (then
// the item is parsed whole). Differential properties over tables with unusual rows (comments and
// blank lines at any column, block scalars, multi-line flows, rows written `-` alone, keys after
// the rows, duplicate keys, rows that do not parse), and whole compiles on the editing path after
// random edits of such tables.
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateWideTable } from '../../../bench/generate-wide-table';
import { compileDocument } from '../compile';
import { loadFragment } from '../document/load';
import { clearTableAnalysisMemos } from '../table-analysis/report';
import { headerLines } from '../test-support';
import { createIncrementalCompiler } from './compiler';
import { Lru } from './lru';
import { type ParsedRow, parseByRows, reach } from './table-rows';
import { sourceRanges, withoutMap } from './test-support';

/** Row bodies (after `- `; later lines indented two more than the `-` by the caller). */
const ROWS: readonly (readonly string[])[] = [
  ['when: [[gte, 1], "-"]', 'then: NOTIFY', 'message: "Row"'],
  ['when: [[lt, 5], [eq, "x"]]', 'then: DENY', 'message: "Deny"'],
  ['when: ["-", "-"]', 'then: ALLOW'],
  ['name: "r-named"', 'when: [[gte, 2], "-"]', 'then: NOTIFY', 'message: "Named"'],
  ['when: [[gte, 3],', '  "-"]', 'then: NOTIFY', 'message: "Two lines"'],
  ['when: [[gte, 4], "-"]', 'then: NOTIFY', 'message: |', '  block', '  text'],
  ['when: [[gte, 5], "-"]', 'then: NOTIFY', 'message: >-', '  folded', '', '  more'],
  ['when: [[gte, 6], "-"]  # trailing comment', 'then: NOTIFY', 'message: "c"'],
  ['when: [[gte, 7], "-"]', 'then: NOTIFY', 'then: DENY'],
  ['when: [[gte, 8], "-"', 'then: NOTIFY'],
  ['when: []', 'then: ALLOW'],
  ['', 'when: [[gte, 9], "-"]', 'then: NOTIFY', 'message: "dash alone"'],
  ['when: [[gte, 10], "-"]', 'then: NOTIFY', 'message: "two', '  lines"'],
  ['when: [[gte, 11], "-"]', 'then: NOTIFY', 'priority: 3', 'message: "p"'],
];
/** A row, now and then one that does not parse alone (duplicate key, unclosed list). */
const BAD = [8, 9];
const ROW = fc.oneof(
  {
    arbitrary: fc.constantFrom(...[...ROWS.keys()].filter((i) => !BAD.includes(i))),
    weight: 400,
  },
  { arbitrary: fc.constantFrom(...BAD), weight: 1 },
);
/** Lines between rows: comments and blanks at any column. */
const GAP = fc.oneof(
  fc.nat(12).map((c) => `${' '.repeat(c)}# c`),
  fc.nat(12).map((c) => ' '.repeat(c)),
);
/** What may follow the rows inside the item (the first ones end the rows list: refused). */
const TAILS = ['', '', '', '    unless: "true"\n', '    message: "after"\n', '      # end\n'];

const row = (body: readonly string[], q: number) =>
  body
    .map((l, i) =>
      i === 0
        ? `${' '.repeat(q)}-${l === '' ? '' : ` ${l}`}`
        : l === ''
          ? ''
          : `${' '.repeat(q + 2)}${l}`,
    )
    .join('\n');

const tableArb = fc.record({
  rows: fc.array(fc.tuple(ROW, fc.array(GAP, { maxLength: 2 })), {
    minLength: 14,
    maxLength: 30,
  }),
  q: fc.constantFrom(6, 8),
  afterKey: fc.constantFrom('', '  # rows', ' '),
  tail: fc.constantFrom(...TAILS),
  next: fc.boolean(),
});

function documentOf(t: TableSpec): string {
  const lines = [
    ...headerLines(),
    '  - name: "TST-100-table"',
    '    description: "rows: in a description"',
    '    when:',
    '      kind: decision_table',
    '      columns:',
    '        - field: "context.a"',
    '        - field: "context.b"',
    `      rows:${t.afterKey}`,
  ];
  let text = `${lines.join('\n')}\n`;
  for (const [b, gaps] of t.rows) {
    text += `${row(ROWS[b] as string[], t.q)}\n${gaps.map((g) => `${g}\n`).join('')}`;
  }
  text += t.tail;
  if (t.next)
    text += '  - name: "TST-101-next"\n    when: "true"\n    then: NOTIFY\n    message: "n"\n';
  return text;
}

interface TableSpec {
  readonly rows: readonly (readonly [number, readonly string[]])[];
  readonly q: number;
  readonly afterKey: string;
  readonly tail: string;
  readonly next: boolean;
}

/** The first rule item's text, and whether it is the last item. */
function firstItem(text: string): { item: string; last: boolean } {
  const start = text.indexOf('  - name: "TST-100-table"');
  const next = text.indexOf('  - name: "TST-101-next"');
  return next === -1
    ? { item: text.slice(start), last: true }
    : { item: text.slice(start, next), last: false };
}

const whole = (last: boolean) => (t: string) => loadFragment(last ? t : `${t}  - x`);

describe('a decision table parsed by rows reads as the item parsed whole', () => {
  it('same nodes, ranges, node count and depth, or refused', { timeout: 120_000 }, () => {
    let byRows = 0;
    let refused = 0;
    fc.assert(
      fc.property(tableArb, (t) => {
        const { item, last } = firstItem(documentOf(t));
        const cache = new Lru<string, ParsedRow | null>(1000);
        const got = parseByRows(item, whole(last), cache);
        const f = whole(last)(item);
        if (!got) {
          refused++;
          return;
        }
        byRows++;
        expect(f, 'the whole item parses when its rows do').not.toBeNull();
        const seq = f?.node;
        expect(seq?.kind).toBe('seq');
        const wantItem = seq?.kind === 'seq' ? seq.items[0] : null;
        const want = {
          item: wantItem,
          seq: f?.yamlRange,
          nodes: f?.nodes,
          depth: f?.depth,
          // Where the furthest range ends, as a walk of the whole item finds it.
          reach: wantItem ? reach(wantItem) : null,
        };
        expect(isDeepStrictEqual(got, want), JSON.stringify(item)).toBe(true);
        // Again from the cache (the rows' nodes are shared, placed anew).
        expect(isDeepStrictEqual(parseByRows(item, whole(last), cache), want)).toBe(true);
      }),
      { numRuns: 400, seed: 21 },
    );
    expect(byRows).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(20);
  });

  it('whole compiles agree after random edits of long tables', { timeout: 120_000 }, () => {
    const base = generateWideTable(40, 4);
    const rowsAt = base.indexOf('      rows:');
    const edit = fc.tuple(
      fc.nat(),
      fc.constantFrom(
        '',
        '-',
        '"-"',
        '[gte, 7]',
        '\n',
        '\n        - when: []',
        '  ',
        '#',
        ':',
        ']',
      ),
      fc.nat(3),
    );
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 8 }), (edits) => {
        const compiler = createIncrementalCompiler();
        let text = base;
        for (const [at, s, drop] of [[0, '', 0] as const, ...edits]) {
          const i = rowsAt + (at % (text.length - rowsAt));
          text = text.slice(0, i) + s + text.slice(i + drop);
          const got = compiler.compile(text);
          clearTableAnalysisMemos();
          const want = compileDocument(text);
          expect(withoutMap(got), JSON.stringify(text)).toStrictEqual(withoutMap(want));
          expect(sourceRanges(got)).toStrictEqual(sourceRanges(want));
        }
      }),
      { numRuns: 30, seed: 23 },
    );
  });
});
