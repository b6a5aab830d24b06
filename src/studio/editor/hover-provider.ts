/** Hover from the vocabulary, the schema's key descriptions and the current analysis' glosses. */
import * as monaco from 'monaco-editor/esm/vs/editor/edcore.main.js';
import type { Bilingual } from '../../kernel/diagnostics/diagnostic';
import type { StudioStore } from '../store';
import { currentAnalysis, documentIdOf } from './document-uri';
import { hoverAt } from './hover-content';

export function registerHover(
  store: StudioStore,
  schemaKeys: ReadonlyMap<string, Bilingual>,
): void {
  monaco.languages.registerHoverProvider('yaml', {
    provideHover(model, position) {
      if (!documentIdOf(model.uri)) return null;
      const current = currentAnalysis(store, model);
      const found = hoverAt({
        lineAt: (i) => model.getLineContent(i + 1),
        line: position.lineNumber - 1,
        column: position.column - 1,
        lang: store.getState().lang,
        rules: current ? current.entry.analysis.rules : null,
        keys: schemaKeys,
      });
      if (!found) return null;
      return {
        range: new monaco.Range(
          position.lineNumber,
          found.start + 1,
          position.lineNumber,
          found.end + 1,
        ),
        contents: found.markdown.map((value) => ({ value, isTrusted: false, supportHtml: false })),
      };
    },
  });
}
