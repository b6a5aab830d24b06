import { revealInline } from '../../kernel/util/visible-text';
import { format, useT } from '../i18n/i18n';
import { workspaceStrings } from './strings';

/** Links longer than this may be cut by mail and chat apps. */
const LONG_LINK = 8000;

export interface ShareResult {
  readonly name: string;
  readonly link: string;
  readonly copied: boolean;
}

/** The share link just made: shown (selectable) whether or not the clipboard took it. */
export function SharePanel({ share, onClose }: { share: ShareResult; onClose: () => void }) {
  const t = useT(workspaceStrings);
  const label = format(t.shareLink, { name: revealInline(share.name) });
  return (
    <section className="share-panel" aria-label={label}>
      <p role="status">{share.copied ? t.shareCopied : t.shareNotCopied}</p>
      <input
        className="share-link"
        readOnly
        aria-label={label}
        value={share.link}
        onFocus={(event) => event.currentTarget.select()}
      />
      {share.link.length > LONG_LINK && (
        <p className="muted">{format(t.shareLong, { n: share.link.length })}</p>
      )}
      <button type="button" className="button small" onClick={onClose}>
        {t.closeShare}
      </button>
    </section>
  );
}
