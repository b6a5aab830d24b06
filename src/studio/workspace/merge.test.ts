import { describe, expect, it } from 'vitest';
import type { WorkspaceSnapshot } from '../store/types';
import { freshWorkspace } from './fresh-workspace';
import { addCopies, changedDocuments, forkInto, hasChanges } from './merge';

const withText = (snapshot: WorkspaceSnapshot, index: number, text: string): WorkspaceSnapshot => ({
  ...snapshot,
  documents: snapshot.documents.map((d, i) => (i === index ? { ...d, text } : d)),
});

describe('merging two versions', () => {
  const base = freshWorkspace();

  it('finds what this tab changed, ignoring cursor moves', () => {
    const moved: WorkspaceSnapshot = {
      ...base,
      documents: base.documents.map((d) => ({ ...d, cursor: { line: 3, column: 2 } })),
    };
    expect(changedDocuments(base, moved)).toEqual([]);
    const mine = withText(base, 1, 'mine');
    expect(changedDocuments(base, mine).map((d) => d.text)).toEqual(['mine']);
    expect(hasChanges(base, mine)).toBe(true);
    expect(hasChanges(base, { ...base, documents: base.documents.slice(1) })).toBe(true);
    expect(hasChanges(base, { ...base, fieldDictionary: 'a: {en: A, zh: 甲}' })).toBe(true);
  });

  it('forks ours into theirs as copies, losing neither', () => {
    const theirs = withText(base, 0, 'theirs');
    const mine = withText(base, 0, 'mine');
    const forked = forkInto(theirs, mine, base, '(copy)');
    expect(forked.documents.map((d) => d.text)).toEqual([
      ...theirs.documents.map((d) => d.text),
      'mine',
    ]);
    const copy = forked.documents.at(-1);
    expect(copy?.name).toBe(`${base.documents[0]?.name} (copy)`);
    expect(copy?.id).not.toBe(base.documents[0]?.id);
  });

  it('keeps our dictionary when only we changed it', () => {
    const mine = { ...base, fieldDictionary: 'ours' };
    expect(forkInto(base, mine, base, '(copy)').fieldDictionary).toBe('ours');
    expect(
      forkInto({ ...base, fieldDictionary: 'theirs' }, mine, base, '(copy)').fieldDictionary,
    ).toBe('theirs');
  });

  it('does not copy a document the target already holds verbatim', () => {
    expect(addCopies(base, base.documents, '(copy)').documents).toHaveLength(base.documents.length);
  });
});
