import * as monaco from 'monaco-editor/esm/vs/editor/edcore.main.js';

/**
 * Monaco's light theme with key, number and comment colours a shade darker and lighter diff
 * backgrounds, so every token keeps a 4.5:1 contrast — also on the fix preview's changed lines.
 */
export function defineTheme(): void {
  monaco.editor.defineTheme('erdl-light', {
    base: 'vs',
    inherit: true,
    rules: [
      { token: 'type', foreground: '005f5f' },
      { token: 'number', foreground: '07694a' },
      { token: 'comment', foreground: '006400' },
    ],
    colors: {
      'diffEditor.insertedTextBackground': '#c9eec0',
      'diffEditor.removedTextBackground': '#ffd6d6',
      'diffEditor.insertedLineBackground': '#effbea',
      'diffEditor.removedLineBackground': '#fff0f0',
    },
  });
  monaco.editor.setTheme('erdl-light');
}
