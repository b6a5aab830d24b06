/**
 * The kernel worker's copy of each document's text, kept by edits: the client posts a document's
 * whole text once, then only what changed since the text it last posted on that channel, each
 * under a version number. A 1,000-rule document is 0.55 MB; structured-cloning it into every
 * `analyze` request cost the main thread (and the worker) a copy per request, for an edit of a
 * few characters.
 *
 * The edits are the ones that made the text, never found again: the studio reports every change
 * it knows the edits of (an editor keystroke as Monaco reported it, a grid edit as the kernel
 * made it: `noteChange`), and the sender keeps, per channel, the steps from the text it posted
 * last; it posts them as they are. Only a change reported without its edits (an import, a whole
 * new text) is found by comparing the two texts (`diffText`). The store's text stays the one
 * source of truth: the worker applies the steps to its copy only when its copy is of exactly the
 * base version they name and the result has the length the client holds; otherwise it answers
 * `resync` and the client posts the whole text again. A worker that was replaced starts with no
 * copies (every first message is whole). So the worker analyzes exactly the text the client asked
 * about, or nothing.
 */
import { applyTextEdits, diffText, type TextEdit } from '../kernel/util/text-edit';

/** What rides along a request whose text is synced: the whole text, or edits of a version. */
export type TextSync =
  /** The request's `text` is whole; the worker keeps it as `version`. */
  | { readonly version: number }
  /**
   * The request's `text` is empty: the text is version `base` with each step applied in turn
   * (a step: simultaneous edits of the text before it), `length` UTF-16 units long.
   */
  | {
      readonly version: number;
      readonly base: number;
      readonly steps: readonly (readonly TextEdit[])[];
      readonly length: number;
    };

/** Steps kept per channel at most; past it the channel's next post compares texts instead. */
const MAX_STEPS = 256;

interface Posted {
  readonly version: number;
  readonly text: string;
  /** The steps from `text` to `to`, or null when a change came whose edits are not known. */
  steps: (readonly TextEdit[])[] | null;
  to: string;
}

export class TextSender {
  private readonly posted = new Map<string, Posted>();
  private nextVersion = 1;

  /**
   * A change of some document's text from `before` to `after` by `edits` (simultaneous edits of
   * `before`): every channel whose text has reached `before` goes on to `after` by them.
   */
  noteChange(before: string, edits: readonly TextEdit[], after: string): void {
    for (const p of this.posted.values()) {
      if (p.steps === null || p.to !== before) continue;
      if (p.steps.length >= MAX_STEPS) p.steps = null;
      else {
        p.steps.push(edits);
        p.to = after;
      }
    }
  }

  /**
   * What to post for `text` on `channel`: the steps from the text posted last (`whole: false`,
   * the request's text then goes empty), or the whole text when there is none or `whole` is asked.
   */
  next(channel: string, text: string, whole = false): { sync: TextSync; whole: boolean } {
    const version = this.nextVersion++;
    const last = this.posted.get(channel);
    this.posted.set(channel, { version, text, steps: [], to: text });
    if (!last || whole) return { sync: { version }, whole: true };
    const steps =
      last.steps !== null && last.to === text ? last.steps : [[diffText(last.text, text)]];
    return { sync: { version, base: last.version, steps, length: text.length }, whole: false };
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
   * The request's full text: `text` itself when whole, else the held base with the steps applied;
   * null when the base is not the version held or the steps do not give a text of the length the
   * client holds (the client must post the whole text).
   */
  receive(channel: string, text: string, sync: TextSync): string | null {
    let full: string;
    if ('base' in sync) {
      const held = this.held.get(channel);
      let edited: string | null = held && held.version === sync.base ? held.text : null;
      for (const step of sync.steps) {
        if (edited === null) break;
        edited = applyTextEdits(edited, step);
      }
      if (edited === null || edited.length !== sync.length) {
        this.held.delete(channel);
        return null;
      }
      full = edited;
    } else full = text;
    this.held.set(channel, { version: sync.version, text: full });
    return full;
  }
}
