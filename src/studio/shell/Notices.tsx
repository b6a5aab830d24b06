import { useEffect } from 'react';
import { useT } from '../i18n/i18n';
import { useSignatureVerdict } from '../signing/signature-verdict';
import { useSigning } from '../signing/signing-instance';
import { useStudio } from '../store';
import type { Notice, NoticeSubject } from '../store/types';
import { signatureNoticeState, subjectStanding } from './notice-subject';
import { shellStrings } from './strings';
import { VisibleText } from './VisibleText';

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
      {notices
        .slice(-MAX_SHOWN)
        .map((n) =>
          n.subject ? (
            <SubjectNotice key={n.id} notice={n} subject={n.subject} />
          ) : (
            <NoticeView key={n.id} notice={n} />
          ),
        )}
    </div>
  );
}

/** A notice about a document's state: shown while it holds, dismissed once it no longer does. */
function SubjectNotice({ notice, subject }: { notice: Notice; subject: NoticeSubject }) {
  const dismiss = useStudio((s) => s.dismissNotice);
  const text = useStudio((s) => s.documents[subject.docId]?.text);
  const record = useSigning((s) => s.verifications[subject.docId]);
  const verdict = useSignatureVerdict(subject.docId, false);
  const state = signatureNoticeState(
    verdict?.kind ?? null,
    record ? { file: record.signatureFile, roles: record.report.roles.length } : null,
  );
  const standing = subjectStanding(subject, { text, state });
  useEffect(() => {
    if (standing === 'stale') dismiss(notice.id);
  }, [standing, dismiss, notice.id]);
  return standing === 'holds' ? <NoticeView notice={notice} /> : null;
}

function NoticeView({ notice: n }: { notice: Notice }) {
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
