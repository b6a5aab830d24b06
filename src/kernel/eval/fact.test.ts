// The fact as the input contract (§7.0.1) and as hashed: JSON data, NFC strings and keys (E10),
// bounded nesting, finite numbers.
import { describe, expect, it } from 'vitest';
import { checkFactShape, MAX_FACT_DEPTH, prepareFact, prepareFactBilingual } from './fact';
import { Rational } from './values';

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function nested(depth: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
}

describe('prepareFact', () => {
  it('returns ASCII-only data as is, without copying', () => {
    const fact = { tool: { name: 'shell', args: { n: 1, ok: true, none: null, list: [1, 'a'] } } };
    const r = prepareFact(fact);
    expect(r).toEqual({ ok: true, fact });
    expect(r.ok && r.fact).toBe(fact);
  });

  it('NFC-normalizes string values and keys (E10), copying only what changed', () => {
    const untouched = { x: 1 };
    const input = { 'cafe\u0301': 'e\u0301', list: ['Montre\u0301al'], untouched };
    const r = prepareFact(input);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const fact = r.fact as Record<string, unknown>;
    expect(Object.keys(fact)).toEqual(['café', 'list', 'untouched']);
    expect(fact.café).toBe('é');
    expect(fact.list).toEqual(['Montréal']);
    expect(fact.untouched).toBe(untouched);
    expect(input['cafe\u0301']).toBe('e\u0301'); // the caller's object is not changed
  });

  it('refuses two keys that are one key after NFC', () => {
    expect(prepareFact({ ctx: { café: 1, 'cafe\u0301': 2 } })).toEqual({
      ok: false,
      path: 'ctx.café',
      problem: 'two keys are equal after NFC',
    });
  });

  it('refuses text with an unpaired surrogate, in values and keys (as ERDL-E013 at load)', () => {
    expect(prepareFact({ a: ['ok', 'x\uD800'] })).toEqual({
      ok: false,
      path: 'a[1]',
      problem: 'text with an unpaired UTF-16 surrogate',
    });
    expect(prepareFact({ '\uDC00': 1 }).ok).toBe(false);
    expect(prepareFact({ a: '\u{1F600}' })).toEqual({ ok: true, fact: { a: '\u{1F600}' } });
  });

  it('treats a property holding undefined as absent, as JSON does', () => {
    expect(prepareFact({ a: 1, b: undefined, c: 'x' })).toEqual({
      ok: true,
      fact: { a: 1, c: 'x' },
    });
    expect(prepareFact([undefined]).ok).toBe(false);
  });

  it('keeps "__proto__" as an ordinary key', () => {
    const input = JSON.parse('{"__proto__": {"polluted": true}, "é": "e\\u0301"}');
    const r = prepareFact(input);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const fact = r.fact as Record<string, unknown>;
    expect(Object.keys(fact)).toEqual(['__proto__', 'é']);
    expect(Object.getPrototypeOf(fact)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it(`accepts nesting up to ${MAX_FACT_DEPTH} levels and refuses deeper`, () => {
    expect(prepareFact(nested(MAX_FACT_DEPTH)).ok).toBe(true);
    const r = prepareFact(nested(MAX_FACT_DEPTH + 1));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problem).toBe(`nesting deeper than ${MAX_FACT_DEPTH} levels`);
    expect(r.path.split('.')).toHaveLength(MAX_FACT_DEPTH);
  });

  it('terminates on a cyclic object (the depth limit stops it)', () => {
    const cyclic: Record<string, unknown> = { name: 'x' };
    cyclic.self = cyclic;
    const r = prepareFact({ context: cyclic });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problem).toMatch(/nesting deeper/);
  });

  it.each([
    [{ a: Number.NaN }, 'a', 'NaN is not a finite number'],
    [{ a: [1, Number.POSITIVE_INFINITY] }, 'a[1]', 'Infinity is not a finite number'],
    [{ a: -Number.POSITIVE_INFINITY }, 'a', '-Infinity is not a finite number'],
    [{ a: new Date(0) }, 'a', 'a object is not fact data'],
    [{ a: new Map() }, 'a', 'a object is not fact data'],
    [{ a: () => 1 }, 'a', 'a function is not fact data'],
    [{ a: 1n }, 'a', 'a bigint is not fact data'],
    [{ a: Symbol('s') }, 'a', 'a symbol is not fact data'],
    [
      undefined,
      '',
      'the fact is nothing, not a mapping of fields (a fact is a mapping such as {"tool": {"name": "…"}}; {} is a fact with no fields)',
    ],
  ])('refuses %s at %j', (input, path, problem) => {
    expect(prepareFact(input)).toEqual({ ok: false, path, problem });
  });

  it('accepts null-prototype objects and the empty mapping at the root', () => {
    const o = Object.create(null) as Record<string, unknown>;
    o.a = 1;
    expect(prepareFact(o).ok).toBe(true);
    expect(prepareFact({})).toEqual({ ok: true, fact: {} });
  });

  // Issue #35 §1: a fact that is not a mapping was evaluated as a fact with no fields (the
  // fallback decision, ALLOW on the quick start); it is refused, never given a decision.
  it.each([
    [null, 'null'],
    [[1, 2], 'a list'],
    [[], 'a list'],
    [42, 'the number 42'],
    ['x', 'the text "x"'],
    ['e\u0301', 'the text "e\u0301"'],
    [true, 'the boolean true'],
    [Rational.fromInteger(7), 'the number 7'],
  ])('refuses the non-mapping %j at the root', (input, what) => {
    const r = prepareFact(input);
    expect(r).toMatchObject({ ok: false, path: '' });
    if (!r.ok)
      expect(r.problem).toMatch(new RegExp(`^the fact is ${escapeRe(what)}, not a mapping`));
    const bilingual = prepareFactBilingual(input);
    expect(bilingual.ok).toBe(false);
    if (!bilingual.ok) expect(bilingual.problem.zh).toMatch(/^事实应为字段映射/);
  });

  it("keeps exact numbers (Rationals read from a fact's text) as they are", () => {
    const big = Rational.written(9007199254740993n, 1n, '9007199254740993');
    const r = prepareFact({ a: big, list: [big, 1] });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const fact = r.fact as { a: unknown; list: unknown[] };
    expect(fact.a).toBe(big);
    expect(fact.list[0]).toBe(big);
  });

  it('reports an object whose getter throws instead of throwing', () => {
    const hostile = {
      get a(): number {
        throw new Error('boom');
      },
    };
    expect(prepareFact(hostile)).toEqual({ ok: false, path: '', problem: 'unreadable: boom' });
  });
});

describe('checkFactShape', () => {
  it('is null for a mapping, a reason in both languages for anything else', () => {
    expect(checkFactShape({})).toBeNull();
    expect(checkFactShape({ tool: { name: 'x' } })).toBeNull();
    expect(checkFactShape(Object.create(null))).toBeNull();
    expect(checkFactShape([{}])).toEqual({
      en: 'the fact is a list, not a mapping of fields (a fact is a mapping such as {"tool": {"name": "…"}}; {} is a fact with no fields)',
      zh: '事实应为字段映射（例如 {"tool": {"name": "…"}}；{} 是没有字段的事实），而不是列表',
    });
    expect(checkFactShape(new Map())?.en).toMatch(/^the fact is an object/);
    expect(checkFactShape('x'.repeat(100))?.en).toContain(`"${'x'.repeat(39)}…"`);
  });
});
