import { revealInline } from '../../kernel/util/visible-text';
import { format, useT } from '../i18n/i18n';
import { VisibleText } from '../shell/VisibleText';
import { useStudio } from '../store';
import { workspaceStrings } from './strings';
import type { SuiteOffer } from './use-import';

/**
 * A fact suite that did not attach by itself: it matched no open document (attach it to the active
 * one?), or its document already has another suite (replace it?). Never opened as rules.
 */
export function SuiteOfferBar({
  offer,
  onChoose,
}: {
  offer: SuiteOffer;
  onChoose: (choice: 'attach' | 'dismiss') => void;
}) {
  const t = useT(workspaceStrings);
  const target = useStudio((s) => {
    const id = offer.docId ?? s.activeId;
    return id === null ? undefined : s.documents[id];
  });
  const file = offer.suite.fileName;
  const text =
    offer.docId === null
      ? format(t.suiteNoMatch, { file, stem: offer.suite.stem })
      : format(t.suiteReplace, { file, name: target?.name ?? '' });
  return (
    <section
      className="undo-bar suite-offer"
      role="alert"
      aria-label={format(t.suiteOfferLabel, { file: revealInline(file) })}
      data-testid="suite-offer"
    >
      <p>
        <VisibleText text={text} />
        {!target && ` ${t.suiteNoMatchNoActive}`}
      </p>
      <div className="dialog-actions">
        {target && (
          <button type="button" className="button small primary" onClick={() => onChoose('attach')}>
            {offer.docId === null ? (
              <VisibleText text={format(t.attachTo, { name: target.name })} />
            ) : (
              t.replaceSuite
            )}
          </button>
        )}
        <button type="button" className="button small" onClick={() => onChoose('dismiss')}>
          {t.dismiss}
        </button>
      </div>
    </section>
  );
}
