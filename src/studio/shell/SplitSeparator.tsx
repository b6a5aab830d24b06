import { type KeyboardEvent, type PointerEvent, useRef } from 'react';
import { useT } from '../i18n/i18n';
import { useStudio } from '../store';
import { SIDE_MAX, SIDE_MIN, SIDE_STEP } from './layout';
import { shellStrings } from './strings';

/**
 * The separator between the editor and the side panels: drag it, or focus it and use the arrow
 * keys (Left widens the side panel, Right narrows it; PageUp/PageDown four steps; Home/End the
 * bounds). The width is remembered (store layout → localStorage).
 */
export function SplitSeparator() {
  const t = useT(shellStrings);
  const width = useStudio((s) => s.layout.sideWidth);
  const setWidth = useStudio((s) => s.setSideWidth);
  const drag = useRef<{ x: number; width: number } | null>(null);

  const onKeyDown = (e: KeyboardEvent) => {
    const next = {
      ArrowLeft: width + SIDE_STEP,
      ArrowRight: width - SIDE_STEP,
      PageUp: width + 4 * SIDE_STEP,
      PageDown: width - 4 * SIDE_STEP,
      Home: SIDE_MAX,
      End: SIDE_MIN,
    }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    setWidth(next);
  };
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    e.currentTarget.focus();
    drag.current = { x: e.clientX, width };
  };
  const onPointerMove = (e: PointerEvent) => {
    const from = drag.current;
    if (from) setWidth(from.width + (from.x - e.clientX));
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a focusable, movable separator (ARIA window splitter); <hr> cannot take focus or keys
    <div
      role="separator"
      tabIndex={0}
      aria-orientation="vertical"
      aria-label={t.layout.separator}
      aria-valuenow={width}
      aria-valuemin={SIDE_MIN}
      aria-valuemax={SIDE_MAX}
      className="split-separator"
      data-testid="split-separator"
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
    />
  );
}
