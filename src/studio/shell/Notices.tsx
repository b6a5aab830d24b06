import { lazy, Suspense, useEffect } from 'react';
import { useT } from '../i18n/i18n';
import { useStudio } from '../store';
import type { Notice } from '../store/types';
import { shellStrings } from './strings';
import { VisibleText } from './VisibleText';

/** The verdict code a notice about a signature needs loads with the first such notice. */
const SubjectNotice = lazy(() =>
  import('./SubjectNotice').then((m) => ({ default: m.SubjectNotice })),
);

/** Notices shown at once (older ones stay dismissible through the newest). */
const MAX_SHOWN = 3;
/** Information and warnings fade by themselves; errors wait for the user (or their subject). */
const FADE_MS = 6000;

/**
 * Messages from actions (import failed, kernel error …), newest last, each dismissible. A notice
 * about a document's state is shown only while that state holds (notice-subject.ts). The stack
 * sits in the bottom-left corner, away from the side panel the notices speak about.
 */
export function Notices() {
  const t = useT(shellStrings);
  const lang = useStudio((s) => s.lang);
  const notices = useStudio((s) => s.notices);
  const incident = useStudio((s) => s.incident);
  const setIncident = useStudio((s) => s.setIncident);
  return (
    <div className="notices" aria-live="polite" data-testid="notices">
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
      {notices.slice(-MAX_SHOWN).map((n) =>
        n.subject ? (
          <Suspense key={n.id} fallback={null}>
            <SubjectNotice notice={n} subject={n.subject} />
          </Suspense>
        ) : (
          <NoticeView key={n.id} notice={n} />
        ),
      )}
    </div>
  );
}

export function NoticeView({ notice: n }: { notice: Notice }) {
  const t = useT(shellStrings);
  const lang = useStudio((s) => s.lang);
  const dismiss = useStudio((s) => s.dismissNotice);
  // Counted from when it is shown (a notice waiting for its verdict has not been read yet).
  useEffect(() => {
    if (n.kind === 'error') return;
    const timer = setTimeout(() => dismiss(n.id), FADE_MS);
    return () => clearTimeout(timer);
  }, [n.kind, n.id, dismiss]);
  return (
    <div
      className={`notice notice-${n.kind}`}
      role={n.kind === 'error' ? 'alert' : 'status'}
      data-testid="notice"
    >
      <span>
        <VisibleText text={n.message[lang]} multiline />
        {n.action && (
          <>
            {' '}
            <button
              type="button"
              className="button small"
              data-testid="notice-action"
              onClick={() => {
                dismiss(n.id);
                n.action?.run();
              }}
            >
              {n.action.label[lang]}
            </button>
          </>
        )}
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
  );
}
