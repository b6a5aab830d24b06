import { afterEach, describe, expect, it, vi } from 'vitest';
import { installLegacyWebWorker } from './legacy-web-worker';
import { holdYamlWorker, releaseYamlWorker } from './yaml-gate';

interface FakeWorker {
  posted: unknown[];
  postMessage(message: unknown): void;
}

function fakeMonaco() {
  const calls: unknown[] = [];
  const monaco = {
    editor: {
      createWebWorker(options: unknown) {
        calls.push(options);
        return { created: options };
      },
    },
  };
  installLegacyWebWorker(monaco as never);
  return { monaco, calls };
}

describe('installLegacyWebWorker', () => {
  afterEach(() => {
    delete (globalThis as { MonacoEnvironment?: unknown }).MonacoEnvironment;
  });

  it('starts the labelled worker and hands it createData first, as editor.main does', async () => {
    const started: string[] = [];
    const worker: FakeWorker = {
      posted: [],
      postMessage(message) {
        this.posted.push(message);
      },
    };
    (globalThis as { MonacoEnvironment?: unknown }).MonacoEnvironment = {
      getWorker(_id: string, label: string) {
        started.push(label);
        return worker;
      },
    };
    const { monaco, calls } = fakeMonaco();
    monaco.editor.createWebWorker({
      moduleId: 'monaco-yaml/yaml.worker',
      label: 'yaml',
      createData: { a: 1 },
    });
    expect(started).toEqual(['yaml']);
    const passed = calls[0] as { worker: Promise<FakeWorker> };
    expect(await passed.worker).toBe(worker);
    expect(worker.posted).toEqual(['ignore', { a: 1 }]);
  });

  it('passes the current API form through unchanged', () => {
    const { monaco, calls } = fakeMonaco();
    const options = { worker: {} };
    monaco.editor.createWebWorker(options);
    expect(calls).toEqual([options]);
  });

  it('says what is missing when no worker factory is configured', () => {
    const { monaco } = fakeMonaco();
    expect(() => monaco.editor.createWebWorker({ moduleId: 'x' })).toThrow(
      /MonacoEnvironment\.getWorker/,
    );
  });
});

describe('a document whose first kernel markers are due (yaml-gate.ts)', () => {
  afterEach(() => {
    delete (globalThis as { MonacoEnvironment?: unknown }).MonacoEnvironment;
    releaseYamlWorker('file:///held.erdl.yaml');
    vi.useRealTimers();
  });

  /** The legacy worker over a fake Monaco worker that records which resources it synced. */
  function yamlWorker() {
    const synced: string[][] = [];
    (globalThis as { MonacoEnvironment?: unknown }).MonacoEnvironment = {
      getWorker: () => ({ postMessage() {} }),
    };
    const monaco = {
      editor: {
        createWebWorker: (_options: unknown) => ({
          dispose() {},
          getProxy: async () => 'proxy',
          withSyncedResources: async (resources: { toString(): string }[]) => {
            synced.push(resources.map(String));
            return 'proxy';
          },
        }),
      },
    };
    installLegacyWebWorker(monaco as never);
    const worker = monaco.editor.createWebWorker({
      moduleId: 'monaco-yaml/yaml.worker',
    } as never) as {
      withSyncedResources(resources: string[]): Promise<unknown>;
    };
    return { worker, synced };
  }

  it('reaches the YAML worker only after its markers, other documents at once', async () => {
    const { worker, synced } = yamlWorker();
    holdYamlWorker('file:///held.erdl.yaml');
    let answered = false;
    const held = worker.withSyncedResources(['file:///held.erdl.yaml']).then(() => {
      answered = true;
    });
    await worker.withSyncedResources(['file:///other.erdl.yaml']);
    expect(synced).toEqual([['file:///other.erdl.yaml']]);
    expect(answered).toBe(false);
    releaseYamlWorker('file:///held.erdl.yaml');
    await held;
    expect(synced).toEqual([['file:///other.erdl.yaml'], ['file:///held.erdl.yaml']]);
  });

  it('goes after the longest wait when the markers never come', async () => {
    vi.useFakeTimers();
    const { worker, synced } = yamlWorker();
    holdYamlWorker('file:///held.erdl.yaml', 5_000);
    const held = worker.withSyncedResources(['file:///held.erdl.yaml']);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(synced).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await held;
    expect(synced).toEqual([['file:///held.erdl.yaml']]);
  });
});
