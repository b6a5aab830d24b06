/** The grid's keyboard map (dmn-js's spreadsheet keys), as data so it is unit-tested. */
export type GridAction =
  | {
      readonly kind: 'move';
      readonly rows: number;
      readonly columns: number;
      readonly extend: boolean;
    }
  | { readonly kind: 'next'; readonly back: boolean }
  | { readonly kind: 'down'; readonly back: boolean }
  | { readonly kind: 'edit'; readonly initial: string | null }
  | { readonly kind: 'clear' }
  | { readonly kind: 'undo' }
  | { readonly kind: 'redo' }
  | { readonly kind: 'moveRow'; readonly by: number }
  | { readonly kind: 'moveColumn'; readonly by: number }
  | { readonly kind: 'duplicateRow' }
  | { readonly kind: 'fill'; readonly direction: 'down' | 'right' }
  | { readonly kind: 'resizeColumn'; readonly by: number }
  | { readonly kind: 'home'; readonly end: boolean }
  | { readonly kind: 'findings' }
  | { readonly kind: 'help' };

export interface KeyLike {
  readonly key: string;
  readonly shiftKey: boolean;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
}

/** Pixels one Alt+Shift+← / → changes a column's width by. */
export const COLUMN_STEP = 16;

const ARROWS: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

/** The action for a key pressed on a selected (not editing) cell, or null to let it through. */
export function gridAction(e: KeyLike): GridAction | null {
  const mod = e.ctrlKey || e.metaKey;
  const arrow = ARROWS[e.key];
  // Alt+Shift+← / → resize the active cell's column (narrower / wider).
  if (arrow && arrow[1] !== 0 && e.altKey && e.shiftKey && !mod)
    return { kind: 'resizeColumn', by: arrow[1] * COLUMN_STEP };
  if (arrow && e.altKey && !mod) {
    return arrow[0] !== 0
      ? { kind: 'moveRow', by: arrow[0] }
      : { kind: 'moveColumn', by: arrow[1] };
  }
  if (arrow && !mod) return { kind: 'move', rows: arrow[0], columns: arrow[1], extend: e.shiftKey };
  if (mod && !e.altKey) {
    const k = e.key.toLowerCase();
    if (k === 'z') return e.shiftKey ? { kind: 'redo' } : { kind: 'undo' };
    if (k === 'y') return { kind: 'redo' };
    // Spreadsheet keys: Ctrl+D fills down, Ctrl+R fills right; Ctrl+Shift+D duplicates the row.
    if (k === 'd')
      return e.shiftKey ? { kind: 'duplicateRow' } : { kind: 'fill', direction: 'down' };
    if (k === 'r' && !e.shiftKey) return { kind: 'fill', direction: 'right' };
    return null;
  }
  // Shift+F2 (a cell's note in Excel): show or hide the row's findings.
  if (e.key === 'F2' && e.shiftKey && !e.altKey) return { kind: 'findings' };
  switch (e.key) {
    case 'Tab':
      return { kind: 'next', back: e.shiftKey };
    case 'Enter':
      return { kind: 'down', back: e.shiftKey };
    case 'F2':
      return { kind: 'edit', initial: null };
    case 'Delete':
    case 'Backspace':
      return { kind: 'clear' };
    case 'Home':
      return { kind: 'home', end: false };
    case 'End':
      return { kind: 'home', end: true };
    case '?':
      // No cell notation starts with `?` (F2 still edits from an empty cell).
      return { kind: 'help' };
  }
  // A character key is not read here: its text reaches the selected cell's focus input, which
  // opens the editor with it (focus-input/FocusInput.tsx) — also `≥`, full-width forms, an input
  // method's text, the characters no key event names.
  return null;
}

/**
 * Every key the grid understands, for the shortcuts sheet: the keys as shown, the id of their
 * description in the grid string table, and (for keys read by `gridAction`) a key event that
 * must map to `kind` — grid-keys.test.ts checks each, so the sheet cannot drift from the map.
 * Copy and paste are the browser's clipboard events (the grid's onCopy / onPaste); typed text is
 * the focus input's (focus-input/FocusInput.tsx).
 */
export interface GridKeyHelp {
  readonly keys: readonly string[];
  readonly describe: GridKeyDescription;
  readonly sample: KeyLike | null;
  readonly kind: GridAction['kind'] | 'copy' | 'paste' | 'editAll' | 'type';
}

export type GridKeyDescription =
  | 'move'
  | 'extend'
  | 'moveRow'
  | 'moveColumn'
  | 'next'
  | 'down'
  | 'edit'
  | 'type'
  | 'clear'
  | 'undo'
  | 'redo'
  | 'duplicateRow'
  | 'fillDown'
  | 'fillRight'
  | 'editAll'
  | 'resizeColumn'
  | 'home'
  | 'copy'
  | 'paste'
  | 'findings'
  | 'help';

const k = (key: string, mods: Partial<KeyLike> = {}): KeyLike => ({
  key,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

export const GRID_KEYS: readonly GridKeyHelp[] = [
  { keys: ['↑', '↓', '←', '→'], describe: 'move', sample: k('ArrowUp'), kind: 'move' },
  {
    keys: ['Shift+↑↓←→'],
    describe: 'extend',
    sample: k('ArrowDown', { shiftKey: true }),
    kind: 'move',
  },
  { keys: ['Tab', 'Shift+Tab'], describe: 'next', sample: k('Tab'), kind: 'next' },
  { keys: ['Enter', 'Shift+Enter'], describe: 'down', sample: k('Enter'), kind: 'down' },
  { keys: ['Home', 'End'], describe: 'home', sample: k('End'), kind: 'home' },
  { keys: ['F2'], describe: 'edit', sample: k('F2'), kind: 'edit' },
  {
    keys: ['Shift+F2'],
    describe: 'findings',
    sample: k('F2', { shiftKey: true }),
    kind: 'findings',
  },
  // Read as text by the focus input (focus-input/FocusInput.tsx), not by gridAction.
  { keys: ['0…9 a…z < > = - ≥ ≤ ≠ ＞＝ …'], describe: 'type', sample: null, kind: 'type' },
  { keys: ['Delete', 'Backspace'], describe: 'clear', sample: k('Delete'), kind: 'clear' },
  {
    keys: ['Alt+↑', 'Alt+↓'],
    describe: 'moveRow',
    sample: k('ArrowUp', { altKey: true }),
    kind: 'moveRow',
  },
  {
    keys: ['Alt+←', 'Alt+→'],
    describe: 'moveColumn',
    sample: k('ArrowLeft', { altKey: true }),
    kind: 'moveColumn',
  },
  {
    keys: ['Ctrl+Shift+D', '⌘⇧D'],
    describe: 'duplicateRow',
    sample: k('D', { ctrlKey: true, shiftKey: true }),
    kind: 'duplicateRow',
  },
  {
    keys: ['Ctrl+D', '⌘D'],
    describe: 'fillDown',
    sample: k('d', { ctrlKey: true }),
    kind: 'fill',
  },
  {
    keys: ['Ctrl+R', '⌘R'],
    describe: 'fillRight',
    sample: k('r', { ctrlKey: true }),
    kind: 'fill',
  },
  // Read by the cell editors (CellEditors.tsx), not by gridAction.
  { keys: ['Ctrl+Enter', '⌘Enter'], describe: 'editAll', sample: null, kind: 'editAll' },
  {
    keys: ['Alt+Shift+←', 'Alt+Shift+→'],
    describe: 'resizeColumn',
    sample: k('ArrowRight', { altKey: true, shiftKey: true }),
    kind: 'resizeColumn',
  },
  { keys: ['Ctrl+Z', '⌘Z'], describe: 'undo', sample: k('z', { ctrlKey: true }), kind: 'undo' },
  {
    keys: ['Ctrl+Shift+Z', 'Ctrl+Y', '⌘⇧Z'],
    describe: 'redo',
    sample: k('y', { ctrlKey: true }),
    kind: 'redo',
  },
  { keys: ['Ctrl+C', '⌘C'], describe: 'copy', sample: null, kind: 'copy' },
  { keys: ['Ctrl+V', '⌘V'], describe: 'paste', sample: null, kind: 'paste' },
  { keys: ['?'], describe: 'help', sample: k('?'), kind: 'help' },
];
