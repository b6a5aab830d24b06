// monaco-editor ships types for `editor.api` only; `edcore.main.js` is that API plus the editor
// contributions (hover, suggest, code actions, diff …) without the bundled languages.
declare module 'monaco-editor/esm/vs/editor/edcore.main.js' {
  export * from 'monaco-editor/esm/vs/editor/editor.api';
}

declare module 'monaco-editor/esm/vs/basic-languages/yaml/yaml.contribution.js';
