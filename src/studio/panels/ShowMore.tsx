import type { RefObject } from 'react';
import { format, useT } from '../i18n/i18n';
import { LIST_STEP } from '../shell/use-progressive-list';
import { panelStrings } from './strings';

/** The end of a list rendered in steps (useProgressiveList): its sentinel and "show more". */
export function ShowMore({
  shown,
  total,
  more,
  sentinel,
  text,
}: {
  readonly shown: number;
  readonly total: number;
  readonly more: () => void;
  readonly sentinel: RefObject<HTMLDivElement | null>;
  /** The button's words (`{n}`, `{shown}`, `{total}`); by default the gloss list's, about rules. */
  readonly text?: string;
}) {
  const t = useT(panelStrings);
  if (shown >= total) return null;
  return (
    <div ref={sentinel} className="list-more">
      <button type="button" className="button small" onClick={more}>
        {format(text ?? t.gloss.showMore, { n: Math.min(LIST_STEP, total - shown), shown, total })}
      </button>
    </div>
  );
}
