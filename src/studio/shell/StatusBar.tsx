import { useState } from 'react';
import { KERNEL_VERSION } from '../../kernel/version';
import { FORMAT_VERSION } from '../../kernel/vocabulary/document';
import { format, useT } from '../i18n/i18n';
import { OfflineStatus } from '../offline';
import { useStudio } from '../store';
import { SuiteBadge } from '../suites/SuiteBadge';
import { shellStrings } from './strings';
import { countBySeverity, useActiveAnalysis, useShownAnalysis } from './use-analysis';

export function StatusBar() {
  const t = useT(shellStrings);
  // The counts may come a render late (a transition, useShownAnalysis); whether they, and the
  // hash, are of the text on screen comes from the live store (useActiveAnalysis), so an edit marks
  // them at once. The hash is shown, and copied, only for the text on screen.
  const { analysis } = useShownAnalysis();
  const live = useActiveAnalysis();
  const kernelStatus = useStudio((s) => s.kernelStatus);
  const persistence = useStudio((s) => s.persistence);
  const counts = countBySeverity(analysis);
  const current = live.current && live.analysis === analysis;
  const hash = live.current ? (live.analysis?.documentHash ?? null) : null;
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    if (!hash) return;
    try {
      await navigator.clipboard.writeText(hash);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      // Clipboard refused (permissions): the hash stays selectable on screen.
    }
  };

  const saved = {
    loading: t.status.loading,
    saved: t.status.saved,
    saving: t.status.saving,
    error:
      persistence.state === 'error'
        ? format(t.status.saveError, { detail: persistence.detail })
        : '',
    conflict: t.status.conflict,
  }[persistence.state];

  return (
    <footer className="status-bar">
      <h2 className="visually-hidden">{t.status.label}</h2>
      <span className="status-item" data-testid="status-diagnostics">
        {analysis === null ? (
          // Never "0 errors" before the kernel has looked at the document.
          <span className="muted">{t.status.analyzing}</span>
        ) : (
          <>
            <span className={counts.error > 0 ? 'count-error' : ''}>
              {format(t.status.errors, { n: counts.error })}
            </span>
            {' · '}
            <span>{format(t.status.warnings, { n: counts.warning })}</span>
            {' · '}
            <span>{format(t.status.infos, { n: counts.info })}</span>
            {(!current || kernelStatus === 'busy') && (
              <span className="muted"> · {t.status.analyzing}</span>
            )}
          </>
        )}
      </span>
      <span className="status-item" data-testid="status-hash">
        {hash ? (
          <button
            type="button"
            className="link-button mono"
            title={format(t.status.copyHash, { hash })}
            onClick={() => void copy()}
          >
            {copied ? t.status.copied : `${t.status.hash} ${hash.slice(0, 19)}…`}
          </button>
        ) : live.analysis && (!live.current || live.analysis.documentHashPending) ? (
          <span className="muted">{t.status.hashPending}</span>
        ) : live.analysis ? (
          <span className="muted">{t.status.noHash}</span>
        ) : null}
      </span>
      <span className="status-item">
        <SuiteBadge />
      </span>
      <span className="status-item" data-testid="status-saved">
        {saved}
      </span>
      <span className="status-item">
        <OfflineStatus />
      </span>
      <span className="status-item status-right">
        {format(t.status.spec, { v: FORMAT_VERSION })} ·{' '}
        {format(t.status.kernel, { v: KERNEL_VERSION })}
      </span>
    </footer>
  );
}
