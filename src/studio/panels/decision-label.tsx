import { DECISIONS } from '../../kernel';
import type { Lang } from '../store/types';

const BY_NAME = new Map<string, (typeof DECISIONS)[number]>(DECISIONS.map((d) => [d.name, d]));

/** A decision as a badge: its code, and its name in the UI language (the other on hover). */
export function DecisionBadge({ decision, lang }: { decision: string; lang: Lang }) {
  const info = BY_NAME.get(decision);
  const name = info ? info[lang] : decision;
  const other = info ? info[lang === 'en' ? 'zh' : 'en'] : '';
  const tone = info?.blocking ? 'blocking' : 'passing';
  return (
    <span className={`decision decision-${tone}`} title={other}>
      <span className="mono">{decision}</span>
      {info && <span> · {name}</span>}
    </span>
  );
}
