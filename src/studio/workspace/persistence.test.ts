import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EXAMPLES } from '../examples';
import { createStudioStore, type StudioStore } from '../store';
import { importText, workspaceFileText } from './files';
import { emptyMemoryDatabase, type MemoryDatabase, MemoryStorage } from './memory-storage';
import { type ChannelLike, SAVE_DEBOUNCE_MS, WorkspacePersistence } from './persistence';
import { encodeShare } from './share';
import type { WorkspaceStorage } from './storage';

/** BroadcastChannel stand-in: delivers to every other channel of the hub, asynchronously. */
class Hub {
  private readonly members = new Set<ChannelLike>();
  channel(): ChannelLike {
    const hub = this;
    const channel: ChannelLike = {
      onmessage: null,
      postMessage(message) {
        for (const other of hub.members) {
          if (other !== channel) queueMicrotask(() => other.onmessage?.({ data: message }));
        }
      },
      close() {
        hub.members.delete(channel);
      },
    };
    this.members.add(channel);
    return channel;
  }
}

interface Tab {
  store: StudioStore;
  persistence: WorkspacePersistence;
}

async function openTab(
  db: MemoryDatabase,
  options: { hub?: Hub; share?: string; storage?: WorkspaceStorage; tabId?: string } = {},
): Promise<Tab> {
  const store = createStudioStore();
  const persistence = new WorkspacePersistence(store, {
    openStorage: async () => options.storage ?? new MemoryStorage(db),
    channel: options.hub?.channel() ?? null,
    tabId: options.tabId ?? crypto.randomUUID(),
  });
  await persistence.start(options.share ?? null);
  return { store, persistence };
}

const activeText = (tab: Tab) => {
  const s = tab.store.getState();
  return s.documents[s.activeId ?? '']?.text;
};

const edit = (tab: Tab, text: string) => {
  const s = tab.store.getState();
  s.setText(s.activeId ?? '', text);
};

/** The whole in-memory database as text: "byte for byte the same" is `dump(db) === before`. */
function dump(db: MemoryDatabase): string {
  return JSON.stringify({
    record: JSON.stringify(db.record),
    orphans: JSON.stringify([...db.orphans.entries()]),
    backups: JSON.stringify(db.backups),
  });
}

/** Lets the debounce run and every pending save and message settle. */
const settle = () => vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS * 2);

let tabs: Tab[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  tabs = [];
});

afterEach(() => {
  for (const tab of tabs) tab.persistence.stop();
  vi.useRealTimers();
});

describe('first start', () => {
  it('loads one document per example and saves the fresh workspace at once', async () => {
    const db = emptyMemoryDatabase();
    const tab = await openTab(db);
    const state = tab.store.getState();
    expect(state.order.map((id) => state.documents[id]?.name)).toEqual(EXAMPLES.map((e) => e.name));
    expect(state.order.map((id) => state.documents[id]?.cursor)).toEqual(
      EXAMPLES.map(() => ({ line: 1, column: 1 })),
    );
    expect(state.documents[state.activeId ?? '']?.text).toBe(EXAMPLES[0]?.text);
    expect(db.record?.stamp).toBe(1);
    expect(db.record?.snapshot.documents.map((d) => d.text)).toEqual(EXAMPLES.map((e) => e.text));
    expect(state.persistence).toEqual({ state: 'saved', revision: state.revision });
  });
});

describe('saving', () => {
  it('saves 300 ms after the last change and restores text, cursor and active document', async () => {
    const db = emptyMemoryDatabase();
    const tab = await openTab(db);
    const s = tab.store.getState();
    const second = s.order[1] ?? '';
    s.setActive(second);
    s.setText(second, '# edited\nprotocol: "erdl/v2"\n');
    s.setCursor(second, { line: 2, column: 7 });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS - 50);
    expect(db.record?.stamp).toBe(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(db.record?.stamp).toBe(2);

    const reopened = await openTab(db);
    const r = reopened.store.getState();
    expect(r.activeId).toBe(second);
    expect(r.documents[second]?.text).toBe('# edited\nprotocol: "erdl/v2"\n');
    expect(r.documents[second]?.cursor).toEqual({ line: 2, column: 7 });
    expect(r.order).toEqual(s.order);
  });

  it('flush() starts the save synchronously (pagehide), without waiting for the debounce', async () => {
    const db = emptyMemoryDatabase();
    const tab = await openTab(db);
    edit(tab, 'typed just before leaving');
    tab.persistence.flush();
    // MemoryStorage writes in the synchronous part of save(), as IndexedDB issues its requests.
    expect(db.record?.snapshot.documents[0]?.text).toBe('typed just before leaving');
    expect(db.record?.stamp).toBe(2);
  });

  it('flush() journals synchronously, so a page torn down before the save lands loses nothing', async () => {
    const db = emptyMemoryDatabase();
    const storage = new MemoryStorage(db);
    const tab = await openTab(db, { storage });
    // The page dies: the save never reaches the disk.
    storage.save = () => new Promise(() => undefined);
    const s = tab.store.getState();
    edit(tab, 'typed, then the tab closed');
    s.setCursor(s.activeId ?? '', { line: 3, column: 4 });
    tab.persistence.flush();
    tab.persistence.stop();
    expect(db.record?.stamp).toBe(1);

    const reopened = await openTab(db);
    expect(activeText(reopened)).toBe('typed, then the tab closed');
    const r = reopened.store.getState();
    expect(r.documents[r.activeId ?? '']?.cursor).toEqual({ line: 3, column: 4 });
    expect(r.notices.at(-1)?.message.en).toContain('Restored edits');
    expect(db.record?.snapshot.documents[0]?.text).toBe('typed, then the tab closed');
    expect(db.orphans.size).toBe(0);
  });

  it('a reload right after typing restores the journal in place when its own save under way landed', async () => {
    const db = emptyMemoryDatabase();
    const storage = new MemoryStorage(db);
    const tab = await openTab(db, { storage, tabId: 'typing-tab' });
    await settle();
    const stamp = db.record?.stamp ?? 0;
    // The debounced save of a half-typed line: written, its answer still on its way.
    const save = storage.save.bind(storage);
    storage.save = (...args) => {
      const outcome = save(...args);
      return new Promise(() => void outcome);
    };
    edit(tab, 'typed just befo');
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    expect(db.record?.stamp).toBe(stamp + 1);
    expect(db.record?.snapshot.documents[0]?.text).toBe('typed just befo');
    // The rest of the line, then the reload: pagehide journals it; the save it queues never lands.
    storage.save = () => new Promise(() => undefined);
    edit(tab, 'typed just before the reload');
    tab.persistence.flush();
    tab.persistence.stop();

    const reopened = await openTab(db);
    expect(activeText(reopened)).toBe('typed just before the reload');
    const r = reopened.store.getState();
    expect(r.order.map((id) => r.documents[id]?.name).filter((n) => n?.includes('('))).toEqual([]);
    expect(r.notices.at(-1)?.message.en).toContain('Restored edits');
    expect(db.orphans.size).toBe(0);
  });

  it('a failing save reports a bilingual error, keeps the work and saves on the next change', async () => {
    const db = emptyMemoryDatabase();
    const storage = new MemoryStorage(db);
    const tab = await openTab(db, { storage });
    const realSave = storage.save.bind(storage);
    const quota = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    storage.save = () => Promise.reject(quota);
    edit(tab, 'too big to save');
    await settle();
    const state = tab.store.getState();
    expect(state.persistence.state).toBe('error');
    const notice = state.notices.at(-1);
    expect(notice?.kind).toBe('error');
    expect(notice?.message.en).toContain('QuotaExceededError');
    expect(notice?.message.zh).toContain('无法保存工作区');
    expect(activeText(tab)).toBe('too big to save');

    storage.save = realSave;
    edit(tab, 'smaller now');
    await settle();
    expect(tab.store.getState().persistence.state).toBe('saved');
    expect(db.record?.snapshot.documents[0]?.text).toBe('smaller now');
  });
});

describe('storage problems at start', () => {
  it('without IndexedDB: a bilingual warning, the examples, and work kept in memory', async () => {
    const store = createStudioStore();
    const persistence = new WorkspacePersistence(store, {
      openStorage: () => Promise.reject(new Error('blocked by the browser')),
      channel: null,
      tabId: 'tab',
    });
    await persistence.start();
    tabs.push({ store, persistence });
    const state = store.getState();
    expect(state.order).toHaveLength(EXAMPLES.length);
    expect(state.notices[0]?.kind).toBe('warning');
    expect(state.notices[0]?.message.en).toContain('blocked by the browser');
    expect(state.notices[0]?.message.zh).toContain('IndexedDB');
    expect(state.persistence.state).toBe('saved');
  });

  it('an unreadable stored workspace is kept as it is, copied aside and reported; the examples show', async () => {
    const db = emptyMemoryDatabase();
    db.record = { snapshot: { nonsense: true } as never, stamp: 4, savedBy: 'x' };
    const stored = dump(db);
    const tab = await openTab(db);
    const state = tab.store.getState();
    expect(state.order).toHaveLength(EXAMPLES.length);
    expect(state.notices[0]?.kind).toBe('error');
    expect(state.notices[0]?.message.en).toContain(
      'The saved workspace could not be read: nonsense: not a field of a workspace file; format: is missing',
    );
    expect(state.notices[0]?.message.en).toContain('nothing is saved over it until you change');
    expect(state.notices[0]?.message.zh).toContain('在你做出修改之前');
    expect(db.backups).toEqual([
      { snapshot: { nonsense: true }, tabId: 'damaged', reason: 'stamp-4' },
    ]);
    // Nothing was saved over it (until now: the old studio saved the examples at once, stamp 5).
    expect(JSON.stringify(db.record)).toBe(JSON.parse(stored).record);
    edit(tab, 'the user goes on');
    await settle();
    expect(db.record?.stamp).toBe(5);
    expect(db.record?.snapshot.documents[0]?.text).toBe('the user goes on');
  });
});

describe('a damaged saved workspace loses nothing', () => {
  const workspaceOf = (documents: unknown[]) =>
    ({
      format: 'erdl-studio-workspace',
      formatVersion: 1,
      documents,
      activeId: null,
      fieldDictionary: '',
    }) as never;

  it('its valid documents load, each damaged one is named, the record stays as it is', async () => {
    const db = emptyMemoryDatabase();
    const valid = (id: string, name: string) => ({ id, name, text: `# ${name}\n` });
    db.record = {
      snapshot: workspaceOf([
        valid('a', 'first'),
        { id: 'b', name: 'second', text: 5 },
        valid('__proto__', 'third'),
        valid('a', 'fourth'),
      ]),
      stamp: 7,
      savedBy: 'x',
    };
    const stored = dump(db);
    const tab = await openTab(db);
    const state = tab.store.getState();
    expect(state.order).toEqual(['a', '__proto__']);
    expect(state.order.map((id) => state.documents[id]?.name)).toEqual(['first', 'third']);
    const notice = state.notices[0];
    expect(notice?.kind).toBe('error');
    expect(notice?.message.en).toContain(
      'document 2 “second” (documents[1].text): “text” must be text, not a number',
    );
    expect(notice?.message.en).toContain('document 4 “fourth” (documents[3].id)');
    expect(notice?.message.en).toContain('The 2 readable documents are shown');
    expect(notice?.message.zh).toContain('第 2 个文档“second”');
    expect(notice?.message.zh).toContain('已显示其中可读取的 2 个文档');
    // The record is untouched; a copy of it exactly as stored is in the backups.
    expect(JSON.parse(dump(db)).record).toBe(JSON.parse(stored).record);
    expect(db.backups.map((b) => [b.tabId, b.reason])).toEqual([['damaged', 'stamp-7']]);
    expect(JSON.stringify(db.backups[0]?.snapshot)).toBe(
      JSON.stringify(JSON.parse(JSON.parse(stored).record).snapshot),
    );
    expect(tab.store.getState().persistence.state).toBe('saved');
    // A reload before any change: the same, and still one copy.
    tab.persistence.stop();
    const again = await openTab(db);
    expect(again.store.getState().order).toEqual(['a', '__proto__']);
    expect(JSON.parse(dump(db)).record).toBe(JSON.parse(stored).record);
    expect(db.backups).toHaveLength(2);
    expect(new Set(db.backups.map((b) => `${b.tabId}:${b.reason}`)).size).toBe(1);
  });

  it('when no copy can be kept, nothing is saved over it from this tab', async () => {
    const db = emptyMemoryDatabase();
    db.record = { snapshot: workspaceOf([{ id: 'a', name: 'a' }]), stamp: 2, savedBy: 'x' };
    const stored = dump(db);
    const storage = new MemoryStorage(db);
    storage.backup = () => Promise.reject(new DOMException('disk full', 'QuotaExceededError'));
    const tab = await openTab(db, { storage });
    const state = tab.store.getState();
    expect(state.persistence.state).toBe('error');
    expect(state.notices[0]?.message.en).toContain('QuotaExceededError: disk full');
    expect(state.notices[0]?.message.en).toContain('nothing is saved from this tab');
    expect(state.notices[0]?.message.zh).toContain('此标签页不会保存任何内容');
    edit(tab, 'typed anyway');
    await settle();
    tab.persistence.flush();
    await settle();
    expect(dump(db)).toBe(stored);
  });

  it('a closed tab’s damaged unsaved work: readable documents come back, all of it is kept', async () => {
    const db = emptyMemoryDatabase();
    const first = await openTab(db);
    first.persistence.stop();
    db.orphans.set('unsaved:dead', {
      key: 'unsaved:dead',
      snapshot: workspaceOf([
        { id: 'x', name: 'kept', text: '# kept\n' },
        { id: 'y', name: 'broken', text: null },
      ]),
      baseStamp: 1,
      savedBy: 'dead',
    });
    const tab = await openTab(db);
    const state = tab.store.getState();
    expect(state.order.map((id) => state.documents[id]?.name)).toContain('kept (recovered)');
    expect(state.notices.some((n) => n.message.en.includes('document 2 “broken”'))).toBe(true);
    expect(db.backups.map((b) => b.reason)).toContain('unsaved-unsaved:dead');
    expect(db.orphans.size).toBe(0);
  });
});

describe('importing a workspace file is all or nothing', () => {
  const PROTO = '__proto__';
  const hostileIds = [PROTO, 'constructor', 'prototype', 'toString', 'hasOwnProperty'];
  const fileWith = (documents: unknown[], activeId: string | null = null) =>
    `${JSON.stringify(
      {
        format: 'erdl-studio-workspace',
        formatVersion: 1,
        documents,
        activeId,
        fieldDictionary: '',
      },
      null,
      2,
    )}\n`;

  function imported(text: string) {
    const result = importText('w.erdl-workspace.json', text);
    if (result.kind !== 'workspace') throw new Error(`not imported: ${JSON.stringify(result)}`);
    return result.snapshot;
  }

  it('ids __proto__, constructor, toString … round-trip through import, save and reload', async () => {
    const db = emptyMemoryDatabase();
    const tab = await openTab(db);
    const text = fileWith(
      hostileIds.map((id, i) => ({ id, name: `doc ${i}`, text: `# ${id}\n` })),
      'constructor',
    );
    const done = await tab.persistence.importWorkspace(imported(text), 'replace', 'w');
    expect(done).toEqual({ ok: true });
    expect(tab.store.getState().order).toEqual(hostileIds);
    expect(db.record?.snapshot.documents.map((d) => d.id)).toEqual(hostileIds);
    // The replaced workspace is kept, written in the same save.
    expect(db.backups.map((b) => b.reason)).toEqual(['before-replace']);
    expect(db.backups[0]?.snapshot.documents).toHaveLength(EXAMPLES.length);
    // An edit after the import is saved with every other document.
    tab.store.getState().setText('toString', '# toString, edited\n');
    await settle();
    tab.persistence.stop();

    const reloaded = await openTab(db);
    const state = reloaded.store.getState();
    expect(state.notices).toEqual([]);
    expect(state.order).toEqual(hostileIds);
    expect(state.activeId).toBe('constructor');
    expect(state.order.map((id) => state.documents[id]?.text)).toEqual(
      hostileIds.map((id) => (id === 'toString' ? '# toString, edited\n' : `# ${id}\n`)),
    );
    // Exported, it is the file that was imported (ids, names, texts; defaults written out).
    expect(
      JSON.parse(workspaceFileText(state.snapshot())).documents.map((d: { id: string }) => d.id),
    ).toEqual(hostileIds);
    expect(Object.keys(Object.prototype)).toEqual([]);
  });

  it('merging gives the imported documents new ids and unique names beside the open ones', async () => {
    const db = emptyMemoryDatabase();
    const tab = await openTab(db);
    const before = tab.store.getState().snapshot();
    const name = before.documents[0]?.name as string;
    const text = fileWith([
      { id: before.documents[0]?.id, name, text: '# same id\n' },
      { id: PROTO, name: 'p', text: '' },
    ]);
    expect(await tab.persistence.importWorkspace(imported(text), 'merge', 'w')).toEqual({
      ok: true,
    });
    const state = tab.store.getState();
    expect(state.order.slice(0, before.documents.length)).toEqual(
      before.documents.map((d) => d.id),
    );
    expect(state.order).toHaveLength(before.documents.length + 2);
    expect(state.order.slice(-2)).not.toContain(PROTO);
    expect(state.order.map((id) => state.documents[id]?.name).slice(-2)).toEqual([
      `${name} (2)`,
      'p',
    ]);
    expect(db.record?.snapshot.documents).toHaveLength(before.documents.length + 2);
    expect(db.backups).toEqual([]);
  });

  it('a snapshot failing the check leaves the storage byte for byte as it was', async () => {
    const db = emptyMemoryDatabase();
    const tab = await openTab(db);
    edit(tab, 'unsaved edit');
    const stored = dump(db);
    const shown = tab.store.getState().snapshot();
    const hostile = {
      format: 'erdl-studio-workspace',
      formatVersion: 1,
      documents: [
        { id: PROTO, name: 'a', text: '' },
        { id: PROTO, name: 'b', text: '' },
      ],
      activeId: null,
      fieldDictionary: '',
    } as never;
    const done = await tab.persistence.importWorkspace(
      hostile,
      'replace',
      'evil.erdl-workspace.json',
    );
    expect(done.ok).toBe(false);
    if (done.ok) return;
    expect(done.message.en).toBe(
      '“evil.erdl-workspace.json” was not imported: document 2 “b” (documents[1].id): the id “__proto__” repeats the id of document 1 “a”. Your workspace is unchanged.',
    );
    expect(done.message.zh).toContain('“evil.erdl-workspace.json”未导入：第 2 个文档“b”');
    expect(dump(db)).toBe(stored);
    expect(tab.store.getState().snapshot()).toEqual(shown);
    // The edit waiting for its save is still saved.
    await settle();
    expect(db.record?.snapshot.documents[0]?.text).toBe('unsaved edit');
  });

  for (const failAtWrite of [1, 2, 3, 4]) {
    it(`a save failing at its write ${failAtWrite} (of journal, backup, record, journal removal) changes nothing`, async () => {
      const db = emptyMemoryDatabase();
      const tab = await openTab(db);
      const stored = dump(db);
      const shown = tab.store.getState().snapshot();
      db.fault = {
        failAtWrite,
        error: new DOMException('The quota was exceeded.', 'QuotaExceededError'),
      };
      const text = fileWith([{ id: PROTO, name: 'imported', text: '# imported\n' }]);
      const done = await tab.persistence.importWorkspace(
        imported(text),
        'replace',
        'w.erdl-workspace.json',
      );
      expect(done.ok).toBe(false);
      if (done.ok) return;
      expect(done.message.en).toBe(
        '“w.erdl-workspace.json” was not imported: the workspace could not be saved (QuotaExceededError: The quota was exceeded.). Your workspace is unchanged.',
      );
      expect(done.message.zh).toContain(
        '无法保存工作区（QuotaExceededError: The quota was exceeded.）',
      );
      expect(dump(db)).toBe(stored);
      expect(tab.store.getState().snapshot()).toEqual(shown);
      expect(tab.store.getState().persistence.state).toBe('saved');
      tab.persistence.stop();
      const reloaded = await openTab(db);
      expect(reloaded.store.getState().snapshot().documents).toEqual(shown.documents);
    });
  }

  it('another tab saved first: nothing is imported, the conflict is shown', async () => {
    const hub = new Hub();
    const db = emptyMemoryDatabase();
    const a = await openTab(db, { hub });
    const b = await openTab(db, { hub });
    edit(a, 'A saved');
    await settle();
    const text = fileWith([{ id: 'x', name: 'x', text: '' }]);
    const done = await b.persistence.importWorkspace(imported(text), 'replace', 'w');
    expect(done.ok).toBe(false);
    expect(db.record?.snapshot.documents[0]?.text).toBe('A saved');
    expect(b.store.getState().persistence.state).toBe('conflict');
  });
});

describe('two tabs', () => {
  it('B is told when A saves; B keeps its edit, then forks it as a copy beside A’s', async () => {
    const db = emptyMemoryDatabase();
    const hub = new Hub();
    const a = await openTab(db, { hub });
    const b = await openTab(db, { hub });
    tabs.push(a, b);
    edit(a, 'edit in A');
    await settle();
    expect(db.record?.snapshot.documents[0]?.text).toBe('edit in A');
    expect(b.store.getState().persistence.state).toBe('conflict');

    edit(b, 'edit in B');
    await settle();
    // A's version is not overwritten; B's is in memory and in a backup.
    expect(db.record?.snapshot.documents[0]?.text).toBe('edit in A');
    expect(activeText(b)).toBe('edit in B');
    expect(db.backups.some((x) => x.snapshot.documents[0]?.text === 'edit in B')).toBe(true);
    expect(b.persistence.hasUnsavedChanges()).toBe(true);

    await b.persistence.keepMineAsCopies();
    await settle();
    const texts = db.record?.snapshot.documents.map((d) => d.text) ?? [];
    expect(texts).toContain('edit in A');
    expect(texts).toContain('edit in B');
    const names = db.record?.snapshot.documents.map((d) => d.name) ?? [];
    expect(names).toContain(`${EXAMPLES[0]?.name} (copy)`);
    expect(b.store.getState().persistence.state).toBe('saved');
    // The fork is active in B, and A hears about B's save.
    expect(activeText(b)).toBe('edit in B');
    expect(a.store.getState().persistence.state).toBe('conflict');
    expect(a.persistence.hasUnsavedChanges()).toBe(false);
    await a.persistence.reloadTheirs();
    expect(a.store.getState().order).toHaveLength(EXAMPLES.length + 1);
  });

  it('reload theirs takes the other version and keeps ours as a backup', async () => {
    const db = emptyMemoryDatabase();
    const hub = new Hub();
    const a = await openTab(db, { hub });
    const b = await openTab(db, { hub });
    tabs.push(a, b);
    edit(a, 'from A');
    edit(b, 'from B');
    await settle();
    const states = [a, b].map((t) => t.store.getState().persistence.state).sort();
    expect(states).toEqual(['conflict', 'saved']);
    const [winner, loser] = a.store.getState().persistence.state === 'saved' ? [a, b] : [b, a];
    const losingText = activeText(loser);
    await loser.persistence.reloadTheirs();
    expect(activeText(loser)).toBe(activeText(winner));
    expect(loser.store.getState().persistence.state).toBe('saved');
    expect(
      db.backups.some(
        (x) => x.reason === 'before-reload' && x.snapshot.documents[0]?.text === losingText,
      ),
    ).toBe(true);
    // Saving works again from the reloaded version.
    edit(loser, 'after reload');
    await settle();
    expect(db.record?.snapshot.documents[0]?.text).toBe('after reload');
  });

  it('without the channel, the stamp check in the save itself catches the other tab', async () => {
    const db = emptyMemoryDatabase();
    const a = await openTab(db);
    const b = await openTab(db);
    tabs.push(a, b);
    edit(a, 'A first');
    await settle();
    edit(b, 'B second');
    await settle();
    expect(db.record?.snapshot.documents[0]?.text).toBe('A first');
    expect(b.store.getState().persistence.state).toBe('conflict');
    expect(activeText(b)).toBe('B second');
  });
});

describe('recovery of a tab that died mid-save', () => {
  it('restores its work whole when it was based on the stored version', async () => {
    const db = emptyMemoryDatabase();
    const first = await openTab(db);
    const snapshot = first.store.getState().snapshot();
    first.persistence.stop();
    const doc = snapshot.documents[0];
    if (!doc) throw new Error('no document');
    const unsaved = {
      ...snapshot,
      documents: [
        { ...doc, text: 'typed, never saved', cursor: { line: 1, column: 9 } },
        ...snapshot.documents.slice(1),
      ],
    };
    db.orphans.set('unsaved:dead', {
      key: 'unsaved:dead',
      snapshot: unsaved,
      baseStamp: 1,
      savedBy: 'dead',
    });
    const tab = await openTab(db);
    expect(activeText(tab)).toBe('typed, never saved');
    expect(tab.store.getState().documents[doc.id]?.cursor).toEqual({ line: 1, column: 9 });
    expect(db.record?.snapshot.documents[0]?.text).toBe('typed, never saved');
    expect(db.orphans.size).toBe(0);
  });

  it('adds its changed documents as "(recovered)" copies when the stored version moved on', async () => {
    const db = emptyMemoryDatabase();
    const first = await openTab(db);
    edit(first, 'saved later by another tab');
    await settle();
    first.persistence.stop();
    const doc = db.record?.snapshot.documents[0];
    if (!doc || !db.record) throw new Error('no document');
    const stale = { ...db.record.snapshot, documents: [{ ...doc, text: 'stale edit' }] };
    db.orphans.set('unsaved:dead', {
      key: 'unsaved:dead',
      snapshot: stale,
      baseStamp: 1,
      savedBy: 'dead',
    });
    const tab = await openTab(db);
    const state = tab.store.getState();
    const texts = state.order.map((id) => state.documents[id]?.text);
    expect(texts).toContain('saved later by another tab');
    expect(texts).toContain('stale edit');
    expect(state.order.map((id) => state.documents[id]?.name)).toContain(`${doc.name} (recovered)`);
    expect(db.orphans.size).toBe(0);
  });
});

describe('share links at start', () => {
  it('open as a new document, which is saved', async () => {
    const db = emptyMemoryDatabase();
    const data = await encodeShare({
      name: 'shared-rule',
      text: '# shared\nprotocol: "erdl/v2"\n',
      fact: 'fact: {}\n',
      asOf: '2026-02-01T00:00:00.000Z',
    });
    const tab = await openTab(db, { share: data });
    const state = tab.store.getState();
    expect(state.order).toHaveLength(EXAMPLES.length + 1);
    expect(state.documents[state.activeId ?? '']?.name).toBe('shared-rule');
    expect(activeText(tab)).toBe('# shared\nprotocol: "erdl/v2"\n');
    expect(db.record?.snapshot.documents.at(-1)?.name).toBe('shared-rule');
  });

  it('a broken link is reported in both languages and nothing is added', async () => {
    const db = emptyMemoryDatabase();
    const tab = await openTab(db, { share: 'AAAA' });
    const state = tab.store.getState();
    expect(state.order).toHaveLength(EXAMPLES.length);
    const notice = state.notices.at(-1);
    expect(notice?.kind).toBe('error');
    expect(notice?.message.en).toMatch(/share link is not valid/);
    expect(notice?.message.zh).toMatch(/分享链接无效/);
  });
});
