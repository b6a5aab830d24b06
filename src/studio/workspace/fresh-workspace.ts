import { EXAMPLE_FIELDS, EXAMPLES } from '../examples';
import { newDocumentId } from '../store/ids';
import type { StudioDocument, WorkspaceSnapshot } from '../store/types';

/**
 * The workspace of a first start: one document per embedded example, the first one active, and the
 * examples' field dictionary (every field they read named in both languages).
 */
export function freshWorkspace(): WorkspaceSnapshot {
  const documents: StudioDocument[] = EXAMPLES.map((example) => ({
    id: newDocumentId(),
    name: example.name,
    text: example.text,
    fact: example.fact,
    asOf: example.asOf,
    temporalState: '',
    suite: example.suite,
    cursor: { line: 1, column: 1 },
  }));
  return {
    format: 'erdl-studio-workspace',
    formatVersion: 1,
    documents,
    activeId: documents[0]?.id ?? null,
    fieldDictionary: EXAMPLE_FIELDS,
  };
}
