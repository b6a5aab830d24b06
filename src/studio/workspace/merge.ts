/**
 * How two versions of the workspace are combined without losing either: used when another tab
 * saved first ("keep mine as copies"), when a dead tab's unsaved work is recovered, and when an
 * imported workspace file is merged.
 */

import { newDocumentId } from '../store/ids';
import type { StudioDocument, WorkspaceSnapshot } from '../store/types';
import { uniqueName } from '../store/workspace-slice';

/** Same content (the cursor alone is not worth a copy). */
export function sameContent(a: StudioDocument, b: StudioDocument): boolean {
  return (
    a.name === b.name &&
    a.text === b.text &&
    a.fact === b.fact &&
    a.asOf === b.asOf &&
    a.temporalState === b.temporalState
  );
}

/** Documents of `mine` that are new or edited relative to `base`. */
export function changedDocuments(
  base: WorkspaceSnapshot,
  mine: WorkspaceSnapshot,
): StudioDocument[] {
  const before = new Map(base.documents.map((d) => [d.id, d]));
  return mine.documents.filter((doc) => {
    const old = before.get(doc.id);
    return !old || !sameContent(old, doc);
  });
}

/** True when `mine` holds edits that `base` does not (documents, deletions or the dictionary). */
export function hasChanges(base: WorkspaceSnapshot, mine: WorkspaceSnapshot): boolean {
  return (
    changedDocuments(base, mine).length > 0 ||
    base.documents.length !== mine.documents.length ||
    base.fieldDictionary !== mine.fieldDictionary
  );
}

/**
 * `target` plus each of `docs` that `target` does not already hold verbatim, as new documents
 * (fresh id, a unique name with `suffix`). Nothing of `target` changes.
 */
export function addCopies(
  target: WorkspaceSnapshot,
  docs: readonly StudioDocument[],
  suffix: string,
): WorkspaceSnapshot {
  const documents = [...target.documents];
  for (const doc of docs) {
    if (documents.some((d) => d.text === doc.text && d.fact === doc.fact && d.asOf === doc.asOf)) {
      continue;
    }
    const name = uniqueName(
      documents.map((d) => d.name),
      suffix ? `${doc.name} ${suffix}` : doc.name,
    );
    documents.push({ ...doc, id: newDocumentId(), name });
  }
  return { ...target, documents };
}

/**
 * Ours forked into theirs: their workspace, plus our edited documents as copies. Our field
 * dictionary is kept when only we changed it.
 */
export function forkInto(
  theirs: WorkspaceSnapshot,
  mine: WorkspaceSnapshot,
  base: WorkspaceSnapshot,
  suffix: string,
): WorkspaceSnapshot {
  const merged = addCopies(theirs, changedDocuments(base, mine), suffix);
  const onlyWeChangedDictionary =
    mine.fieldDictionary !== base.fieldDictionary &&
    theirs.fieldDictionary === base.fieldDictionary;
  return {
    ...merged,
    fieldDictionary: onlyWeChangedDictionary ? mine.fieldDictionary : theirs.fieldDictionary,
  };
}

/**
 * An imported workspace's documents added to `target` ("Add its documents"): each with a new id
 * (an imported id may be one `target` uses) under a name unique in the workspace; the last one
 * added is active. `target`'s field dictionary is kept unless it has none.
 */
export function addImported(
  target: WorkspaceSnapshot,
  imported: WorkspaceSnapshot,
): WorkspaceSnapshot {
  const documents = [...target.documents];
  for (const doc of imported.documents) {
    const name = uniqueName(
      documents.map((d) => d.name),
      doc.name,
    );
    documents.push({ ...doc, id: newDocumentId(), name });
  }
  return {
    ...target,
    documents,
    activeId: documents[documents.length - 1]?.id ?? target.activeId,
    fieldDictionary:
      target.fieldDictionary.trim() === '' ? imported.fieldDictionary : target.fieldDictionary,
  };
}
