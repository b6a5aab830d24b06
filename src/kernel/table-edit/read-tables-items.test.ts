import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createIncrementalCompiler } from '../incremental';
import { applyTextEdits } from './apply';
import type { TableOp } from './edit-table';
import { readTables, readTablesOfItems } from './read-tables';
import { tableEdit } from './table-edit-op';

/**
 * The worker's `tables` request reads a text that just compiled from the compiler's rule items
 * (readTablesOfItems) instead of loading it again: it must read exactly what readTables reads.
 */

const repo = new URL('../../../', import.meta.url);

function yamlFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? yamlFiles(path) : name.endsWith('.yaml') ? [path] : [];
    });
}

/** Rule documents: the examples, the vectors' documents (as their YAML holds them) and fixtures. */
const CORPUS: readonly { name: string; text: string }[] = [
  ...yamlFiles(new URL('src/studio/examples/', repo).pathname).filter((f) =>
    f.endsWith('.erdl.yaml'),
  ),
  ...yamlFiles(new URL('vectors/canonical/', repo).pathname).filter((f) =>
    f.endsWith('input.erdl.yaml'),
  ),
  ...yamlFiles(new URL('src/kernel/document/__fixtures__/', repo).pathname),
].map((file) => ({ name: file.slice(repo.pathname.length), text: readFileSync(file, 'utf8') }));

/** `rows` rows × 3 columns with a default row: thresholds, lists and "-" cells. */
function table(rows: number): string {
  const lines = [
    'protocol: "erdl/v2"',
    'version: "2.1.0"',
    'metadata:',
    '  name: "t"',
    '  decision: ALLOW',
    'rules:',
    '  - name: "before"',
    '    description: "a Simple rule before the table"',
    '    priority: 5',
    '    when:',
    '      logic: AND',
    '      conditions:',
    '        - field: "tool.name"',
    '          operator: eq',
    '          value: "x"',
    '    then: DENY',
    '    message: "no"',
    '  - name: "T-1"',
    '    description: "the table"',
    '    priority: 1',
    '    when:',
    '      kind: decision_table',
    '      columns:',
    '        - field: "context.a"',
    '        - field: "context.b"',
    '          label: { zh: "乙", en: "b" }',
    '        - field: "context.c"',
    '      rows:',
  ];
  for (let i = 0; i < rows; i++) {
    lines.push(
      `        - when: [[gte, ${i * 10}], ${i % 3 === 0 ? '"-"' : `[in, ["p${i}", "q"]]`}, [eq, ${i % 2 === 0}]]`,
      `          then: ${i % 2 === 0 ? 'DENY' : 'NOTIFY'}`,
      `          message: "Row ${i + 1}"`,
    );
  }
  lines.push('        - when: []', '          then: DENY', '          message: "default"', '');
  return lines.join('\n');
}

const variants = (text: string) => [
  text,
  `\ufeff${text}`,
  text.replace(/\n/g, '\r\n'),
  `# a comment first\n${text}`,
];

describe('readTablesOfItems reads what readTables reads', () => {
  it('on every example, vector document and fixture (with a BOM, CRLF, a leading comment)', () => {
    let compared = 0;
    for (const { name, text } of [...CORPUS, { name: 'table(40)', text: table(40) }]) {
      for (const variant of variants(text)) {
        const compiler = createIncrementalCompiler();
        const items = compiler.items(compiler.compile(variant));
        if (!items) continue;
        expect(readTablesOfItems(variant, items), name).toEqual(readTables(variant));
        compared++;
      }
    }
    // Most of the corpus compiles: the comparison ran, it was not skipped for want of items.
    expect(compared).toBeGreaterThan(CORPUS.length * 2);
  });

  it('after grid edits compiled incrementally (rows moved below the edit, rows added and gone)', () => {
    const op: fc.Arbitrary<TableOp> = fc.oneof(
      fc.record({
        kind: fc.constant('setCell' as const),
        row: fc.nat({ max: 11 }),
        column: fc.constant(0),
        cell: fc.integer({ min: 0, max: 100_000 }).map((n) => ({
          kind: 'condition' as const,
          op: 'gte',
          value: { kind: 'scalar' as const, value: n, source: String(n) },
        })),
      }),
      fc.record({
        kind: fc.constant('setRowText' as const),
        row: fc.nat({ max: 11 }),
        key: fc.constant('message' as const),
        value: fc.string({ maxLength: 12 }),
      }),
      fc.record({ kind: fc.constant('duplicateRow' as const), row: fc.nat({ max: 11 }) }),
      fc.record({ kind: fc.constant('deleteRow' as const), row: fc.nat({ max: 11 }) }),
      fc.record({
        kind: fc.constant('moveRow' as const),
        from: fc.nat({ max: 11 }),
        to: fc.nat({ max: 11 }),
      }),
    );
    let compared = 0;
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 6 }), fc.boolean(), (ops, bom) => {
        const compiler = createIncrementalCompiler();
        let text = `${bom ? '\ufeff' : ''}${table(12)}`;
        compiler.compile(text);
        for (const o of ops) {
          const outcome = tableEdit(text, 'T-1', o);
          if (!outcome.ok) continue;
          text = applyTextEdits(text, outcome.edits) as string;
          const items = compiler.items(compiler.compile(text));
          if (!items) continue;
          expect(readTablesOfItems(text, items)).toEqual(readTables(text));
          compared++;
        }
      }),
      { numRuns: 60 },
    );
    expect(compared).toBeGreaterThan(60);
  });
});
