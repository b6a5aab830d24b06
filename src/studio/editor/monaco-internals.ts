/**
 * Every place the studio relies on Monaco's internals — what is not its public API — lives in this
 * file, and tests/monaco-contract.test.ts reads the installed monaco-editor and monaco-yaml
 * sources to check each assumption, so an upgrade whose internals differ fails a test instead of
 * silently breaking the editor:
 *
 * 1. the editor worker's mirror update is a request message (`type` 0) whose method is
 *    `$acceptModelChanged` (`isMirrorUpdate`, used by worker-mirror.ts);
 * 2. the `createWebWorker({ moduleId, label, createData })` form monaco-yaml calls, adapted below
 *    as `editor.main.js` adapts it.
 *
 * monaco-editor 0.54 moved the `createWebWorker({ moduleId, label, createData })` form that
 * monaco-yaml (through monaco-worker-manager) calls out of the core API into its `editor.main`
 * entry — which also pulls in every bundled language. This is that entry's adapter, for the core
 * API alone: the worker comes from `MonacoEnvironment.getWorker(…, label)` and receives
 * `createData` first, as `monaco-editor/esm/vs/editor/editor.main.js` does it. Its requests about
 * a document whose first kernel markers are still due wait for them (yaml-gate.ts), and its schema
 * checks (`doValidation`) wait for `validationTurn` (see `deferValidation`).
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

export interface LegacyWorkerHooks {
  /**
   * Resolves when a schema check may run (monaco-setup.ts: once the studio is quiet). Completion,
   * links and the rest never wait for it.
   */
  readonly validationTurn?: () => Promise<void>;
}

export function installLegacyWebWorker(monaco: typeof Monaco, hooks: LegacyWorkerHooks = {}): void {
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
    const synced = (resources: Monaco.Uri[]) => {
      const held = yamlWorkerOpen(resources);
      return held
        ? held.then(() => created.withSyncedResources(resources))
        : created.withSyncedResources(resources);
    };
    const waiting = new Map<string, Promise<unknown>>();
    return {
      dispose: () => created.dispose(),
      getProxy: () => created.getProxy(),
      withSyncedResources: async (resources: Monaco.Uri[]) => {
        const proxy = await synced(resources);
        const turn = hooks.validationTurn;
        return turn ? deferValidation(proxy, turn, () => synced(resources), waiting) : proxy;
      },
    };
  };
}

/**
 * The worker's proxy with `doValidation(uri)` deferred: it waits for `turn`, then syncs the
 * document's text again (it may have changed meanwhile) and checks that. Calls for a document
 * that arrive while one waits share its answer: one check of the newest text, not one per pause
 * in the typing. monaco-marker-data-provider sets the answer's markers only if the model is still
 * at the version it asked about, so an answer never lands on a text it was not made for.
 *
 * Why (docs/performance-log.md, "Round 7"): monaco-yaml checks the whole document 500 ms after each
 * pause in its edits. On a 1,000-rule document one check is ~2 s of CPU; on the 2-core machine it
 * ran beside the first keystrokes after opening (long tasks while typing) and, on the 500-row
 * table, beside each next grid edit. The kernel's markers, the document's truth, never wait.
 */
function deferValidation(
  proxy: unknown,
  turn: () => Promise<void>,
  resync: () => Promise<unknown>,
  waiting: Map<string, Promise<unknown>>,
): unknown {
  if (typeof proxy !== 'object' || proxy === null) return proxy;
  return new Proxy(proxy, {
    get(target, property, receiver) {
      if (property !== 'doValidation') return Reflect.get(target, property, receiver);
      return (uri: string) => {
        const shared = waiting.get(uri);
        if (shared) return shared;
        const answer = turn()
          .catch(() => undefined)
          .then(async () => {
            // A check asked for from now on is of a text newer than this one: it waits anew.
            waiting.delete(uri);
            const fresh = (await resync()) as { doValidation(uri: string): Promise<unknown> };
            return fresh.doValidation(uri);
          });
        waiting.set(uri, answer);
        return answer;
      };
    },
  });
}

/** Monaco 0.54's request message for a mirror update (`webWorker.js`, `RequestMessage`). */
export function isMirrorUpdate(message: unknown): boolean {
  if (typeof message !== 'object' || message === null) return false;
  const m = message as { type?: unknown; method?: unknown };
  return m.type === 0 && m.method === '$acceptModelChanged';
}
