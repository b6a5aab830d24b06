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
}: {
  readonly shown: number;
  readonly total: number;
  readonly more: () => void;
  readonly sentinel: RefObject<HTMLDivElement | null>;
}) {
  const t = useT(panelStrings);
  if (shown >= total) return null;
  return (
    <div ref={sentinel} className="list-more">
      <button type="button" className="button small" onClick={more}>
        {format(t.gloss.showMore, { n: Math.min(LIST_STEP, total - shown), shown, total })}
      </button>
    </div>
  );
}
