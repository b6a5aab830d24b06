import { revealInline } from '../../../kernel/util/visible-text';
import { DECISIONS } from '../../../kernel/vocabulary/decisions';
import { format, useT } from '../../i18n/i18n';
import { panelStrings } from '../../panels/strings';
import { VisibleText } from '../../shell/VisibleText';
import type { Lang } from '../../store/types';
import { layoutStrings } from './strings';

const BY_NAME = new Map<string, (typeof DECISIONS)[number]>(DECISIONS.map((d) => [d.name, d]));

/** A decision's word in the UI language, as a grid cell shows it ("Request human adjudication"). */
export function decisionWord(decision: string, lang: Lang): string | null {
  const info = BY_NAME.get(decision);
  if (!info) return null;
  const word = info[lang];
  return lang === 'en' ? word.charAt(0).toUpperCase() + word.slice(1) : word;
}

/**
 * A decision in a grid cell: its word in the UI language (never the identifier, which would break
 * across lines in a narrow column); the code, the word and what it does on hover. The code is
 * also said to assistive technology, after the word. Not one of the 13 (a cell being written):
 * shown as written, hidden characters and all.
 */
export function DecisionWord({ decision, lang }: { decision: string; lang: Lang }) {
  const t = useT(layoutStrings);
  const info = BY_NAME.get(decision);
  const word = decisionWord(decision, lang);
  if (!info || word === null)
    return (
      <span className="decision decision-word decision-unknown mono" title={revealInline(decision)}>
        <VisibleText text={decision} />
      </span>
    );
  const tone = info.blocking ? 'blocking' : 'passing';
  const title = format(t.decisionTitle, {
    code: decision,
    name: word,
    phrase: info.phrase[lang],
    effect: panelStrings[lang].decision[tone],
  });
  return (
    <span
      className={`decision decision-${tone} decision-word`}
      title={title}
      data-decision={decision}
      lang={lang === 'zh' ? 'zh-CN' : 'en'}
    >
      {word}
      <span className="sr-only"> {format(t.decisionCode, { code: decision })}</span>
    </span>
  );
}
