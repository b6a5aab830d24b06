/**
 * Notices are derived too (issue #37): a notice that states a document's state carries its subject
 * — the document, the exact text and what it said of that text — and is shown only while the
 * document still has that text and that state. Pure functions; Notices.tsx applies them.
 */
import type { Notice, NoticeSubject } from '../store/types';

/** The list with `notice` added last; a notice of the same subject key is replaced, never piled. */
export function withNotice(list: readonly Notice[], notice: Notice): Notice[] {
  const key = notice.subject?.key;
  const kept = key === undefined ? list : list.filter((n) => n.subject?.key !== key);
  return [...kept, notice];
}

/** What a subject's document is now: its text (undefined once closed) and its state. */
export interface SubjectNow {
  readonly text: string | undefined;
  /** The state as `signatureNoticeState` derives it now; 'checking' while not yet known. */
  readonly state: string | undefined;
}

/**
 * `holds`: the notice is still true. `pending`: the current text's state is still being derived
 * (hidden meanwhile, never shown as true). `stale`: the text or the state changed — the notice is
 * about an earlier text and goes.
 */
export type SubjectStanding = 'holds' | 'pending' | 'stale';

export function subjectStanding(subject: NoticeSubject, now: SubjectNow): SubjectStanding {
  if (now.text === undefined || now.text !== subject.text) return 'stale';
  if (subject.state === undefined) return 'holds';
  if (now.state === CHECKING) return 'pending';
  return now.state === subject.state ? 'holds' : 'stale';
}

export const CHECKING = 'checking';

/** The subject key of a document's signature notices: one such notice per document. */
export function signatureSubjectKey(docId: string): string {
  return `signature:${docId}`;
}

/**
 * A document's signature state as a notice records it: the verdict's kind and which signature file
 * with how many role signatures (a co-signature changes it), or `none` without a signature file.
 */
export function signatureNoticeState(
  verdictKind: string | null,
  signature: { readonly file: string; readonly roles: number } | null,
): string {
  if (verdictKind === null || signature === null) return 'none';
  if (verdictKind === CHECKING) return CHECKING;
  return `${verdictKind}|${signature.file}|${signature.roles}`;
}

/** Notices shown, in order: those without a subject, and those whose subject holds. */
export function shownNotices(
  list: readonly Notice[],
  now: (subject: NoticeSubject) => SubjectNow,
): Notice[] {
  return list.filter((n) => !n.subject || subjectStanding(n.subject, now(n.subject)) === 'holds');
}

/** Notices whose subject changed: dismissed (undoing the edit does not bring them back). */
export function staleNotices(
  list: readonly Notice[],
  now: (subject: NoticeSubject) => SubjectNow,
): Notice[] {
  return list.filter((n) => n.subject && subjectStanding(n.subject, now(n.subject)) === 'stale');
}
