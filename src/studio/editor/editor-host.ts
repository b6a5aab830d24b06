import type { TextEdit } from '../../kernel/diagnostics/diagnostic';

/**
 * What the React side (the fix preview) may ask of the mounted editor, without importing Monaco
 * (which stays in its lazily loaded chunk).
 */
export interface EditorHost {
  /** The document's current text as the editor holds it, or null when it no longer exists. */
  currentText(docId: string): string | null;
  /** Applies the edits (offsets into `currentText`) as one undo step; false when they do not fit. */
  apply(docId: string, edits: readonly TextEdit[]): boolean;
  /** A read-only diff (original vs modified) in `container`; call the result to remove it. */
  mountDiff(
    container: HTMLElement,
    original: string,
    modified: string,
    labels: { readonly original: string; readonly modified: string },
  ): () => void;
  focus(): void;
  dispose(): void;
}
