import { describe, expect, it } from 'vitest';
import type { Notice, NoticeSubject } from '../store/types';
import {
  CHECKING,
  shownNotices,
  signatureNoticeState,
  staleNotices,
  subjectStanding,
  withNotice,
} from './notice-subject';

const message = { en: 'm', zh: '消息' };
const signed = signatureNoticeState('unchanged', { file: 'a.erdl.yaml.dsse.json', roles: 1 });
const subject: NoticeSubject = { key: 'signature:d1', docId: 'd1', text: 'v1', state: signed };

function notice(id: number, about?: NoticeSubject, kind: Notice['kind'] = 'info'): Notice {
  return { id, kind, message, ...(about ? { subject: about } : {}) };
}

describe('a notice about a document is derived from the document now (issue #37)', () => {
  it('holds while the text and the state are the ones it stated', () => {
    expect(subjectStanding(subject, { text: 'v1', state: signed })).toBe('holds');
  });

  it('is stale the moment the text changes (an edit), whatever the state says', () => {
    expect(subjectStanding(subject, { text: 'v1 edited', state: signed })).toBe('stale');
    expect(subjectStanding(subject, { text: 'v1 edited', state: CHECKING })).toBe('stale');
  });

  it('is stale once the document is closed', () => {
    expect(subjectStanding(subject, { text: undefined, state: undefined })).toBe('stale');
  });

  it('is stale when the verdict changes on the same text (a key trusted, a co-signature)', () => {
    const untrusted: NoticeSubject = {
      ...subject,
      state: signatureNoticeState('untrusted', { file: 'a.erdl.yaml.dsse.json', roles: 1 }),
    };
    expect(subjectStanding(untrusted, { text: 'v1', state: signed })).toBe('stale');
    const cosigned = signatureNoticeState('unchanged', { file: 'a.erdl.yaml.dsse.json', roles: 2 });
    expect(subjectStanding(subject, { text: 'v1', state: cosigned })).toBe('stale');
  });

  it('is pending (hidden, never shown as true) while the verdict of the same text is computed', () => {
    expect(subjectStanding(subject, { text: 'v1', state: CHECKING })).toBe('pending');
  });

  it('a notice bound only to its text holds for that text whatever the signature state', () => {
    const textOnly: NoticeSubject = { key: 'k', docId: 'd1', text: 'v1' };
    expect(subjectStanding(textOnly, { text: 'v1', state: 'none' })).toBe('holds');
    expect(subjectStanding(textOnly, { text: 'v2', state: 'none' })).toBe('stale');
  });

  it('signature states: none without a signature, checking while computed, else kind and file', () => {
    expect(signatureNoticeState(null, null)).toBe('none');
    expect(signatureNoticeState('unchanged', null)).toBe('none');
    expect(signatureNoticeState(CHECKING, { file: 'f', roles: 0 })).toBe(CHECKING);
    expect(signatureNoticeState('changed', { file: 'f', roles: 0 })).not.toBe(
      signatureNoticeState('unchanged', { file: 'f', roles: 0 }),
    );
  });
});

describe('at most one notice per subject', () => {
  it('a new notice of the same subject replaces the old one; others stay in order', () => {
    const list = withNotice(
      withNotice(withNotice([], notice(1, subject)), notice(2)),
      notice(3, { ...subject, state: 'changed|f|0' }, 'error'),
    );
    expect(list.map((n) => n.id)).toEqual([2, 3]);
    const other = withNotice(list, notice(4, { ...subject, key: 'signature:d2', docId: 'd2' }));
    expect(other.map((n) => n.id)).toEqual([2, 3, 4]);
  });

  it('notices without a subject pile up as before (each is its own event)', () => {
    expect(withNotice(withNotice([], notice(1)), notice(2)).map((n) => n.id)).toEqual([1, 2]);
  });

  it('shows notices without a subject and those that hold; lists the stale ones to dismiss', () => {
    const list = [notice(1), notice(2, subject), notice(3, { ...subject, key: 'x', text: 'v0' })];
    const now = () => ({ text: 'v1', state: signed });
    expect(shownNotices(list, now).map((n) => n.id)).toEqual([1, 2]);
    expect(staleNotices(list, now).map((n) => n.id)).toEqual([3]);
  });
});
