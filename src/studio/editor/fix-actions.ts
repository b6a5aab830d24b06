/**
 * Quick fixes from the kernel's diagnostics. A fix is a proposal, like a reviewer's suggestion:
 * the code action runs a command that opens the preview (`proposeFix`); it never edits the text.
 */
import * as monaco from 'monaco-editor/esm/vs/editor/edcore.main.js';
import type { Fix } from '../../kernel/diagnostics/diagnostic';
import { revealInline } from '../../kernel/util/visible-text';
import { format } from '../i18n/i18n';
import type { StudioStore } from '../store';
import { currentAnalysis } from './document-uri';
import { isKernelMarkerOwner } from './marker-data';
import { editorStrings } from './strings';

const PROPOSE_FIX_COMMAND = 'erdl.proposeFix';

export function registerFixActions(store: StudioStore): void {
  monaco.editor.registerCommand(
    PROPOSE_FIX_COMMAND,
    (_accessor, docId: string, code: string, fix: Fix) =>
      store.getState().proposeFix({ docId, code, fix }),
  );

  monaco.languages.registerCodeActionProvider('yaml', {
    provideCodeActions(model, range) {
      const current = currentAnalysis(store, model);
      const none = { actions: [], dispose() {} };
      if (!current) return none;
      const lang = store.getState().lang;
      const actions: monaco.languages.CodeAction[] = [];
      for (const d of current.entry.analysis.diagnostics) {
        if (!d.fix) continue;
        const touches =
          (d.end.line > range.startLineNumber ||
            (d.end.line === range.startLineNumber && d.end.column >= range.startColumn)) &&
          (d.start.line < range.endLineNumber ||
            (d.start.line === range.endLineNumber && d.start.column <= range.endColumn));
        if (!touches) continue;
        const title = revealInline(
          format(editorStrings[lang].fix.action, { title: d.fix.title[lang], code: d.code }),
        );
        actions.push({
          title,
          kind: 'quickfix',
          isPreferred: true,
          diagnostics: monaco.editor
            .getModelMarkers({ resource: model.uri })
            .filter(
              (m) =>
                isKernelMarkerOwner(m.owner) &&
                m.code === d.code &&
                m.startLineNumber === d.start.line &&
                m.startColumn === d.start.column,
            ),
          // A fix is a proposal: the command opens the preview, it never edits.
          command: { id: PROPOSE_FIX_COMMAND, title, arguments: [current.docId, d.code, d.fix] },
        });
      }
      return { actions, dispose() {} };
    },
  });
}
