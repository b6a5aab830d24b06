import { useEffect } from 'react';
import { useSignatureVerdict } from '../signing/signature-verdict';
import { useSigning } from '../signing/signing-instance';
import { useStudio } from '../store';
import type { Notice, NoticeSubject } from '../store/types';
import { NoticeView } from './Notices';
import { signatureNoticeState, subjectStanding } from './notice-subject';

/** A notice about a document's state: shown while it holds, dismissed once it no longer does. */
export function SubjectNotice({ notice, subject }: { notice: Notice; subject: NoticeSubject }) {
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
