import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { applyTextEdits, readTables } from '../kernel/table-edit';
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

  it('reads the text just analysed from its compiler, and any other text from the text', () => {
    const service = new KernelService(() => 0);
    const analyze = (text: string) =>
      service.analyze({ op: 'analyze', doc: 'd', text, dictionary: '', deferHash: true });
    const tables = (text: string) => service.tables({ op: 'tables', doc: 'd', text });
    analyze(LOAN);
    expect(tables(LOAN)).toEqual(readTables(LOAN));
    expect(service.lastTablesRead).toBe('items');
    expect(tables(LOAN)).toEqual(readTables(LOAN));
    expect(service.lastTablesRead).toBe('kept');
    // Typing in the YAML beside the grid: each analysed text is read from the compiler again.
    const after = LOAN.replace('- when: [[lt, 580], "-"]', '- when: [[lt, 585], "-"]');
    expect(after).not.toBe(LOAN);
    analyze(after);
    expect(tables(after)).toEqual(readTables(after));
    expect(service.lastTablesRead).toBe('items');
    // A grid edit reads the text it makes (its check); the `tables` that follows finds it kept.
    const reply = service.tableEdit({
      op: 'tableEdit',
      doc: 'd',
      text: after,
      entry: 'FIN-201-loan-decision',
      edit: { kind: 'duplicateRow', row: 1 },
    });
    if (!reply.ok) throw new Error(reply.messages[0]?.en);
    const edited = applyTextEdits(after, reply.edits) as string;
    analyze(edited);
    expect(tables(edited)).toEqual(readTables(edited));
    expect(service.lastTablesRead).toBe('kept');
    // Not the text analysed last, or a text with errors: read from the text.
    const other = LOAN.replace('message: "', 'message: "x');
    expect(tables(other)).toEqual(readTables(other));
    expect(service.lastTablesRead).toBe('text');
    const invalid = after.replace('then: ALLOW', 'then: ALLOWED');
    analyze(invalid);
    expect(tables(invalid)).toEqual(readTables(invalid));
    expect(service.lastTablesRead).toBe('text');
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
});
