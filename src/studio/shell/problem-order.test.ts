import { describe, expect, it } from 'vitest';
import { orderProblems, viewProblems } from './problem-order';

const d = (severity: 'error' | 'warning' | 'info', id: number) => ({ severity, id });

describe('the Problems list order', () => {
  const list = [
    d('info', 1),
    d('info', 2),
    d('warning', 3),
    d('info', 4),
    d('error', 5),
    d('warning', 6),
  ];
  it('puts errors, then warnings, then notes, keeping document order within each', () => {
    expect(orderProblems(list).map((x) => x.id)).toEqual([5, 3, 6, 1, 2, 4]);
  });
  it('folds the notes only when errors or warnings come first', () => {
    const v = viewProblems(list, 'all');
    expect(v.main.map((x) => x.id)).toEqual([5, 3, 6]);
    expect(v.notes.map((x) => x.id)).toEqual([1, 2, 4]);
    expect(v.notesFolded).toBe(true);
    expect(viewProblems([d('info', 1)], 'all').notesFolded).toBe(false);
  });
  it('filters by severity', () => {
    expect(viewProblems(list, 'warning').main.map((x) => x.id)).toEqual([3, 6]);
    expect(viewProblems(list, 'warning').notes).toEqual([]);
    const notes = viewProblems(list, 'info');
    expect(notes.main).toEqual([]);
    expect(notes.notes.map((x) => x.id)).toEqual([1, 2, 4]);
    expect(notes.notesFolded).toBe(false);
  });
});
