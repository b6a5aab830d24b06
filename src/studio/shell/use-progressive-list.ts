import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

/** Items rendered at first, and added each time the end of the list comes into view. */
export const LIST_STEP = 100;

/**
 * A long list rendered in steps: the first LIST_STEP items, then LIST_STEP more whenever the
 * element at its end (`sentinel`) scrolls near the viewport, or when the user asks (`more`, for a
 * button at the end — keyboard users). A 1,000-rule document's gloss list would otherwise keep
 * ~15,000 elements in the page, which the browser walks on every frame while the user types.
 * Starts over when `resetKey` changes (another document). With `onScroll: false` only the button
 * adds items: no IntersectionObserver, whose check runs on every frame, also while the user types.
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
    if (!onScroll || !element || shown >= total || typeof IntersectionObserver === 'undefined')
      return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) more();
      },
      { rootMargin: '600px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown, total, more, onScroll]);
  return { shown: Math.min(shown, total), more, sentinel };
}
