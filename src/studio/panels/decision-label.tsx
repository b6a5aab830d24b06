import { revealInline } from '../../kernel/util/visible-text';
import { DECISIONS } from '../../kernel/vocabulary/decisions';
import { format } from '../i18n/i18n';
import { VisibleText } from '../shell/VisibleText';
import type { Lang } from '../store/types';
import { panelStrings } from './strings';

const BY_NAME = new Map<string, (typeof DECISIONS)[number]>(DECISIONS.map((d) => [d.name, d]));

/**
 * A decision as a badge: its code and its name in the UI language; the hover says, in the UI
 * language too, whether it lets the operation through (docs/terminology.md names every decision).
 */
export function DecisionBadge({ decision, lang }: { decision: string; lang: Lang }) {
  const t = panelStrings[lang].decision;
  const info = BY_NAME.get(decision);
  const name = info ? info[lang] : decision;
  const tone = info?.blocking ? 'blocking' : 'passing';
  // Not one of the 13 (a grid cell being written): shown as it runs, hidden characters and all.
  const title = info
    ? format(t.title, { code: decision, name, effect: t[tone] })
    : revealInline(decision);
  return (
    <span className={`decision decision-${tone}`} title={title}>
      <span className="mono">{info ? decision : <VisibleText text={decision} />}</span>
      {info && <span> · {name}</span>}
    </span>
  );
}
