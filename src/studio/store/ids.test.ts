import { describe, expect, it } from 'vitest';
import type { Analysis } from '../../worker/kernel-protocol';
import { createStudioStore } from './index';
import type { StudioDocument, WorkspaceSnapshot } from './types';

/** Ids an imported workspace file may carry that name Object.prototype's own members. */
/** Held in a variable: an id like any other, never the accessor. */
const PROTO = '__proto__';
const PROTOTYPE_IDS = [PROTO, 'constructor', 'prototype', 'toString', 'hasOwnProperty'];

/** A lookup by an id held in a variable, as the studio does it. */
const at = <T>(record: Record<string, T>, id: string): T | undefined => record[id];

const doc = (id: string, name = id): StudioDocument => ({
  id,
  name,
  text: `# ${name}\n`,
  fact: 'fact: {}\n',
  asOf: '2026-01-01T00:00:00.000Z',
  temporalState: '',
  cursor: { line: 1, column: 1 },
});

const snapshot = (documents: StudioDocument[]): WorkspaceSnapshot => ({
  format: 'erdl-studio-workspace',
  formatVersion: 1,
  documents,
  activeId: documents[0]?.id ?? null,
  fieldDictionary: '',
});

describe('document ids that name Object.prototype members are ordinary ids', () => {
  it('load, edit, rename, evaluate and remove without touching any prototype', () => {
    const store = createStudioStore();
    const documents = PROTOTYPE_IDS.map((id) => doc(id));
    store.getState().loadSnapshot(snapshot(documents));
    let s = store.getState();
    expect(s.order).toEqual(PROTOTYPE_IDS);
    expect(s.activeId).toBe('__proto__');
    for (const id of PROTOTYPE_IDS) expect(s.documents[id]).toEqual(doc(id));
    expect(s.snapshot().documents).toEqual(documents);

    // Every kind of update keeps every other document (a spread would drop `__proto__`).
    s.setText('__proto__', 'edited\n');
    s.setCursor('constructor', { line: 2, column: 3 });
    s.updateDocument('toString', { fact: 'x: 1\n' });
    s.renameDocument('prototype', 'renamed');
    s.setAnalysis('hasOwnProperty', 'h', { rules: [] } as unknown as Analysis);
    s.setEvaluationPending('__proto__');
    s.setSuiteRun('constructor', {
      source: 'suite',
      pending: true,
      progress: null,
      outcome: null,
      text: '',
    });
    s = store.getState();
    expect(s.snapshot().documents.map((d) => d.id)).toEqual(PROTOTYPE_IDS);
    expect(at(s.documents, PROTO)?.text).toBe('edited\n');
    expect(at(s.documents, 'constructor')?.cursor).toEqual({ line: 2, column: 3 });
    expect(at(s.documents, 'toString')?.fact).toBe('x: 1\n');
    expect(at(s.documents, 'prototype')?.name).toBe('renamed');
    expect(at(s.analyses, 'hasOwnProperty')?.text).toBe('h');
    expect(at(s.evaluations, PROTO)?.pending).toBe(true);
    expect(at(s.suiteRuns, 'constructor')?.pending).toBe(true);
    // No lookup of an absent id finds a prototype member.
    expect(at(s.analyses, 'toString')).toBeUndefined();
    expect(at(s.evaluations, 'constructor')).toBeUndefined();

    s.removeDocument('__proto__');
    s = store.getState();
    expect(s.order).toEqual(PROTOTYPE_IDS.slice(1));
    expect(s.documents[PROTO]).toBeUndefined();
    expect(s.snapshot().documents).toHaveLength(PROTOTYPE_IDS.length - 1);
    expect(Object.keys(Object.prototype)).toEqual([]);
  });

  it('an absent id is absent: addDocument keeps a prototype-named id, setActive refuses a missing one', () => {
    const store = createStudioStore();
    for (const id of PROTOTYPE_IDS) {
      const { id: _id, ...rest } = doc(id);
      expect(store.getState().addDocument({ ...rest, id })).toBe(id);
    }
    const s = store.getState();
    expect(s.order).toEqual(PROTOTYPE_IDS);
    s.setActive('valueOf');
    expect(store.getState().activeId).toBe('hasOwnProperty');
    s.setActive('constructor');
    expect(store.getState().activeId).toBe('constructor');
  });
});
