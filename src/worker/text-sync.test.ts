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

/** Up to three non-overlapping edits of `t` (one Monaco change event, or one grid edit). */
const simultaneous = (t: string): fc.Arbitrary<TextEdit[]> =>
  fc
    .array(fc.tuple(fc.nat({ max: t.length }), fc.nat({ max: 3 }), text), { maxLength: 3 })
    .map((xs) => {
      const out: TextEdit[] = [];
      let at = 0;
      for (const [start, length, newText] of [...xs].sort((a, b) => a[0] - b[0])) {
        if (start < at) continue;
        const end = Math.min(t.length, start + length);
        out.push({ range: { start, end }, newText });
        at = end + 1;
      }
      return out;
    });

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

  it('reported edits reach the worker as they were made, and give what a whole-text resend gives', () => {
    // Each change of the text is reported with its edits (as the editor and the grid report
    // them) or not reported; posts come at random points between changes, and may be lost.
    const changes = text.chain((first) =>
      fc
        .array(fc.tuple(fc.boolean(), fc.constantFrom('post', 'wait', 'wait', 'lose')), {
          maxLength: 20,
        })
        .chain((plan) => {
          let arb: fc.Arbitrary<{ text: string; edits: TextEdit[] | null; after: string }[]> =
            fc.constant([]);
          for (const [reported] of plan) {
            arb = arb.chain((done) => {
              const from = done.at(-1)?.after ?? first;
              return simultaneous(from).map((edits) => [
                ...done,
                {
                  text: from,
                  edits: reported ? edits : null,
                  after: applyTextEdits(from, edits) as string,
                },
              ]);
            });
          }
          return fc.tuple(fc.constant(first), arb, fc.constant(plan.map(([, fate]) => fate)));
        }),
    );
    fc.assert(
      fc.property(changes, ([first, steps, fates]) => {
        const sender = new TextSender();
        const mirror = new TextMirror();
        const one = sender.next('analyze:d', first);
        expect(mirror.receive('analyze:d', first, one.sync)).toBe(first);
        let sinceLastPost: (readonly TextEdit[])[] | null = [];
        steps.forEach((step, i) => {
          if (step.edits) {
            sender.noteChange(step.text, step.edits, step.after);
            sinceLastPost?.push(step.edits);
          } else sinceLastPost = null;
          const fate = fates[i];
          if (fate === 'wait') return;
          const { sync, whole } = sender.next('analyze:d', step.after);
          expect(whole).toBe(false);
          if (!('base' in sync)) throw new Error('whole');
          // Never found again when every change since the last post was reported.
          if (sinceLastPost !== null) expect(sync.steps).toEqual(sinceLastPost);
          sinceLastPost = [];
          if (fate === 'lose') {
            // Lost: the next post names a base the worker does not hold and is refused; then whole.
            const after = sender.next('analyze:d', step.after);
            expect(mirror.receive('analyze:d', '', after.sync)).toBeNull();
            const again = sender.next('analyze:d', step.after, true);
            expect(mirror.receive('analyze:d', step.after, again.sync)).toBe(step.after);
            return;
          }
          expect(mirror.receive('analyze:d', '', sync)).toBe(step.after);
        });
      }),
      { numRuns: 500 },
    );
  });

  it('a step that does not give the text the client holds is refused by its length', () => {
    const sender = new TextSender();
    const mirror = new TextMirror();
    expect(mirror.receive('c', 'abc', sender.next('c', 'abc').sync)).toBe('abc');
    // A wrong report: the edits give "abXc", the text is "abcd".
    sender.noteChange('abc', [{ range: { start: 2, end: 2 }, newText: 'X' }], 'abcd!');
    const next = sender.next('c', 'abcd!');
    expect(mirror.receive('c', '', next.sync)).toBeNull();
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
