import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

/** Items rendered at first, and added each time the end of the list comes into view. */
export const LIST_STEP = 100;

/** How near the viewport's bottom the list's end comes before the next step is added. */
const NEAR_PX = 600;

/**
 * A long list rendered in steps: the first LIST_STEP items, then LIST_STEP more whenever the
 * element at its end (`sentinel`) scrolls near the viewport, or when the user asks (`more`, for a
 * button at the end — keyboard users). A 1,000-rule document's gloss list would otherwise keep
 * ~15,000 elements in the page, which the browser walks on every frame while the user types.
 * Starts over when `resetKey` changes (another document). With `onScroll: false` only the button
 * adds items.
 *
 * "Near" is checked when the list's scroll container (or the window) scrolls or resizes, once per
 * frame at most — not with an IntersectionObserver, whose check runs in every frame the page
 * renders: on a 1,000-rule document, in every frame of typing in the editor (0.15 ms a keystroke).
 */
export function useProgressiveList(
  total: number,
  resetKey: unknown,
  { onScroll = true }: { readonly onScroll?: boolean } = {},
): { shown: number; more: () => void; sentinel: RefObject<HTMLDivElement | null> } {
  const [shown, setShown] = useState(LIST_STEP);
  const sentinel = useRef<HTMLDivElement | null>(null);
  const more = useCallback(() => setShown((n) => n + LIST_STEP), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey is the trigger itself.
  useEffect(() => setShown(LIST_STEP), [resetKey]);
  useEffect(() => {
    const element = sentinel.current;
    if (!onScroll || !element || shown >= total) return;
    const container = scrollContainer(element);
    let frame = 0;
    const check = () => {
      frame = 0;
      const rect = element.getBoundingClientRect();
      // A list in a hidden panel has no box: nothing is near.
      if (rect.width === 0 && rect.height === 0) return;
      const bottom = container ? container.getBoundingClientRect().bottom : window.innerHeight;
      if (rect.top < bottom + NEAR_PX) more();
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(check);
    };
    const target: EventTarget = container ?? window;
    target.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule, { passive: true });
    // The list as rendered may not reach the viewport's end yet.
    schedule();
    return () => {
      cancelAnimationFrame(frame);
      target.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [shown, total, more, onScroll]);
  return { shown: Math.min(shown, total), more, sentinel };
}

/** The nearest ancestor of `element` that scrolls vertically; `null` for the page itself. */
function scrollContainer(element: HTMLElement): HTMLElement | null {
  for (let node = element.parentElement; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if (overflowY === 'auto' || overflowY === 'scroll') return node;
  }
  return null;
}
