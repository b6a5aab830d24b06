/**
 * Field-path completion after `field:` and for bare operands inside `expr:`: paths from the field
 * dictionary, the document's sample fact and the analysis, with display names in the UI language.
 */
import * as monaco from 'monaco-editor/esm/vs/editor/edcore.main.js';
import type { StudioStore } from '../store';
import { documentIdOf } from './document-uri';
import { type FieldCandidate, fieldCandidates } from './field-paths';
import { editorStrings } from './strings';
import { enclosingKeys, exprOperandPrefix, fieldPathPrefix, readLine } from './yaml-context';

export function registerFieldCompletion(store: StudioStore): void {
  let cache: { key: unknown[]; candidates: FieldCandidate[] } | null = null;
  monaco.languages.registerCompletionItemProvider('yaml', {
    triggerCharacters: ['.', ' ', '"', "'"],
    provideCompletionItems(model, position) {
      const docId = documentIdOf(model.uri);
      const state = store.getState();
      const doc = docId ? state.documents[docId] : undefined;
      if (!docId || !doc) return { suggestions: [] };
      const line = model.getLineContent(position.lineNumber);
      const found =
        fieldPathPrefix(line.slice(0, position.column - 1)) ?? operandIn(model, position, line);
      if (!found) return { suggestions: [] };
      const fields = state.analyses[docId]?.analysis.fields ?? [];
      const key = [state.fieldDictionary, doc.fact, fields, state.lang];
      if (!cache || cache.key.some((v, i) => v !== key[i])) {
        cache = {
          key,
          candidates: fieldCandidates(
            { dictionary: state.fieldDictionary, fact: doc.fact, documentFields: fields },
            state.lang,
          ),
        };
      }
      const rest = /^[^\s"',{}[\]#]*/.exec(line.slice(position.column - 1))?.[0] ?? '';
      const range = new monaco.Range(
        position.lineNumber,
        found.start + 1,
        position.lineNumber,
        position.column + rest.length,
      );
      const t = editorStrings[state.lang].completion;
      const sourceLabel = {
        dictionary: t.fromDictionary,
        fact: t.fromFact,
        document: t.fromDocument,
      };
      const rank = { dictionary: '0', fact: '1', document: '2' };
      return {
        suggestions: cache.candidates.map((c) => ({
          label: { label: c.path, description: c.name ?? sourceLabel[c.source] },
          kind: monaco.languages.CompletionItemKind.Field,
          detail: c.name ? `${c.name} · ${sourceLabel[c.source]}` : sourceLabel[c.source],
          insertText: c.path,
          filterText: c.path,
          sortText: `${rank[c.source]}${c.path}`,
          range,
        })),
      };
    },
  });
}

/** A bare path typed as an operand, only inside an Expression (`expr:`). */
function operandIn(
  model: monaco.editor.ITextModel,
  position: monaco.Position,
  line: string,
): { prefix: string; start: number } | null {
  const found = exprOperandPrefix(line.slice(0, position.column - 1));
  if (!found) return null;
  if (readLine(line).key === 'expr') return found;
  const chain = enclosingKeys((i) => model.getLineContent(i + 1), position.lineNumber - 1);
  return chain.includes('expr') ? found : null;
}
