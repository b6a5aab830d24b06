/**
 * Every bidi control and invisible character in a document is marked in the editor, with a hover
 * saying what it is in the UI language (issue #35, Trojan Source): a bidi control, which Monaco
 * draws as `[U+202E]`, is boxed; an invisible character, which it draws as nothing (or a box one
 * pixel wide), is written out before itself as `⟨U+200B⟩` (injected text, not in the model: the
 * cursor, the selection and the copied text are the document's own).
 *
 * Monaco's own Unicode highlighting (view-options.ts) boxes them too, but not inside a word of
 * letters that are not ASCII: `删除\u200B账户` or `账户\u00AD` in a Chinese message are left
 * alone there (its rule for words in other scripts), and so would a zero-width space in a Chinese
 * rule name be. These decorations use the kernel's own definition of a hidden character
 * (kernel/util/visible-text.ts), the one its diagnostics and every panel use.
 *
 * Cost: one scan of the text when a model is created (a regular-expression test first), then per
 * edit only the lines the edit wrote; a change of UI language rewrites the hovers.
 */
import * as monaco from 'monaco-editor/esm/vs/editor/edcore.main.js';
import { codePointLabel, findHidden, hasHidden } from '../../kernel/util/visible-text';
import { describeHiddenChar } from '../shell/hidden-char';
import type { StudioStore } from '../store';
import type { Lang } from '../store/types';
import { escapeMarkdown } from './hover-content';

/** Decorations for every hidden character on lines `from`..`to` of the model. */
function scan(
  model: monaco.editor.ITextModel,
  from: number,
  to: number,
  lang: Lang,
): monaco.editor.IModelDeltaDecoration[] {
  const out: monaco.editor.IModelDeltaDecoration[] = [];
  for (let line = from; line <= to; line++) {
    for (const h of findHidden(model.getLineContent(line))) {
      const hoverMessage = {
        value: escapeMarkdown(describeHiddenChar(h.codePoint, h.kind, lang)),
      };
      out.push({
        range: new monaco.Range(line, h.index + 1, line, h.index + h.length + 1),
        options:
          h.kind === 'bidi'
            ? // Drawn by Monaco as `[U+202E]` (renderControlCharacters): boxed.
              {
                className: 'erdl-hidden-char erdl-hidden-char-bidi',
                hoverMessage,
                stickiness: monaco.editor.TrackedRangeStickiness.NeverGrowsWhenTypingAtEdges,
              }
            : // Drawn as nothing (or a hair-thin box): written out before it, as the panels do.
              {
                before: {
                  content: codePointLabel(h.codePoint),
                  inlineClassName: 'erdl-hidden-char-label',
                },
                hoverMessage,
                stickiness: monaco.editor.TrackedRangeStickiness.NeverGrowsWhenTypingAtEdges,
              },
      });
    }
  }
  return out;
}

/** Marks the hidden characters of every model, now and to come, as the text and language change. */
export function markHiddenCharacters(store: StudioStore): void {
  const lang = () => store.getState().lang;
  /** Per model, the ids of its hidden-character decorations. */
  const marks = new WeakMap<monaco.editor.ITextModel, Set<string>>();
  const replace = (
    model: monaco.editor.ITextModel,
    old: string[],
    found: monaco.editor.IModelDeltaDecoration[],
  ) => {
    if (old.length === 0 && found.length === 0) return;
    const ids = marks.get(model) ?? new Set<string>();
    for (const id of old) ids.delete(id);
    const added = model.deltaDecorations(old, found);
    for (const id of added) ids.add(id);
    marks.set(model, ids);
  };
  const all = (model: monaco.editor.ITextModel) => {
    const old = [...(marks.get(model) ?? [])];
    const found = hasHidden(model.getValue()) ? scan(model, 1, model.getLineCount(), lang()) : [];
    replace(model, old, found);
  };
  const attach = (model: monaco.editor.ITextModel) => {
    all(model);
    const listener = model.onDidChangeContent((e) => {
      const change = e.changes[0];
      if (e.isFlush || e.changes.length !== 1 || !change) {
        all(model);
        return;
      }
      // One edit (typing, a paste, a minimal store edit): only the lines it wrote can change.
      const from = change.range.startLineNumber;
      let to = from;
      for (let i = change.text.indexOf('\n'); i !== -1; i = change.text.indexOf('\n', i + 1)) to++;
      to = Math.min(to, model.getLineCount());
      const ids = marks.get(model);
      const old = ids
        ? model
            .getLinesDecorations(from, to)
            .filter((d) => ids.has(d.id))
            .map((d) => d.id)
        : [];
      // Lines that held a mark are scanned again even when the edit wrote no hidden character: a
      // deleted character's (now empty) mark must go.
      const found = hasHidden(change.text) || old.length > 0 ? scan(model, from, to, lang()) : [];
      replace(model, old, found);
    });
    model.onWillDispose(() => listener.dispose());
  };
  monaco.editor.onDidCreateModel(attach);
  for (const model of monaco.editor.getModels()) attach(model);
  store.subscribe((now, before) => {
    if (now.lang === before.lang) return;
    for (const model of monaco.editor.getModels()) all(model);
  });
}
