import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { applyTextEdits } from '../kernel/table-edit';
import { KernelService } from './kernel-service';

const LOAN = readFileSync(
  new URL('../studio/examples/loan-decision-table.erdl.yaml', import.meta.url),
  'utf8',
);

describe('the worker table operations', () => {
  it('reads tables, edits one through the worker op, and reads the result', () => {
    const service = new KernelService(() => 0);
    const read = service.tables({ op: 'tables', doc: 'd', text: LOAN });
    expect(read.ok && read.tables[0]?.rows).toHaveLength(5);
    const reply = service.tableEdit({
      op: 'tableEdit',
      doc: 'd',
      text: LOAN,
      entry: 'FIN-201-loan-decision',
      edit: { kind: 'deleteRow', row: 0 },
    });
    if (!reply.ok) throw new Error(reply.messages[0]?.en);
    const after = applyTextEdits(LOAN, reply.edits) as string;
    const again = service.tables({ op: 'tables', doc: 'd', text: after });
    expect(again.ok && again.tables[0]?.rows).toHaveLength(4);
  });

  it('carries the note of an edit that named rows (I-90)', () => {
    const unnamed = readFileSync(
      new URL('../kernel/table-edit/__fixtures__/loan-quoted.erdl.yaml', import.meta.url),
      'utf8',
    );
    const reply = new KernelService(() => 0).tableEdit({
      op: 'tableEdit',
      doc: 'd',
      text: unnamed,
      entry: 'FIN-201-loan-decision',
      edit: { kind: 'moveRow', from: 1, to: 2 },
    });
    expect(reply.ok && reply.note?.zh).toBe(
      '第 1–5 行现在以各自的行号为行名，因此插入、移动或删除行不会改变任何一行的名称，测试集中的引用依然有效。',
    );
  });

  it('answers a broken document and a bad CSV with bilingual messages', () => {
    const service = new KernelService(() => 0);
    const broken = LOAN.replace('then: ALLOW', 'then: "ALLOW');
    expect(service.tables({ op: 'tables', doc: 'd', text: broken }).ok).toBe(false);
    const edit = service.tableEdit({
      op: 'tableEdit',
      doc: 'd',
      text: broken,
      entry: 'FIN-201-loan-decision',
      edit: { kind: 'addRow', at: 0 },
    });
    expect(edit.ok).toBe(false);
    const csv = service.tableEdit({
      op: 'tableEdit',
      doc: 'd',
      text: LOAN,
      entry: '',
      edit: { kind: 'importCsv', csv: 'context.a,then\n-,NOPE\n', name: 'x' },
    });
    expect(csv.ok).toBe(false);
    if (!csv.ok) expect(csv.messages[0]?.zh).toContain('CSV 第 2 行');
  });

  it('makes a test case for a row of the table on screen, and refuses one for a table not there', () => {
    const service = new KernelService(() => 0);
    const request = {
      op: 'scenarioCase' as const,
      doc: 'd',
      text: LOAN,
      entry: 'FIN-201-loan-decision',
      for: { row: '2' },
      asOf: '2026-01-15T09:00:00Z',
    };
    const read = service.tables({ op: 'tables', doc: 'd', text: LOAN });
    const second = read.ok ? read.tables[0]?.rows[1] : undefined;
    const made = service.scenarioCase({ ...request, for: { row: second?.name ?? '2' } });
    if (!made.ok) throw new Error(made.message.en);
    expect(made.expect.decision).toBe('ALLOW');
    expect(made.fact).toEqual({ context: { credit_score: 700, amount: 20000 } });
    const none = service.scenarioCase({ ...request, entry: 'NO-SUCH-TABLE' });
    expect(none.ok).toBe(false);
  });
});
