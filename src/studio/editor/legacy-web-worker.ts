/**
 * monaco-editor 0.54 moved the `createWebWorker({ moduleId, label, createData })` form that
 * monaco-yaml (through monaco-worker-manager) calls out of the core API into its `editor.main`
 * entry — which also pulls in every bundled language. This is that entry's adapter, for the core
 * API alone: the worker comes from `MonacoEnvironment.getWorker(…, label)` and receives
 * `createData` first, as `monaco-editor/esm/vs/editor/editor.main.js` does it. Its requests about
 * a document whose first kernel markers are still due wait for them (yaml-gate.ts).
 */
import type * as Monaco from 'monaco-editor/esm/vs/editor/editor.api';
import { yamlWorkerOpen } from './yaml-gate';

interface LegacyWorkerOptions {
  readonly worker?: undefined;
  readonly moduleId: string;
  readonly label?: string;
  readonly createData?: unknown;
  readonly host?: unknown;
  readonly keepIdleModels?: boolean;
}

type CreateWebWorker = (
  options: Monaco.editor.IInternalWebWorkerOptions | LegacyWorkerOptions,
) => unknown;

export function installLegacyWebWorker(monaco: typeof Monaco): void {
  const editor = monaco.editor as unknown as { createWebWorker: CreateWebWorker };
  const internal = editor.createWebWorker;
  editor.createWebWorker = (options) => {
    if (options.worker !== undefined) return internal(options);
    const legacy = options as LegacyWorkerOptions;
    const environment = (globalThis as { MonacoEnvironment?: Monaco.Environment })
      .MonacoEnvironment;
    if (typeof environment?.getWorker !== 'function') {
      throw new Error('MonacoEnvironment.getWorker is not set');
    }
    const worker = Promise.resolve(
      environment.getWorker('workerMain.js', legacy.label ?? 'monaco-editor-worker'),
    ).then((w) => {
      w.postMessage('ignore');
      w.postMessage(legacy.createData);
      return w;
    });
    const created = internal({
      worker,
      host: legacy.host,
      ...(legacy.keepIdleModels === undefined ? {} : { keepIdleModels: legacy.keepIdleModels }),
    }) as Monaco.editor.MonacoWebWorker<unknown>;
    return {
      dispose: () => created.dispose(),
      getProxy: () => created.getProxy(),
      withSyncedResources: (resources: Monaco.Uri[]) => {
        const held = yamlWorkerOpen(resources);
        return held
          ? held.then(() => created.withSyncedResources(resources))
          : created.withSyncedResources(resources);
      },
    };
  };
}
