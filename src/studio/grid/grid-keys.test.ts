import { describe, expect, it } from 'vitest';
import { GRID_KEYS, gridAction, type KeyLike } from './grid-keys';

const key = (k: string, mods: Partial<KeyLike> = {}): KeyLike => ({
  key: k,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe('the grid keyboard map', () => {
  it('moves with arrows, extends with Shift, moves rows and columns with Alt', () => {
    expect(gridAction(key('ArrowDown'))).toEqual({
      kind: 'move',
      rows: 1,
      columns: 0,
      extend: false,
    });
    expect(gridAction(key('ArrowLeft', { shiftKey: true }))).toEqual({
      kind: 'move',
      rows: 0,
      columns: -1,
      extend: true,
    });
    expect(gridAction(key('ArrowUp', { altKey: true }))).toEqual({ kind: 'moveRow', by: -1 });
    expect(gridAction(key('ArrowRight', { altKey: true }))).toEqual({ kind: 'moveColumn', by: 1 });
    expect(gridAction(key('ArrowLeft', { altKey: true, shiftKey: true }))).toEqual({
      kind: 'resizeColumn',
      by: -16,
    });
    expect(gridAction(key('ArrowUp', { altKey: true, shiftKey: true }))).toEqual({
      kind: 'moveRow',
      by: -1,
    });
  });

  it('Tab / Enter with Shift go back; F2 edits; Delete clears', () => {
    expect(gridAction(key('Tab', { shiftKey: true }))).toEqual({ kind: 'next', back: true });
    expect(gridAction(key('Enter'))).toEqual({ kind: 'down', back: false });
    expect(gridAction(key('F2'))).toEqual({ kind: 'edit', initial: null });
    expect(gridAction(key('Delete'))).toEqual({ kind: 'clear' });
  });

  it('leaves every character key to the focus input, which opens the editor with its text', () => {
    // Not read from the key: `≥` (Option+. on a Mac), an AltGr character, an input method's
    // keys and a dead key reach the focus input as text (focus-input.ts).
    expect(gridAction(key('>'))).toBeNull();
    expect(gridAction(key('7'))).toBeNull();
    expect(gridAction(key('≥', { altKey: true }))).toBeNull();
    expect(gridAction(key('€', { ctrlKey: true, altKey: true }))).toBeNull();
    expect(gridAction(key('Process'))).toBeNull();
    expect(gridAction(key('Dead'))).toBeNull();
  });

  it('undo / redo / duplicate with Ctrl or Cmd; other shortcuts pass through', () => {
    expect(gridAction(key('z', { ctrlKey: true }))).toEqual({ kind: 'undo' });
    expect(gridAction(key('Z', { metaKey: true, shiftKey: true }))).toEqual({ kind: 'redo' });
    expect(gridAction(key('y', { ctrlKey: true }))).toEqual({ kind: 'redo' });
    expect(gridAction(key('D', { ctrlKey: true, shiftKey: true }))).toEqual({
      kind: 'duplicateRow',
    });
    expect(gridAction(key('d', { ctrlKey: true }))).toEqual({ kind: 'fill', direction: 'down' });
    expect(gridAction(key('r', { metaKey: true }))).toEqual({ kind: 'fill', direction: 'right' });
    expect(gridAction(key('c', { ctrlKey: true }))).toBeNull();
    expect(gridAction(key('v', { ctrlKey: true }))).toBeNull();
    expect(gridAction(key('Shift', { shiftKey: true }))).toBeNull();
  });
});

describe('the shortcuts sheet (GRID_KEYS)', () => {
  it('maps each listed key to the action it describes', () => {
    for (const entry of GRID_KEYS) {
      if (entry.sample) expect(gridAction(entry.sample)?.kind, entry.describe).toBe(entry.kind);
    }
  });
  it('lists every action the keyboard map can return', () => {
    const listed = new Set(GRID_KEYS.map((e) => e.kind));
    for (const kind of [
      'move',
      'next',
      'down',
      'edit',
      'clear',
      'undo',
      'redo',
      'moveRow',
      'moveColumn',
      'duplicateRow',
      'fill',
      'resizeColumn',
      'home',
      'findings',
      'help',
    ] as const)
      expect(listed.has(kind), kind).toBe(true);
  });
  it("shows or hides the row's findings with Shift+F2 (F2 alone still edits)", () => {
    expect(gridAction(key('F2', { shiftKey: true }))).toEqual({ kind: 'findings' });
    expect(gridAction(key('F2'))).toEqual({ kind: 'edit', initial: null });
  });
  it('opens the sheet with ?', () => {
    expect(gridAction(key('?'))).toEqual({ kind: 'help' });
  });
});
