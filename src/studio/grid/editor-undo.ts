/**
 * Grid undo/redo is the editor's: grid edits land in the Monaco model's undo stack (the editor
 * applies outside text changes as edits), so the grid asks that model to undo. Monaco is loaded
 * lazily; when the editor has not loaded, there is nothing to undo yet.
 */
export async function editorHistory(docId: string, action: 'undo' | 'redo'): Promise<boolean> {
  const { monaco, uriForDocument } = await import('../editor/monaco-setup');
  const model = monaco.editor.getModel(uriForDocument(docId));
  if (!model) return false;
  if (action === 'undo') {
    if (!model.canUndo()) return false;
    await model.undo();
  } else {
    if (!model.canRedo()) return false;
    await model.redo();
  }
  return true;
}
