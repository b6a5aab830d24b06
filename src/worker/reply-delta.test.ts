import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateDocument } from '../../bench/generate';
import { generateWideTable } from '../../bench/generate-wide-table';
import { KernelService } from './kernel-service';
import { deepEqual, diff, doneReply, patch, RecentValues } from './reply-delta';

const json = fc.jsonValue({ maxDepth: 4 });

/** A value and an edited copy: items replaced, inserted or removed, keys changed. */
const edited = json.chain((a) =>
  fc.tuple(fc.constant(a), fc.oneof(json, fc.constant(a).map(structuredClone), mutate(a))),
);

function mutate(value: unknown): fc.Arbitrary<unknown> {
  if (Array.isArray(value) && value.length > 0) {
    return fc
      .tuple(fc.nat({ max: value.length - 1 }), json, fc.constantFrom('set', 'insert', 'remove'))
      .map(([i, v, how]) => {
        const copy = structuredClone(value);
        if (how === 'set') copy[i] = v;
        else if (how === 'insert') copy.splice(i, 0, v);
        else copy.splice(i, 1);
        return copy;
      });
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const keys = Object.keys(value);
    return fc.tuple(fc.constantFrom('x', ...keys), json).map(([k, v]) => {
      const copy = structuredClone(value) as Record<string, unknown>;
      if (k in copy && v === null) delete copy[k];
      else copy[k] = v;
      return copy;
    });
  }
  return json;
}

describe('reply deltas', () => {
  it('patch(a, diff(a, b)) equals b, and a is left as it was (property)', () => {
    fc.assert(
      fc.property(edited, ([a, b]) => {
        const before = structuredClone(a);
        const rebuilt = patch(a, diff(a, b));
        expect(rebuilt).toEqual(b);
        expect(deepEqual(rebuilt, b)).toBe(true);
        expect(a).toEqual(before);
      }),
      { numRuns: 500, seed: 20261130 },
    );
  });

  it('keys named after Object.prototype members are ordinary keys (a fact may have them)', () => {
    const base = JSON.parse('{"a": 1, "__proto__": {"x": 1}, "toString": 1}');
    const next = JSON.parse('{"a": 1, "__proto__": {"x": 2}, "toString": 2, "constructor": 3}');
    // Through structured clone, as between the worker and the page.
    const rebuilt = patch(structuredClone(base), structuredClone(diff(base, next)));
    expect(Object.keys(rebuilt as object)).toEqual(Object.keys(next));
    expect(deepEqual(rebuilt, next)).toBe(true);
    expect(Object.getPrototypeOf(rebuilt)).toBe(Object.prototype);
    const added = patch({ a: 1 }, diff({ a: 1 }, JSON.parse('{"a": 1, "__proto__": 5}')));
    expect(Object.hasOwn(added as object, '__proto__')).toBe(true);
    expect(Object.keys(Object.prototype)).toEqual([]);
  });

  it('a delta carries only what changed, and unchanged parts keep their identity', () => {
    const rules = Array.from({ length: 100 }, (_, i) => ({ name: `R${i}`, hash: `h${i}` }));
    const base = { ok: true, rules, documentHash: 'd1' };
    const next = {
      ok: true,
      rules: rules.map((r, i) => (i === 50 ? { name: 'R50', hash: 'changed' } : { ...r })),
      documentHash: 'd2',
    };
    const delta = diff(base, next);
    expect(delta).toEqual({
      k: 'o',
      set: {
        rules: {
          k: 'i',
          pre: 50,
          suf: 49,
          items: [{ k: 'o', set: { hash: { k: 'v', v: 'changed' } }, del: [] }],
        },
        documentHash: { k: 'v', v: 'd2' },
      },
      del: [],
    });
    const rebuilt = patch(base, delta) as typeof next;
    expect(rebuilt.rules[0]).toBe(rules[0]);
    expect(rebuilt.rules[99]).toBe(rules[99]);
    expect(rebuilt).toEqual(next);
  });

  it('a one-character edit near the end of a long document sends a small fraction of the analysis', () => {
    const service = new KernelService(() => 0);
    const text = generateDocument(300);
    const at = text.indexOf('Generated rule 280 decided');
    expect(at).toBeGreaterThan(0);
    const request = (t: string) => ({ op: 'analyze' as const, doc: 'd', text: t, dictionary: '' });
    const before = service.analyze(request(text));
    const after = service.analyze(request(`${text.slice(0, at)}x${text.slice(at)}`));
    expect(after.ok).toBe(true);
    const whole = JSON.stringify(after).length;
    const delta = JSON.stringify(diff(before, after)).length;
    expect(patch(before, diff(before, after))).toEqual(after);
    expect(delta).toBeLessThan(whole / 4);
  });

  it('a cell edit in the first row of a long table sends the moved offsets, not every finding again', () => {
    const service = new KernelService(() => 0);
    const text = generateWideTable(120, 8, { defaultRow: true });
    const request = (t: string) => ({ op: 'analyze' as const, doc: 'd', text: t, dictionary: '' });
    const before = service.analyze(request(text));
    // The first row's `gte` cell, two characters longer: every finding below it moves.
    const edited = text.replace(/\[gte, ([0-9.]+)\]/, (_, v) => `[gte, ${v}00]`);
    expect(edited).not.toBe(text);
    const after = service.analyze(request(edited));
    expect(after.diagnostics.length).toBeGreaterThan(50);
    const moved = after.diagnostics.filter(
      (d, i) => d.range.start === before.diagnostics[i]!.range.start + 2,
    );
    expect(moved.length).toBeGreaterThan(after.diagnostics.length / 2);
    const delta = diff(before, after);
    expect(patch(before, delta)).toEqual(after);
    // Not every moved finding again, with its sentences in two languages: their offsets.
    expect(JSON.stringify(delta).length).toBeLessThan(JSON.stringify(after).length / 4);
  });

  it('the worker answers with a delta only from a base it still holds', () => {
    const sent = new RecentValues();
    expect(doneReply(sent, { id: 1, channel: 'c' }, { a: 1 })).toEqual({
      id: 1,
      status: 'done',
      value: { a: 1 },
    });
    expect(doneReply(sent, { id: 2, channel: 'c', base: 1 }, { a: 2 })).toEqual({
      id: 2,
      status: 'delta',
      base: 1,
      delta: { k: 'o', set: { a: { k: 'v', v: 2 } }, del: [] },
    });
    // Another channel's value, or one pushed out by newer ones, is no base.
    expect(doneReply(sent, { id: 3, channel: 'other', base: 2 }, { a: 3 }).status).toBe('done');
    for (let id = 4; id < 10; id++) doneReply(sent, { id, channel: 'c' }, { a: id });
    expect(doneReply(sent, { id: 10, channel: 'c', base: 1 }, { a: 10 }).status).toBe('done');
    expect(sent.newest('c')).toBe(10);
  });
});
