import { useEffect } from 'react';
import { useT } from '../i18n/i18n';
import { useStudio } from '../store';
import { shellStrings } from './strings';
import { VisibleText } from './VisibleText';

/** Notices shown at once (older ones stay dismissible through the newest). */
const MAX_SHOWN = 3;
/** Information fades by itself; warnings and errors wait for the user. */
const INFO_MS = 8000;

/** Messages from actions (import failed, kernel error …), newest last, each dismissible. */
export function Notices() {
  const t = useT(shellStrings);
  const lang = useStudio((s) => s.lang);
  const notices = useStudio((s) => s.notices);
  const dismiss = useStudio((s) => s.dismissNotice);
  const incident = useStudio((s) => s.incident);
  useEffect(() => {
    const timers = notices
      .filter((n) => n.kind === 'info')
      .map((n) => setTimeout(() => dismiss(n.id), INFO_MS));
    return () => {
      for (const timer of timers) clearTimeout(timer);
    };
  }, [notices, dismiss]);
  const setIncident = useStudio((s) => s.setIncident);
  return (
    <div className="notices" aria-live="polite">
      {incident && (
        <div className="notice notice-error" role="alert" data-testid="kernel-incident">
          <span>
            <VisibleText text={incident.message[lang]} multiline />
          </span>
          <button type="button" className="button small" onClick={() => setIncident(null)}>
            {t.incident.dismiss}
          </button>
        </div>
      )}
      {notices.slice(-MAX_SHOWN).map((n) => (
        <div
          key={n.id}
          className={`notice notice-${n.kind}`}
          role={n.kind === 'error' ? 'alert' : 'status'}
        >
          <span>
            <VisibleText text={n.message[lang]} multiline />
          </span>
          <button
            type="button"
            className="button small"
            aria-label={t.notice.dismiss}
            onClick={() => dismiss(n.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
