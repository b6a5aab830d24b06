/**
 * The GoRules corpus (tests/fixtures/gorules/: the 88 graphs of gorules/zen's test-data/ that hold a
 * decision table, 224 tables): how many tables convert, that each converted table compiles, and
 * that each table not converted says why — by rule and column, or by the table's feature (a loop,
 * an output computed from the fact, hit policy collect). tests/gorules-differential.test.ts runs
 * the converted ones against zen-engine.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileDocument } from '../src/kernel';
import { importJdm } from '../src/kernel/table-import';
import { documentHeader } from '../src/kernel/table-import/convert-table';

const DIR = path.join(__dirname, 'fixtures', 'gorules');
type Obj = Record<string, unknown>;

const graphs = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((file) => ({ file, graph: JSON.parse(readFileSync(path.join(DIR, file), 'utf8')) as Obj }));

/** Tables converted today: update when the importer reads more (and say what in the commit). */
const CONVERTED = 151;

describe('the GoRules corpus', () => {
  const results = graphs.flatMap(({ file, graph }) => {
    const nodes = (graph.nodes as Obj[]).filter((n) => n.type === 'decisionTableNode');
    return importJdm(graph, file).tables.map((t, i) => ({
      file,
      table: t,
      content: (nodes[i] as Obj).content as Obj,
    }));
  });

  it(`has 88 graphs and 224 tables, of which ${CONVERTED} convert`, () => {
    expect(graphs.length).toBe(88);
    expect(results.length).toBe(224);
    const converted = results.filter((r) => r.table.entry !== null).length;
    console.log(`gorules-corpus: ${converted} of ${results.length} tables convert`);
    expect(converted).toBe(CONVERTED);
  });

  it('every converted table compiles without an error', () => {
    for (const { file, table } of results) {
      if (!table.entry) continue;
      const compiled = compileDocument(documentHeader(table.name, 'corpus') + table.entry);
      const errors = compiled.diagnostics.filter((d) => d.severity === 'error');
      expect(errors.map((d) => `${file} ${table.name}: ${d.message.en}`)).toEqual([]);
    }
  });

  it('every table not converted names its reason in both languages', () => {
    for (const { file, table } of results) {
      if (table.entry) continue;
      const errors = table.notes.filter((n) => n.level === 'error');
      expect(errors.length, `${file} ${table.name}`).toBeGreaterThan(0);
      for (const e of errors) {
        expect(e.message.en.length).toBeGreaterThan(10);
        expect(e.message.zh).toMatch(/[\u4e00-\u9fff]/);
      }
    }
  });

  it('never reads a loop, an inputField or an output expression silently', () => {
    for (const { file, table, content } of results) {
      const where = `${file} ${table.name}`;
      const errors = table.notes.filter((n) => n.level === 'error').map((n) => n.message.en);
      if (content.executionMode === 'loop') {
        expect(table.entry, where).toBeNull();
        expect(errors.some((e) => e.startsWith('executionMode "loop" is not converted'))).toBe(
          true,
        );
      }
      // An output cell that is not a literal refuses the table: the first five are named by rule
      // and output, the rest counted.
      const refusedRules = new Set(
        errors.flatMap((e) => /^rule (\d+), output /.exec(e)?.[1] ?? []).map(Number),
      );
      const more = Number(
        /^and ([\d,]+) more output cells/
          .exec(errors.find((e) => e.startsWith('and ')) ?? '')?.[1]
          ?.replace(/,/g, '') ?? 0,
      );
      let expressions = 0;
      const outputs = content.outputs as Obj[];
      for (const [n, rule] of (content.rules as Obj[]).entries())
        for (const o of outputs) {
          const cell = String(rule[o.id as string] ?? '').trim();
          if (
            cell === '' ||
            /^(?:'[^']*'|"[^"]*"|-?\d[\d_]*(?:\.\d+)?|true|false|null)$/.test(cell)
          )
            continue;
          if (/^[[{]/.test(cell)) continue;
          expect(table.entry, `${where}: ${cell}`).toBeNull();
          if (++expressions <= 5)
            expect(refusedRules.has(n + 1), `${where} rule ${n + 1}: ${cell}`).toBe(true);
        }
      expect(more, where).toBe(Math.max(0, expressions - 5));
      // No converted message carries GoRules' quotes around a value.
      if (table.entry) expect(table.entry, where).not.toMatch(/: '[^']*'(?:;|")/);
    }
  });

  it('names the nodes that feed a table (a chain) in its report', () => {
    const chained = results.filter(({ table }) =>
      table.notes.some((n) => n.message.en.startsWith('the table reads the output of ')),
    );
    expect(chained.length).toBeGreaterThan(0);
  });
});
