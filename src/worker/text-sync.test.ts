import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyTextEdits, type TextEdit } from '../kernel/util/text-edit';
import { TextMirror, TextSender } from './text-sync';

const applyTextEdit = (t: string, e: TextEdit) => applyTextEdits(t, [e]) as string;

/** Characters that make offsets interesting: line breaks of both kinds, CJK, a surrogate pair. */
const char = fc.constantFrom('a', 'b', ' ', '\n', '\r', '\r\n', '退', '款', '😀', '"', ':');
const text = fc.array(char, { maxLength: 40 }).map((cs) => cs.join(''));

/** An edit as Monaco reports one: replace [start, end) of the text by `newText`. */
const editOf = (t: string) =>
  fc
    .tuple(fc.nat({ max: t.length }), fc.nat({ max: t.length }), text)
    .map(([a, b, newText]) => ({ range: { start: Math.min(a, b), end: Math.max(a, b) }, newText }));

/** A document and the texts typing turns it into: each one random edit of the one before. */
const history = text.chain((first) =>
  fc.array(fc.nat(), { maxLength: 25 }).chain((seeds) => {
    let arb: fc.Arbitrary<string[]> = fc.constant([first]);
    for (const _ of seeds) {
      arb = arb.chain((texts) =>
        editOf(texts.at(-1)!).map((e) => [...texts, applyTextEdit(texts.at(-1)!, e)]),
      );
    }
    return arb;
  }),
);

describe('text sync', () => {
  it("the worker's copy is the client's text after any edit sequence, or it asks for the whole", () => {
    fc.assert(
      fc.property(
        history,
        // Per message: delivered, lost (the worker never sees it), or the worker restarted before.
        fc.array(fc.constantFrom('deliver', 'deliver', 'deliver', 'lose', 'restart'), {
          minLength: 30,
          maxLength: 30,
        }),
        (texts, fates) => {
          const sender = new TextSender();
          let mirror = new TextMirror();
          texts.forEach((t, i) => {
            const fate = fates[i]!;
            const { sync, whole } = sender.next('analyze:d', t);
            if (fate === 'lose') return;
            if (fate === 'restart') {
              // The client learns of a replaced worker and starts every channel over.
              mirror = new TextMirror();
              sender.reset();
            }
            const posted = whole ? t : '';
            const received =
              fate === 'restart'
                ? mirror.receive('analyze:d', t, sender.next('analyze:d', t).sync)
                : mirror.receive('analyze:d', posted, sync);
            if (received === null) {
              // Resync: the client posts the whole text again, and then they agree.
              const again = sender.next('analyze:d', t, true);
              expect(again.whole).toBe(true);
              expect(mirror.receive('analyze:d', t, again.sync)).toBe(t);
            } else expect(received).toBe(t);
          });
        },
      ),
      { numRuns: 500 },
    );
  });

  it('refuses an edit of a version it does not hold, and keeps channels apart', () => {
    const sender = new TextSender();
    const mirror = new TextMirror();
    const first = sender.next('analyze:a', 'hello');
    expect(mirror.receive('analyze:a', 'hello', first.sync)).toBe('hello');
    const other = sender.next('analyze:b', 'other');
    expect(mirror.receive('analyze:b', 'other', other.sync)).toBe('other');
    const lost = sender.next('analyze:a', 'hello world');
    expect(lost.whole).toBe(false);
    // `lost` never arrives: the next edit is of a version the worker does not hold.
    const next = sender.next('analyze:a', 'hello world!');
    expect(mirror.receive('analyze:a', '', next.sync)).toBeNull();
    // Channel b is untouched.
    const b2 = sender.next('analyze:b', 'others');
    expect(mirror.receive('analyze:b', '', b2.sync)).toBe('others');
  });
});
