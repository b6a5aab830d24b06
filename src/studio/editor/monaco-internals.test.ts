import { afterEach, describe, expect, it, vi } from 'vitest';
import { installLegacyWebWorker } from './monaco-internals';
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

/**
 * A legacy-form worker (as monaco-yaml creates it) over a fake Monaco worker whose
 * `withSyncedResources` is `sync`.
 */
function legacyWorkerOver(
  sync: (resources: { toString(): string }[]) => Promise<unknown>,
  hooks?: Parameters<typeof installLegacyWebWorker>[1],
): unknown {
  (globalThis as { MonacoEnvironment?: unknown }).MonacoEnvironment = {
    getWorker: () => ({ postMessage() {} }),
  };
  const monaco = {
    editor: {
      createWebWorker: (_options: unknown) => ({
        dispose() {},
        getProxy: async () => ({}),
        withSyncedResources: sync,
      }),
    },
  };
  installLegacyWebWorker(monaco as never, hooks);
  return monaco.editor.createWebWorker({ moduleId: 'monaco-yaml/yaml.worker' } as never);
}

describe('a document whose first kernel markers are due (yaml-gate.ts)', () => {
  afterEach(() => {
    delete (globalThis as { MonacoEnvironment?: unknown }).MonacoEnvironment;
    releaseYamlWorker('file:///held.erdl.yaml');
    vi.useRealTimers();
  });

  /** The legacy worker over a fake Monaco worker that records which resources it synced. */
  function yamlWorker() {
    const synced: string[][] = [];
    const worker = legacyWorkerOver(async (resources) => {
      synced.push(resources.map(String));
      return 'proxy';
    }) as { withSyncedResources(resources: string[]): Promise<unknown> };
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

describe("monaco-yaml's schema checks wait for their turn (validationTurn)", () => {
  afterEach(() => {
    delete (globalThis as { MonacoEnvironment?: unknown }).MonacoEnvironment;
  });

  /**
   * The legacy worker over a fake Monaco worker whose proxy answers `doValidation` with the text
   * it last synced (as the YAML worker checks its copy of the model), and `doComplete` at once.
   */
  function yamlWorker() {
    const log: string[] = [];
    let modelText = 'v1';
    let opened!: () => void;
    let turns = 0;
    const turn = () => {
      turns++;
      return new Promise<void>((resolve) => {
        opened = resolve;
      });
    };
    const worker = legacyWorkerOver(
      async () => {
        const copy = modelText;
        log.push(`sync ${copy}`);
        return {
          doValidation: async (uri: string) => {
            log.push(`validate ${uri} ${copy}`);
            return [`checked ${copy}`];
          },
          doComplete: async () => 'completions',
        };
      },
      { validationTurn: turn },
    ) as {
      withSyncedResources(resources: string[]): Promise<{
        doValidation(uri: string): Promise<unknown>;
        doComplete(): Promise<unknown>;
      }>;
    };
    return {
      worker,
      log,
      edit: (text: string) => {
        modelText = text;
      },
      open: () => opened(),
      turns: () => turns,
    };
  }

  const URI = 'file:///a.erdl.yaml';

  it('checks the newest text once the turn comes, and nothing before', async () => {
    const yaml = yamlWorker();
    const proxy = await yaml.worker.withSyncedResources([URI]);
    const answer = proxy.doValidation(URI);
    await Promise.resolve();
    expect(yaml.log).toEqual(['sync v1']);
    yaml.edit('v2');
    yaml.open();
    expect(await answer).toEqual(['checked v2']);
    expect(yaml.log).toEqual(['sync v1', 'sync v2', `validate ${URI} v2`]);
  });

  it('shares one check among the requests that wait together, and waits anew after it', async () => {
    const yaml = yamlWorker();
    const proxy = await yaml.worker.withSyncedResources([URI]);
    const first = proxy.doValidation(URI);
    const second = (await yaml.worker.withSyncedResources([URI])).doValidation(URI);
    expect(yaml.turns()).toBe(1);
    yaml.open();
    expect(await first).toEqual(['checked v1']);
    expect(await second).toEqual(['checked v1']);
    expect(yaml.log.filter((l) => l.startsWith('validate'))).toHaveLength(1);
    // A request after the turn came is about a newer text: it waits for a turn of its own.
    yaml.edit('v3');
    const third = proxy.doValidation(URI);
    expect(yaml.turns()).toBe(2);
    yaml.open();
    expect(await third).toEqual(['checked v3']);
  });

  it('never holds back the other requests (completion)', async () => {
    const yaml = yamlWorker();
    const proxy = await yaml.worker.withSyncedResources([URI]);
    void proxy.doValidation(URI);
    expect(await proxy.doComplete()).toBe('completions');
    expect(yaml.log.some((l) => l.startsWith('validate'))).toBe(false);
  });
});
