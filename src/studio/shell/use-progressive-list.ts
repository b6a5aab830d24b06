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
 * "Near" is checked when the page or one of the list's scroll containers scrolls, or the window
 * resizes, once per frame at most — not with an IntersectionObserver, whose check runs in every frame the page
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
    const clips = scrollContainers(element);
    let frame = 0;
    const check = () => {
      frame = 0;
      const rect = element.getBoundingClientRect();
      // A list in a hidden panel has no box: nothing is near.
      if (rect.width === 0 && rect.height === 0) return;
      let bottom = window.innerHeight;
      for (const clip of clips) bottom = Math.min(bottom, clip.getBoundingClientRect().bottom);
      if (rect.top < bottom + NEAR_PX) more();
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(check);
    };
    // Scroll events do not bubble: one capturing listener hears the page and the list's
    // containers, and ignores scrolls elsewhere (inside the editor, a dialog, another panel).
    const onScrollEvent = (event: Event) => {
      if (event.target === document || clips.includes(event.target as HTMLElement)) schedule();
    };
    document.addEventListener('scroll', onScrollEvent, { capture: true, passive: true });
    window.addEventListener('resize', schedule, { passive: true });
    // The list as rendered may not reach the viewport's end yet.
    schedule();
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('scroll', onScrollEvent, { capture: true });
      window.removeEventListener('resize', schedule);
    };
  }, [shown, total, more, onScroll]);
  return { shown: Math.min(shown, total), more, sentinel };
}

/** The ancestors of `element` that scroll vertically, nearest first: they clip what it shows. */
function scrollContainers(element: HTMLElement): HTMLElement[] {
  const found: HTMLElement[] = [];
  for (let node = element.parentElement; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if (overflowY === 'auto' || overflowY === 'scroll') found.push(node);
  }
  return found;
}
