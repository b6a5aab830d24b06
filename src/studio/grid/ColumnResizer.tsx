import { type PointerEvent, useRef } from 'react';

/** Bounds of a resized grid column, in CSS pixels. */
export const COLUMN_MIN = 48;
export const COLUMN_MAX = 900;

/**
 * A handle on a header cell's right edge: drag it to set the
 * column's width. `width` is the column's current rendered width when the drag starts.
 */
export function ColumnResizer({
  label,
  onResize,
}: {
  readonly label: string;
  readonly onResize: (width: number) => void;
}) {
  const drag = useRef<{ x: number; width: number } | null>(null);
  const headWidth = (el: HTMLElement) => el.parentElement?.getBoundingClientRect().width ?? 0;
  const set = (w: number) => onResize(Math.round(Math.min(COLUMN_MAX, Math.max(COLUMN_MIN, w))));
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
    // The mouse's handle; the header keeps its keyboard order (a handle per column would add
    // a tab stop each), and the title names it.
    <span
      aria-hidden="true"
      title={label}
      className="column-resizer"
      draggable={false}
      onDragStart={(e) => e.preventDefault()}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={() => {
        drag.current = null;
      }}
    />
  );
}
