/**
 * The contract behind src/studio/editor/monaco-internals.ts: each assumption the studio makes
 * about Monaco's internals (not its public API), checked against the installed sources. An
 * upgrade of monaco-editor, monaco-yaml or monaco-worker-manager whose internals differ fails
 * here, naming the assumption, instead of silently breaking the editor (typing would post mirror
 * updates at once, or monaco-yaml's worker would never start).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isMirrorUpdate } from '../src/studio/editor/monaco-internals';

const require = createRequire(import.meta.url);
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));
const source = (name: string, file: string) =>
  readFileSync(path.join(packageDir(name), file), 'utf8');
const monacoWorkerManager = () => {
  // monaco-yaml's own dependency (it may be nested under monaco-yaml).
  const fromYaml = createRequire(path.join(packageDir('monaco-yaml'), 'index.js'));
  return readFileSync(fromYaml.resolve('monaco-worker-manager'), 'utf8');
};

describe('Monaco internals the studio relies on (monaco-internals.ts)', () => {
  it('a request message to a worker has type 0 and carries its method by name', () => {
    const webWorker = source('monaco-editor', 'esm/vs/base/common/worker/webWorker.js');
    const request = /class RequestMessage \{[\s\S]*?\n\}/.exec(webWorker)?.[0] ?? '';
    expect(request, 'RequestMessage class in webWorker.js').not.toBe('');
    expect(request).toContain('this.method = method;');
    expect(request).toMatch(/this\.type = 0\b/);
    // The message isMirrorUpdate recognises is exactly that shape.
    expect(
      isMirrorUpdate({
        vsWorker: 1,
        req: '1',
        channel: 'x',
        method: '$acceptModelChanged',
        args: [],
        type: 0,
      }),
    ).toBe(true);
  });

  it('the editor sends each model change to its workers as `$acceptModelChanged`', () => {
    const sync = source(
      'monaco-editor',
      'esm/vs/editor/common/services/textModelSync/textModelSync.impl.js',
    );
    expect(sync).toMatch(/_proxy\.\$acceptModelChanged\(/);
  });

  it('editor.main adapts the createWebWorker({ moduleId, label, createData }) form as monaco-internals.ts does', () => {
    const main = source('monaco-editor', 'esm/vs/editor/editor.main.js');
    // Dispatch on `options.worker === undefined`.
    expect(main).toMatch(
      /if \(options\.worker === void 0\) \{\s*return createWebWorker\(options\);/,
    );
    // MonacoEnvironment.getWorker("workerMain.js", label), then "ignore", then createData.
    expect(main).toContain('monacoEnvironment.getWorker("workerMain.js", label)');
    expect(main).toMatch(
      /w\.postMessage\("ignore"\);\s*w\.postMessage\(opts\.createData\);\s*return w;/,
    );
    expect(main).toMatch(
      /createWebWorker\(\{\s*worker,\s*host: opts\.host,\s*keepIdleModels: opts\.keepIdleModels\s*\}\)/,
    );
  });

  it('monaco-yaml starts its worker through that form', () => {
    const manager = monacoWorkerManager();
    expect(manager).toMatch(
      /monaco\.editor\.createWebWorker\(\{\s*createData,\s*label,\s*moduleId,?\s*\}\)/,
    );
    expect(manager).toContain('withSyncedResources(');
  });
});
