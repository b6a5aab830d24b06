// monaco-editor ships types for `editor.api` only; `edcore.main.js` is that API plus the editor
// contributions (hover, suggest, code actions, diff …) without the bundled languages.
declare module 'monaco-editor/esm/vs/editor/edcore.main.js' {
  export * from 'monaco-editor/esm/vs/editor/editor.api';
}

declare module 'monaco-editor/esm/vs/basic-languages/yaml/yaml.contribution.js';

// Monaco's own Unicode highlighter (no shipped types), run under Node by view-options.test.ts on
// the options the editor is created with.
declare module 'monaco-editor/esm/vs/editor/common/services/unicodeTextModelHighlighter.js' {
  export const UnicodeTextModelHighlighter: {
    computeUnicodeHighlights(
      model: { getLineCount(): number; getLineContent(line: number): string },
      options: {
        nonBasicASCII: boolean | 'inUntrustedWorkspace';
        ambiguousCharacters: boolean;
        invisibleCharacters: boolean;
        includeComments: boolean | 'inUntrustedWorkspace';
        includeStrings: boolean | 'inUntrustedWorkspace';
        allowedCodePoints: number[];
        allowedLocales: string[];
      },
      range?: unknown,
    ): {
      ranges: { startLineNumber: number; startColumn: number; endColumn: number }[];
      hasMore: boolean;
    };
  };
}

// Monaco's Chinese UI messages: sets globalThis._VSCODE_NLS_MESSAGES (monaco-locale.ts).
declare module 'monaco-editor/esm/nls.messages.zh-cn.js';
