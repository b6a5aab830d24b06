import { describe, expect, it } from 'vitest';
import { Evaluator } from '../../kernel';
import { compileDocument } from '../../kernel/compile';
import { readTables } from '../../kernel/table-edit';
import { cellTruths } from './cell-trace';

const DOC = `protocol: "erdl/v2"
version: "2.1.0"
metadata:
  name: "t"
  description: "t"
  decision: ALLOW
rules:
  - name: "T-1"
    description: "t"
    priority: 10
    when:
      kind: decision_table
      columns:
        - field: "context.a"
        - field: "context.b"
        - field: "context.c"
      rows:
        - when: [["gt", 5], ["not_in", ["x"]], "-"]
          then: ALLOW
        - when: [["lt", 5], "-", ["exists"]]
          then: ALLOW
`;

describe('cell truths from the evaluation trace', () => {
  const compiled = compileDocument(DOC);
  const read = readTables(DOC);
  if (!compiled.document || !read.ok) throw new Error('does not compile');
  const table = read.tables[0];
  const trace = (fact: unknown) =>
    new Evaluator(compiled.document!).evaluate(fact as never, {
      as_of: '2026-01-01T00:00:00Z',
      trace: true,
    }).eval_trace;

  it('maps guarded cells (two flattened nodes) and skips "-" cells', () => {
    const t = trace({ context: { a: 9, b: 'y' } });
    expect(cellTruths(table!.rows[0]!.cells, t.find((r) => r.rule === 'T-1#1')?.when)).toEqual([
      'true',
      'true',
      null,
    ]);
  });

  it('marks a false cell and what short-circuiting left unevaluated', () => {
    const t = trace({ context: { a: 1, b: 'x', c: 1 } });
    expect(cellTruths(table!.rows[0]!.cells, t.find((r) => r.rule === 'T-1#1')?.when)).toEqual([
      'false',
      'not-evaluated',
      null,
    ]);
  });
});
