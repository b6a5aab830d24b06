/**
 * Monaco's own UI (context menu, find widget, command palette, fold hints …) in the studio's
 * language. monaco-editor 0.54's ESM build reads its messages from `globalThis._VSCODE_NLS_MESSAGES`
 * (vs/nls.messages.js) when each of its modules is evaluated — labels of actions and menus are
 * fixed then — so the Chinese table (`monaco-editor/esm/nls.messages.zh-cn.js`, which sets that
 * global) must run before Monaco's chunk does, and only when Chinese is chosen: an English studio
 * never downloads it. Switching the language afterwards cannot re-label a loaded Monaco; the
 * editor says so (YamlEditor.tsx) and the next load uses the new language.
 */
import type { Lang } from '../store/types';

declare global {
  var _VSCODE_NLS_LANGUAGE: string | undefined;
}

let loading: Promise<typeof import('./editor-session')> | null = null;
let monacoLang: Lang | null = null;

/** The language Monaco's own UI was loaded in, or null before it is loaded. */
export function monacoUiLang(): Lang | null {
  return monacoLang;
}

/**
 * The editor session module, with Monaco's messages set first for `lang` (the language at the
 * first call wins: Monaco loads once).
 */
export function loadEditorSession(lang: Lang): Promise<typeof import('./editor-session')> {
  loading ??= (async () => {
    if (lang === 'zh') {
      await import('monaco-editor/esm/nls.messages.zh-cn.js');
      globalThis._VSCODE_NLS_LANGUAGE = 'zh-cn';
    }
    monacoLang = lang;
    return import('./editor-session');
  })().catch((e: unknown) => {
    // A failed chunk may be retried from the editor's error state.
    loading = null;
    throw e;
  });
  return loading;
}
