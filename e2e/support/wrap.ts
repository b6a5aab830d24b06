import type { Locator } from './test';

/** A word the browser laid out across two lines (or more). */
export interface BrokenWord {
  /** The element holding it: `data-cell`, else its tag and classes. */
  readonly where: string;
  readonly word: string;
  readonly lines: number;
}

/**
 * The words inside `root` that are broken across lines ("REQUES / T_HUMA / N"), by their rendered
 * line boxes: each word (Intl.Segmenter, in the language of its element) is a Range whose client
 * rectangles must all sit on one line. Text hidden from sight (`.sr-only`, display: none) is not
 * looked at; text cut with "…" is on one line, so it passes. A CJK word counts only where the page
 * promises to keep it whole (word-break: keep-all: headers, conditions, decisions); elsewhere
 * Chinese breaks between any two characters, as Chinese typesetting does.
 */
export function brokenWords(root: Locator): Promise<BrokenWord[]> {
  return root.evaluate((rootElement) => {
    const out: { where: string; word: string; lines: number }[] = [];
    const han = /^\p{Script=Han}+$/u;
    const segmenters = new Map<string, Intl.Segmenter>();
    const segmenter = (lang: string) => {
      let s = segmenters.get(lang);
      if (!s) {
        s = new Intl.Segmenter(lang, { granularity: 'word' });
        segmenters.set(lang, s);
      }
      return s;
    };
    const walker = document.createTreeWalker(rootElement, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.nodeValue ?? '';
      const parent = node.parentElement;
      if (!parent || text.trim() === '') continue;
      if (parent.closest('.sr-only, script, style, caption')) continue;
      if (parent.getClientRects().length === 0) continue;
      const style = getComputedStyle(parent);
      if (style.visibility === 'hidden') continue;
      const keepAll = style.wordBreak === 'keep-all';
      const lang = parent.closest('[lang]')?.getAttribute('lang') ?? document.documentElement.lang;
      for (const seg of segmenter(lang || 'en').segment(text)) {
        if (!seg.isWordLike || seg.segment.length < 2) continue;
        if (han.test(seg.segment) && !keepAll) continue;
        const range = document.createRange();
        range.setStart(node, seg.index);
        range.setEnd(node, seg.index + seg.segment.length);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
        const tops: number[] = [];
        for (const r of rects)
          if (!tops.some((t) => Math.abs(t - r.top) < r.height / 2)) tops.push(r.top);
        if (tops.length > 1) {
          const cell = parent.closest<HTMLElement>('[data-cell]');
          const where = cell
            ? `cell ${cell.dataset.cell}`
            : `${parent.tagName.toLowerCase()}.${[...parent.classList].join('.')}`;
          out.push({ where, word: seg.segment, lines: tops.length });
        }
      }
    }
    return out;
  });
}

/** The scroll box's widths: content (scrollWidth) and visible (clientWidth). */
export function scrollWidths(box: Locator): Promise<{ scroll: number; client: number }> {
  return box.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
}
