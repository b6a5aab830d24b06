import { type PointerEvent, useRef } from 'react';
import { useT } from '../i18n/i18n';
import { COLUMN_MAX, COLUMN_MIN, clampColumn } from '../shell/layout';
import { layoutStrings } from './layout/strings';

/**
 * A handle on a header cell's right edge: drag it to set the column's width (measured from the
 * header's rendered width when the drag starts); double-click it to fit the column to its content
 * (as in Excel).
 */
export function ColumnResizer({
  label,
  width,
  onResize,
  onFit,
}: {
  readonly label: string;
  /** The width the user gave the column (mouse or Alt+Shift+← / →), if any. */
  readonly width: number | undefined;
  readonly onResize: (width: number) => void;
  /** Double-click: the column as wide as its content. */
  readonly onFit?: (() => void) | undefined;
}) {
  const t = useT(layoutStrings);
  const drag = useRef<{ x: number; width: number } | null>(null);
  const headWidth = (el: HTMLElement) => el.parentElement?.getBoundingClientRect().width ?? 0;
  const set = (w: number) => onResize(clampColumn(w));
  const onPointerDown = (e: PointerEvent<HTMLSpanElement>) => {
    e.preventDefault();
    e.stopPropagation();
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, width: headWidth(e.currentTarget) };
  };
  const onPointerMove = (e: PointerEvent) => {
    const from = drag.current;
    if (from) set(from.width + e.clientX - from.x);
  };
  return (
    // The mouse's handle, and the column's width for assistive technology (aria-valuenow). It is
    // not a tab stop (a handle per column would add one each): the keyboard resizes the active
    // cell's column with Alt+Shift+← / → (grid-keys.ts), and the status line says the width.
    // biome-ignore lint/a11y/useSemanticElements: a draggable handle inside a header cell, not a rule between sections
    <span
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuemin={COLUMN_MIN}
      aria-valuemax={COLUMN_MAX}
      aria-valuenow={width}
      title={onFit ? `${label} · ${t.fitColumn}` : label}
      className="column-resizer"
      draggable={false}
      onDragStart={(e) => e.preventDefault()}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={() => {
        drag.current = null;
      }}
      onDoubleClick={(e) => {
        e.stopPropagation();
        onFit?.();
      }}
    />
  );
}
