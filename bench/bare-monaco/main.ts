/**
 * The baseline of `npm run bench:ui`: a page that is nothing but Monaco (the same pinned
 * monaco-editor as the studio, the same core build and YAML colouring, the same view options as
 * the studio's editor) and no studio code. The benchmark sets the same text, puts the cursor on
 * the same line and types the same keystrokes here and in the studio, alternating pages, so the
 * studio's cost is read as a ratio to Monaco's own.
 *
 * `?w=&h=` size the editor like the studio's editor area. The page marks `erdl:interactive` when
 * the editor exists and exposes it as `globalThis.__BARE_MONACO__`.
 */
import * as monaco from 'monaco-editor/esm/vs/editor/edcore.main.js';
import 'monaco-editor/esm/vs/basic-languages/yaml/yaml.contribution.js';
import EditorWorker from 'monaco-editor/esm/vs/editor/editor.worker.js?worker';
import { EDITOR_VIEW_OPTIONS } from '../../src/studio/editor/view-options';

declare global {
  var __BARE_MONACO__:
    | { setText(text: string): void; placeCursor(line: number, column: number): void }
    | undefined;
}

self.MonacoEnvironment = { getWorker: () => new EditorWorker() };

const params = new URLSearchParams(location.search);
const container = document.getElementById('editor') as HTMLElement;
container.style.width = `${Number(params.get('w') ?? 800)}px`;
container.style.height = `${Number(params.get('h') ?? 800)}px`;

const model = monaco.editor.createModel('', 'yaml');
model.updateOptions({ tabSize: 2, insertSpaces: true });
const editor = monaco.editor.create(container, {
  model,
  ...EDITOR_VIEW_OPTIONS,
});

globalThis.__BARE_MONACO__ = {
  setText(text) {
    model.setValue(text);
  },
  placeCursor(line, column) {
    editor.setPosition({ lineNumber: line, column });
    editor.revealPositionInCenter({ lineNumber: line, column });
    editor.focus();
  },
};
performance.mark('erdl:interactive');
