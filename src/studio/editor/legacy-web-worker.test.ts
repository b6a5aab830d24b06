import { afterEach, describe, expect, it } from 'vitest';
import { installLegacyWebWorker } from './legacy-web-worker';

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
