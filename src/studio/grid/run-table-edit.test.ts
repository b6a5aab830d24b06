import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fillEdit,
  multiCellEdit,
  readTables,
  type TableModel,
  type TableOp,
  tableEdit,
} from '../../kernel/table-edit';
import { firstTable as tableOf } from '../../kernel/test-support';
import type { TableEditRequest } from '../../worker/kernel-protocol';
import { studioStore } from '../store';
import { filterRefusal, filterRows, rowHaystacks } from './layout/row-filter';
import { guardTableEdits, runTableEdit } from './run-table-edit';
import { setGoodRead } from './table-cache';

/** The grid kernel answered by the kernel itself (what the worker runs). */
vi.mock('./grid-kernel', () => ({
  getGridKernel: () => ({
    request: async (_channel: string, request: TableEditRequest) => {
      const outcome = tableEdit(request.text, request.entry, request.edit as TableOp);
      return {
        status: 'done',
        value: outcome.ok
          ? {
              ok: true,
              edits: outcome.edits,
              rejected: outcome.rejected,
              ...(outcome.note ? { note: outcome.note } : {}),
            }
          : { ok: false, messages: [outcome.message] },
      };
    },
  }),
}));

const LOAN = readFileSync(
  new URL('../../kernel/table-edit/__fixtures__/loan-quoted.erdl.yaml', import.meta.url),
  'utf8',
);

/** The loan table as a new document of the store; gives its id. */
const addLoan = () =>
  studioStore.getState().addDocument({
    name: 'loan',
    text: LOAN,
    fact: '{}',
    asOf: '2026-01-01T00:00:00Z',
    temporalState: '',
    cursor: { line: 1, column: 1 },
  });

/**
 * Every grid action is one undo step: the editor turns each text the store is given into one
 * undoable edit of its model (editor-session.ts), so an action must change the text exactly once.
 */
describe('each grid action is one text change (one undo step)', () => {
  let docId = '';
  let changes: string[] = [];
  let unsubscribe = () => {};
  afterEach(() => unsubscribe());
  beforeEach(() => {
    docId = addLoan();
    changes = [];
    unsubscribe = studioStore.subscribe((s, before) => {
      const now = s.documents[docId]?.text;
      if (now !== undefined && now !== before.documents[docId]?.text) changes.push(now);
    });
  });
  const text = () => studioStore.getState().documents[docId]?.text ?? '';
  const entry = 'FIN-201-loan-decision';

  const actions: [string, (t: TableModel) => TableOp][] = [
    ['fill down', (t) => ok(fillEdit(t, { top: 0, bottom: 3, left: 0, right: 1 }, 'down'))],
    ['fill right', (t) => ok(fillEdit(t, { top: 1, bottom: 2, left: 0, right: 1 }, 'right'))],
    [
      'multi-cell edit',
      (t) => ok(multiCellEdit(t, { top: 0, bottom: 2, left: 0, right: 1 }, '>= 1')),
    ],
    [
      'paste',
      () => ({ kind: 'paste', row: 0, column: 0, cells: [['1-5', '<=1,000']], confirm: true }),
    ],
    ['picker commit', () => ({ kind: 'setCell', row: 0, column: 0, cell: { kind: 'any' } })],
    ['add row', () => ({ kind: 'addRow', at: 1, from: 0 })],
    ['delete row', () => ({ kind: 'deleteRow', row: 1 })],
    ['move row', () => ({ kind: 'moveRow', from: 0, to: 2 })],
    ['duplicate row', () => ({ kind: 'duplicateRow', row: 0 })],
  ];

  for (const [name, action] of actions) {
    it(name, async () => {
      const before = text();
      const read = readTables(before);
      if (read.ok) setGoodRead(docId, before, read);
      const result = await runTableEdit(docId, entry, action(tableOf(before)));
      expect(result.ok).toBe(true);
      expect(changes).toHaveLength(1);
      expect(text()).not.toBe(before);
    });
  }
});

describe('row identity (I-90): rows named by their numbers in the same text change, said', () => {
  it('add row on a table with unnamed rows: one text change, the note returned', async () => {
    const docId = addLoan();
    const changes: string[] = [];
    const unsubscribe = studioStore.subscribe((s, before) => {
      const now = s.documents[docId]?.text;
      if (now !== undefined && now !== before.documents[docId]?.text) changes.push(now);
    });
    const result = await runTableEdit(docId, 'FIN-201-loan-decision', {
      kind: 'addRow',
      at: 4,
      from: 3,
    });
    unsubscribe();
    expect(changes).toHaveLength(1);
    expect(tableOf(changes[0] as string).rows.map((r) => r.name)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '6',
      '5',
    ]);
    expect(result.ok && result.note?.en).toMatch(/^Rows 1–5 now carry their numbers as names/);
    // The next edit names nothing more, and says nothing of it.
    const next = await runTableEdit(docId, 'FIN-201-loan-decision', {
      kind: 'moveRow',
      from: 1,
      to: 2,
    });
    expect(next.ok && next.note).toBeUndefined();
  });
});

function ok(edit: ReturnType<typeof fillEdit>): TableOp {
  if (!edit.ok) throw new Error(edit.message.en);
  return edit.op;
}

describe('a table whose rows the grid search hides (issue 36 §7)', () => {
  it('refuses, before anything runs, every edit that could land on a hidden row — whoever asks', async () => {
    const docId = addLoan();
    const entry = 'FIN-201-loan-decision';
    const text = () => studioStore.getState().documents[docId]?.text ?? '';
    const before = text();
    const table = tableOf(before);
    const filter = filterRows(rowHaystacks(table), 'ESCALATE');
    expect(filter?.rows).toEqual([3]);
    guardTableEdits(docId, entry, (edit) => filterRefusal(edit as TableOp, table, filter));
    try {
      for (const op of [
        { kind: 'deleteRow', row: 0 },
        { kind: 'removeDefaultRow', confirm: true },
        { kind: 'addColumn', at: 0, field: 'context.x' },
        { kind: 'setCell', row: 0, column: 0, cell: { kind: 'any' } },
      ] as unknown as TableOp[]) {
        const result = await runTableEdit(docId, entry, op);
        expect(result.ok, op.kind).toBe(false);
        expect(text()).toBe(before);
      }
      // A cell of the row shown is edited.
      const shown = await runTableEdit(docId, entry, {
        kind: 'setCell',
        row: 3,
        column: 1,
        cell: { kind: 'any' },
      });
      expect(shown.ok).toBe(true);
      expect(text()).not.toBe(before);
    } finally {
      guardTableEdits(docId, entry, null);
    }
    const after = text();
    expect((await runTableEdit(docId, entry, { kind: 'deleteRow', row: 0 })).ok).toBe(true);
    expect(text()).not.toBe(after);
  });
});
