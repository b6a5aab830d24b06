/**
 * Every change of a document's text whose edits are known — a keystroke as Monaco reported it, a
 * grid edit as the kernel made it — as those edits, to whoever keeps a copy of the text in step:
 * the kernel clients' text sync (worker/text-sync.ts) and the editor's models (editor-session.ts).
 * So an edit is carried as it was made from where it was made, never found again by comparing
 * texts. A change without known edits is not announced; a listener that misses one finds that its
 * copy no longer matches `before` and falls back on comparing texts.
 */
import type { TextEdit } from '../../kernel/util/text-edit';

/** A change as its maker knows it: the text it edited and its edits (simultaneous, of `before`). */
export interface TextChange {
  readonly before: string;
  readonly edits: readonly TextEdit[];
}

export interface AnnouncedChange extends TextChange {
  readonly docId: string;
  readonly after: string;
}

type Listener = (change: AnnouncedChange) => void;
const listeners = new Set<Listener>();

/** Calls `listener` with every announced text change; returns the unsubscribe. */
export function onTextChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announceTextChange(change: AnnouncedChange): void {
  for (const listener of listeners) listener(change);
}

/** Where the first edit of a change starts (the text before it is unchanged). */
export function firstEditedOffset(edits: readonly TextEdit[]): number | undefined {
  let from: number | undefined;
  for (const e of edits) if (from === undefined || e.range.start < from) from = e.range.start;
  return from;
}
