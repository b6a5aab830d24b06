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
  | { readonly kind: 'home'; readonly end: boolean };

export interface KeyLike {
  readonly key: string;
  readonly shiftKey: boolean;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
}

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
    if (k === 'd') return { kind: 'duplicateRow' };
    return null;
  }
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
  }
  if (e.key.length === 1 && !e.altKey && e.key !== ' ') return { kind: 'edit', initial: e.key };
  return null;
}
