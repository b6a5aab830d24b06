/**
 * The kernel worker's copy of each document's text, kept by edits: the client posts a document's
 * whole text once, then only what changed since the text it last posted on that channel (one
 * replacement: offsets and the new characters), each under a version number. A 1,000-rule
 * document is 0.55 MB; structured-cloning it into every `analyze` request cost the main thread
 * (and the worker) a copy per request, for an edit of a few characters.
 *
 * The store's text stays the one source of truth: the client computes the edit from the text it
 * posted last to the text it posts now, and the worker applies it to its copy only when its copy
 * is of exactly the base version the edit names; otherwise it answers `resync` and the client
 * posts the whole text again. A worker that was replaced starts with no copies (every first
 * message is whole). So the worker analyzes exactly the text the client asked about, or nothing.
 */
import { applyTextEdits, diffText, type TextEdit } from '../kernel/util/text-edit';

/** What rides along a request whose text is synced: the whole text, or an edit of a version. */
export type TextSync =
  /** The request's `text` is whole; the worker keeps it as `version`. */
  | { readonly version: number }
  /** The request's `text` is empty: the text is version `base` with `edit` applied. */
  | { readonly version: number; readonly base: number; readonly edit: TextEdit };

export class TextSender {
  private readonly posted = new Map<string, { version: number; text: string }>();
  private nextVersion = 1;

  /**
   * What to post for `text` on `channel`: the edit from the text posted last (`whole: false`,
   * the request's text then goes empty), or the whole text when there is none or `whole` is asked.
   */
  next(channel: string, text: string, whole = false): { sync: TextSync; whole: boolean } {
    const version = this.nextVersion++;
    const last = this.posted.get(channel);
    this.posted.set(channel, { version, text });
    if (!last || whole) return { sync: { version }, whole: true };
    return { sync: { version, base: last.version, edit: diffText(last.text, text) }, whole: false };
  }

  /** A new worker holds no copies: the next text on every channel goes whole. */
  reset(): void {
    this.posted.clear();
  }
}

/** The worker's side: per channel, the version and text it holds. */
export class TextMirror {
  private readonly held = new Map<string, { version: number; text: string }>();

  /**
   * The request's full text: `text` itself when whole, else the held base with the edit applied;
   * null when the edit's base is not the version held (the client must post the whole text).
   */
  receive(channel: string, text: string, sync: TextSync): string | null {
    let full: string;
    if ('base' in sync) {
      const held = this.held.get(channel);
      const edited =
        held && held.version === sync.base ? applyTextEdits(held.text, [sync.edit]) : null;
      if (edited === null) {
        this.held.delete(channel);
        return null;
      }
      full = edited;
    } else full = text;
    this.held.set(channel, { version: sync.version, text: full });
    return full;
  }
}
